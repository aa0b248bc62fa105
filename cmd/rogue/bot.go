package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

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
	opts := journal.Options{Wizard: *wizard, SyncEvery: *syncEvery}
	if *games > 1 {
		if *out == "-" {
			return usageError("--out - is one journal: with --games, --out names a directory")
		}
		return runBotGames(*seed, *games, *turns, opts, *out, stdout, stderr)
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
	g, snapErr, err := game.RecordBot(*out, game.NewHeader(*seed, "bot", opts), content.Default(), *turns, nil)
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

// botResult is how one game of many ended.
type botResult struct {
	seed  uint64
	turns int
	depth int
	death string // "" when alive
	err   error
	ended bool // the game was played (not skipped after another failed)
}

// runBotGames plays games bot games (seeds first, first+1, ...) in
// parallel, one journal each in dir, and prints their totals. The totals
// are ordered by seed, so they are the same however the games were
// scheduled; only the time and the rate vary.
func runBotGames(first uint64, games, turns int, opts journal.Options, dir string, stdout, stderr io.Writer) error {
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
	workers := min(runtime.NumCPU(), games)
	results := make([]botResult, games)
	var done, played atomic.Int64
	var failed atomic.Bool
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				seed := first + uint64(i)
				res := botResult{seed: seed}
				path := filepath.Join(dir, fmt.Sprintf("seed-%d.rogue", seed))
				g, snapErr, err := game.RecordBot(path, game.NewHeader(seed, "bot", opts), content.Default(), turns,
					func(*reducer.State) { played.Add(1) })
				if err == nil {
					err = snapErr
				}
				if g != nil {
					res.turns, res.depth = g.State.Turn, g.State.Depth
					if g.State.Over {
						res.death = reducer.DeathCause(g.State)
					}
				}
				if err != nil {
					res.err = fmt.Errorf("seed %d: %w", seed, err)
					failed.Store(true)
				}
				res.ended = true
				results[i] = res
				done.Add(1)
			}
		}()
	}
	start := time.Now()
	progress := newProgress(stderr, games)
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
	for i := range games {
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
	printBotTotals(stdout, dir, results, elapsed, workers)
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

// printBotTotals prints what many games came to: counts, the rate, deaths
// by cause, the deepest depth and how deep the games ended.
func printBotTotals(w io.Writer, dir string, results []botResult, elapsed time.Duration, workers int) {
	results = slices.DeleteFunc(slices.Clone(results), func(r botResult) bool { return !r.ended })
	total, dead := 0, 0
	deaths := map[string]int{}
	depths := map[int]int{}
	deepest := botResult{}
	for _, r := range results {
		total += r.turns
		depths[r.depth]++
		if r.death != "" {
			dead++
			deaths[r.death]++
		}
		if r.depth > deepest.depth {
			deepest = r
		}
	}
	fmt.Fprintf(w, "games:    %d (%d died, %d alive), journals in %s\n", len(results), dead, len(results)-dead, dir)
	fmt.Fprintf(w, "turns:    %d, %.0f turns a second on %d cores (%s)\n", total, float64(total)/elapsed.Seconds(), workers, elapsed.Round(time.Millisecond))
	if len(results) > 0 {
		fmt.Fprintf(w, "deepest:  depth %d (seed %d, turn %d)\n", deepest.depth, deepest.seed, deepest.turns)
	}
	if dead > 0 {
		fmt.Fprintf(w, "deaths:\n")
		causes := make([]string, 0, len(deaths))
		for c := range deaths {
			causes = append(causes, c)
		}
		slices.SortFunc(causes, func(a, b string) int {
			if deaths[a] != deaths[b] {
				return deaths[b] - deaths[a]
			}
			return strings.Compare(a, b)
		})
		for _, c := range causes {
			fmt.Fprintf(w, "  %5d  %s\n", deaths[c], c)
		}
	}
	if len(depths) > 0 {
		fmt.Fprintf(w, "depth reached:\n")
		levels := make([]int, 0, len(depths))
		most := 0
		for d, n := range depths {
			levels = append(levels, d)
			most = max(most, n)
		}
		slices.Sort(levels)
		for _, d := range levels {
			bar := strings.Repeat("#", max(1, depths[d]*40/most))
			fmt.Fprintf(w, "  %3d  %5d  %s\n", d, depths[d], bar)
		}
	}
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
