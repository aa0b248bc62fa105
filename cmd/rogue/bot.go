package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rogue/bot/balance"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

func runBot(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bot")
	seed := fs.Uint64("seed", 1, "the game's seed (with --games: the first game's; the others take the next seeds)")
	turns := fs.Int("turns", 1000, "stop each game after this many turns (or at death)")
	games := fs.Int("games", 1, "play this many games in parallel on every core, each into its own journal in --out DIR")
	out := fs.String("out", "", "the journal file to write (must not exist; - for the standard output); with --games, the directory for the journals (a new temporary one when not given)")
	wizard := fs.Bool("wizard", false, "wizard mode, recorded in the journal: the player cannot die")
	syncEvery := fs.Int("sync-every", 256, "fsync the journal every N turns (1: every turn, as a person's game does)")
	rules := fs.Int("rules", events.RulesVersion, "play under this rules version (1 to the newest), recorded in the journal")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q", pos[0])
	}
	if *games < 1 {
		return usageError("--games must be at least 1, got %d", *games)
	}
	if *out == "" && *games == 1 {
		return usageError("--out FILE is required: the journal to write")
	}
	if *turns < 1 {
		return usageError("--turns must be at least 1, got %d", *turns)
	}
	if *syncEvery < 1 {
		return usageError("--sync-every must be at least 1, got %d", *syncEvery)
	}
	if _, err := content.ForRules(*rules); err != nil {
		return usageError("--rules: %v", err)
	}
	opts := journal.Options{Wizard: *wizard, SyncEvery: *syncEvery}
	if *games > 1 {
		if *out == "-" {
			return usageError("--out - is one journal: with --games, --out names a directory")
		}
		return runBotGames(botGames{first: *seed, games: *games, turns: *turns, rules: *rules, opts: opts}, *out, stdout, stderr)
	}
	h, err := game.NewHeaderRules(*seed, "bot", opts, *rules)
	if err != nil {
		return usageError("--rules: %v", err)
	}
	// --out -: the journal is written to a temporary file, then to stdout,
	// and what the bot says goes to stderr.
	shown, report, toStdout := *out, stdout, func(io.Writer, bool) error { return nil }
	if *out == "-" {
		if *out, toStdout, err = stdoutFile("bot.rogue"); err != nil {
			return err
		}
		shown, report = "the standard output", stderr
	}
	g, snapErr, err := game.RecordBot(*out, h, content.Default(), *turns, nil)
	if err != nil {
		toStdout(nil, false)
		return err
	}
	if snapErr != nil && shown == *out {
		fmt.Fprintf(stderr, "rogue bot: note: %v\n", snapErr)
	}
	s := g.State
	fmt.Fprintf(report, "%s\n", summaryLine(s))
	fmt.Fprintf(report, "journal: %s (%d turns)\n", shown, s.Turn)
	fmt.Fprintf(report, "digest: %s\n", s.Digest())
	return toStdout(stdout, true)
}

// botGames is how many games are to be played: seeds first, first+1, ...,
// each for at most turns turns, under rules.
type botGames struct {
	first        uint64
	games, turns int
	rules        int
	opts         journal.Options
}

// botResult is how one game of many ended.
type botResult struct {
	game  balance.Game
	err   error
	ended bool // the game was played (not skipped after another failed)
}

// runBotGames plays the games in parallel, one journal each in dir, and
// prints their totals and the balance report. Each game's outcome is
// read back from its journal and kept by its seed, so the output is the
// same however the games were scheduled; only the time and the rate vary.
func runBotGames(run botGames, dir string, stdout, stderr io.Writer) error {
	if dir == "" {
		d, err := os.MkdirTemp("", "rogue-bot-")
		if err != nil {
			return fail(1, "cannot make a directory for the journals: %v", err)
		}
		dir = d
		fmt.Fprintf(stderr, "rogue bot: the journals go to %s\n", dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(1, "cannot make the directory %s: %v", dir, err)
	}
	workers := min(runtime.NumCPU(), run.games)
	results := make([]botResult, run.games)
	var done, played atomic.Int64
	var failed atomic.Bool
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				seed := run.first + uint64(i)
				res := botResult{ended: true}
				res.game, res.err = playBotGame(seed, run, filepath.Join(dir, fmt.Sprintf("seed-%d.rogue", seed)),
					func(*reducer.State) { played.Add(1) })
				if res.err != nil {
					res.err = fmt.Errorf("seed %d: %w", seed, res.err)
					failed.Store(true)
				}
				results[i] = res
				done.Add(1)
			}
		}()
	}
	start := time.Now()
	progress := newProgress(stderr, run.games)
	stop := make(chan struct{})
	ticked := make(chan struct{})
	go func() {
		defer close(ticked)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				progress.show(int(done.Load()), played.Load(), time.Since(start))
			}
		}
	}()
	for i := range run.games {
		if failed.Load() {
			break // no new games once one failed (a full disk fails them all)
		}
		next <- i
	}
	close(next)
	wg.Wait()
	close(stop)
	<-ticked
	elapsed := time.Since(start)
	progress.finish(int(done.Load()), played.Load(), elapsed)
	printBotTotals(stdout, dir, run, results, elapsed, workers)
	var errs []error
	for _, r := range results {
		if r.err != nil {
			errs = append(errs, r.err)
		}
	}
	if len(errs) > 0 {
		for _, err := range errs[1:] {
			fmt.Fprintf(stderr, "rogue bot: %v\n", err)
		}
		return errs[0]
	}
	return nil
}

