package botgames

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

	"rogue/bot"
	"rogue/bot/balance"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Games is how many games are to be played: seeds First, First+1, ...,
// each by the built-in player named Player (NewPlayer; "" is the strong
// one) for at most Turns turns, under Rules, into journals written with
// Opts.
type Games struct {
	First        uint64
	Games, Turns int
	Rules        int
	Player       string
	Opts         journal.Options
}

// Report is the header of the run's balance report: its rules, cap and
// player, and the depth of the rules' goal (none in wizard mode, which
// has no goal).
func (run Games) Report() balance.Run {
	goal := 0
	if t, err := content.ForRules(run.Rules); err == nil && !run.Opts.Wizard && t.Rules.GoalItem != nil {
		goal = t.Rules.GoalDepth
	}
	return balance.Run{Rules: run.Rules, Turns: run.Turns, Player: run.player(), Goal: goal}
}

// player is the name of the run's player.
func (run Games) player() string {
	if run.Player == "" {
		return bot.StrongName
	}
	return run.Player
}

// botResult is how one game of many ended.
type botResult struct {
	game  balance.Game
	err   error
	ended bool // the game was played (not skipped after another failed)
}

// Run plays the games in parallel, one journal each in dir (a new
// temporary one when dir is ""), and prints their totals and the balance
// report; the progress goes to stderr, as a bar when terminal says it is
// a terminal. Each game's outcome is
// read back from its journal and kept by its seed, so the output is the
// same however the games were scheduled; only the time and the rate vary.
func Run(run Games, dir string, stdout, stderr io.Writer, terminal bool) error {
	if dir == "" {
		d, err := os.MkdirTemp("", "rogue-bot-")
		if err != nil {
			return fmt.Errorf("cannot make a directory for the journals: %v", err)
		}
		dir = d
		fmt.Fprintf(stderr, "rogue bot: the journals go to %s\n", dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot make the directory %s: %v", dir, err)
	}
	workers := min(runtime.NumCPU(), run.Games)
	results := make([]botResult, run.Games)
	var done, played atomic.Int64
	var failed atomic.Bool
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				seed := run.First + uint64(i)
				res := botResult{ended: true}
				res.game, res.err = PlayGame(seed, run, filepath.Join(dir, fmt.Sprintf("seed-%d.rogue", seed)),
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
	progress := newProgress(stderr, run.Games, terminal)
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
	for i := range run.Games {
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

// PlayGame plays one game of many into path, then reads its outcome
// back from the journal: what the balance report counts is what was
// recorded. each is called after every turn played.
func PlayGame(seed uint64, run Games, path string, each func(*reducer.State)) (balance.Game, error) {
	h, err := game.NewHeaderRules(seed, "bot", run.Opts, run.Rules)
	if err != nil {
		return balance.Game{}, err
	}
	p, err := NewPlayer(run.player())
	if err != nil {
		return balance.Game{}, err
	}
	_, snapErr, err := game.RecordPlayer(path, h, content.Default(), p, run.Turns, each)
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
	s, tail, err := game.Fold(r, content.Default(), -1, func(s *reducer.State, t *events.Turn) error {
		w.Turn(s, t)
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
func printBotTotals(w io.Writer, dir string, run Games, results []botResult, elapsed time.Duration, workers int) {
	var games []balance.Game
	total, dead, won := 0, 0, 0
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
		if g.Won {
			won++
		}
		if g.Depth > deepest.Depth {
			deepest = g
		}
	}
	fmt.Fprintf(w, "games:    %d (%d died, %d won, %d at the cap), journals in %s\n", len(games), dead, won, len(games)-dead-won, dir)
	fmt.Fprintf(w, "turns:    %d, %.0f turns a second on %d cores (%s)\n", total, float64(total)/elapsed.Seconds(), workers, elapsed.Round(time.Millisecond))
	if len(games) > 0 {
		fmt.Fprintf(w, "deepest:  depth %d (seed %d, %d turns)\n", deepest.Depth, deepest.Seed, deepest.Turns)
	}
	fmt.Fprintf(w, "\n%s", balance.Report(run.Report(), games))
}

// progress shows how far many games have got: a bar redrawn in place on
// a terminal, else a line now and then.
type progress struct {
	w        io.Writer
	games    int
	terminal bool
	lastLine time.Duration
}

func newProgress(w io.Writer, games int, terminal bool) *progress {
	return &progress{w: w, games: games, terminal: terminal}
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
