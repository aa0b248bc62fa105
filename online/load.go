package online

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"rogue/internal/cli"
)

// BotFlags are the flags of `rogue bot --online`: built-in players on a
// server, and spectators watching them, for load and for tests.
type BotFlags struct {
	URL      string
	Pace     float64
	Watchers int
	Seconds  float64
	JSON     bool
}

// AddBotFlags adds rogue bot's flags for playing online to fs.
func AddBotFlags(fs *flag.FlagSet) *BotFlags {
	f := &BotFlags{}
	fs.StringVar(&f.URL, "online", "", "play --games new games at once on the server at `URL` (rogue host), signed in as rogue login left it")
	fs.Float64Var(&f.Pace, "pace", 0, "with --online, each game's `TURNS_PER_S` (0: as fast as the server answers)")
	fs.IntVar(&f.Watchers, "watchers", 0, "with --online, this many spectators, spread over the games, each timing the turns it sees")
	fs.Float64Var(&f.Seconds, "seconds", 0, "with --online, measure for `S` seconds once every game and spectator is connected, then stop (0: until Ctrl-C)")
	fs.BoolVar(&f.JSON, "json", false, "with --online, print the figures as one line of JSON")
	return f
}

// Run is `rogue bot --online URL`: games built-in players play on the
// server at once, watched by f.Watchers spectators, until f.Seconds have
// been measured or Ctrl-C; then the figures (progress goes to stderr).
func (f *BotFlags) Run(games, turns int, stdout, stderr io.Writer) error {
	if games < 1 || f.Pace < 0 || f.Watchers < 0 || f.Seconds < 0 {
		return cli.UsageError("--games must be at least 1, and --pace, --watchers and --seconds at least 0")
	}
	_, tok, err := Token(f.URL)
	if err != nil {
		return cli.Fail(1, "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	began := time.Now()
	r, err := Load(ctx, f.URL, tok, LoadConfig{Games: games, Pace: f.Pace, Turns: turns, Watchers: f.Watchers,
		For: time.Duration(f.Seconds * float64(time.Second)),
		Progress: func(phase string) {
			fmt.Fprintf(stderr, "rogue bot: %s (%.1f s)\n", phase, time.Since(began).Seconds())
		}})
	if f.JSON {
		b, _ := json.Marshal(r)
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		r.Print(f.URL, stdout)
	}
	if err != nil {
		return cli.Fail(1, "%s: %v", f.URL, err)
	}
	return nil
}

// Print writes the figures in a few lines.
func (r LoadResult) Print(url string, w io.Writer) {
	rate := 0.0
	if r.Seconds > 0 {
		rate = float64(r.Command.Count) / r.Seconds
	}
	fmt.Fprintf(w, "%d games on %s (%d over), %d spectators (%d let go); %.1f s measured: %d turns (%.0f a second)\n",
		r.Games, url, r.Over, r.Watchers, r.Dropped, r.Seconds, r.Command.Count, rate)
	line := func(what string, l Latency) {
		fmt.Fprintf(w, "%-24s p50 %6.1f ms  p95 %6.1f ms  p99 %6.1f ms  max %6.1f ms  (%d)\n", what, l.P50, l.P95, l.P99, l.Max, l.Count)
	}
	line("command to turn:", r.Command)
	if r.Watchers > 0 {
		line("a spectator sees it:", r.Spectator)
	}
}