// playBotGame plays one game of many into path, then reads its outcome
// back from the journal: what the balance report counts is what was
// recorded. each is called after every turn played.
func playBotGame(seed uint64, run botGames, path string, each func(*reducer.State)) (balance.Game, error) {
	h, err := game.NewHeaderRules(seed, "bot", run.opts, run.rules)
	if err != nil {
		return balance.Game{}, err
	}
	_, snapErr, err := game.RecordBot(path, h, content.Default(), run.turns, each)
	if err == nil {
		err = snapErr
	}
	if err != nil {
		return balance.Game{}, err
	}
	r, err := journal.Open(path)
	if err != nil {
		return balance.Game{}, err
	}
	defer r.Close()
	w := balance.NewWatcher()
	s, tail, err := game.Fold(r, content.Default(), -1, func(_ *reducer.State, t *events.Turn) error {
		w.Turn(t)
		return nil
	})
	if err == nil && tail != nil {
		err = tail
	}
	if err != nil {
		return balance.Game{}, fmt.Errorf("reading back %s: %w", path, err)
	}
	return w.Game(seed, s), nil
}

// printBotTotals prints what many games came to: counts, the rate, the
// deepest game, then the balance report.
func printBotTotals(w io.Writer, dir string, run botGames, results []botResult, elapsed time.Duration, workers int) {
	var games []balance.Game
	total, dead := 0, 0
	var deepest balance.Game
	for _, r := range results {
		if !r.ended || r.err != nil {
			continue
		}
		g := r.game
		games = append(games, g)
		total += g.Turns
		if g.Died {
			dead++
		}
		if g.Depth > deepest.Depth {
			deepest = g
		}
	}
	fmt.Fprintf(w, "games:    %d (%d died, %d alive), journals in %s\n", len(games), dead, len(games)-dead, dir)
	fmt.Fprintf(w, "turns:    %d, %.0f turns a second on %d cores (%s)\n", total, float64(total)/elapsed.Seconds(), workers, elapsed.Round(time.Millisecond))
	if len(games) > 0 {
		fmt.Fprintf(w, "deepest:  depth %d (seed %d, turn %d)\n", deepest.Depth, deepest.Seed, deepest.Turns)
	}
	fmt.Fprintf(w, "\n%s", balance.Report(balance.Run{Rules: run.rules, Turns: run.turns}, games))
}

// progress shows how far many games have got: a bar redrawn in place on
// a terminal, else a line now and then.
type progress struct {
	w        io.Writer
	games    int
	terminal bool
	lastLine time.Duration
}

func newProgress(w io.Writer, games int) *progress {
	return &progress{w: w, games: games, terminal: isTerminal(w)}
}

func (p *progress) line(done int, turns int64, elapsed time.Duration) string {
	rate := float64(turns) / max(elapsed.Seconds(), 1e-9)
	return fmt.Sprintf("%d/%d games, %d turns, %.0f turns a second", done, p.games, turns, rate)
}

func (p *progress) show(done int, turns int64, elapsed time.Duration) {
	if p.terminal {
		const width = 30
		filled := done * width / p.games
		fmt.Fprintf(p.w, "\r[%s%s] %s\x1b[K", strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.line(done, turns, elapsed))
		return
	}
	if elapsed-p.lastLine >= 10*time.Second {
		p.lastLine = elapsed
		fmt.Fprintf(p.w, "rogue bot: %s\n", p.line(done, turns, elapsed))
	}
}

func (p *progress) finish(done int, turns int64, elapsed time.Duration) {
	if p.terminal {
		p.show(done, turns, elapsed)
		fmt.Fprintln(p.w)
	}
}
