package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

var (
	makeCorpus = flag.Bool("make", false, "write the golden journal corpus into testdata/ (it is committed; this is how it was made)")
	makeRules  = flag.Int("rules", 0, "with -make, write only the journals of this rules version (the others stay as they were recorded)")
)

// want is one journal of the corpus: the first bot game (by seed) whose
// journal satisfies the test, cut a few turns after the turn where it first
// does (a game that ends there ends there).
type want struct {
	name  string
	rules int // the rules version it is played under
	wiz   bool
	turns int
	test  func(t events.Turn, g *game.Game) bool
	after int // turns kept after the first turn that satisfies test
	// finish, if set, plays the game on after the test first holds.
	finish func(tb testing.TB, g *game.Game)
}

func hasFact(t events.Turn, code events.FactCode) bool {
	for _, f := range t.Facts {
		if f.Code() == code {
			return true
		}
	}
	return false
}

func died(cause events.Cause) func(events.Turn, *game.Game) bool {
	return func(t events.Turn, g *game.Game) bool { return g.State.Over && g.State.Death.Cause == cause }
}

func corpus() []want {
	return append(corpus1(), corpus2()...)
}

// corpus2 are the rules-2 journals, named r2-*.
func corpus2() []want {
	return []want{
		{name: "r2-short", rules: 2, turns: 60, test: func(t events.Turn, g *game.Game) bool { return g.State.Turn == 60 }},
		{name: "r2-searched", rules: 2, turns: 3000, test: func(t events.Turn, _ *game.Game) bool { return hasFact(t, events.CodeLostSight) }, after: 12},
		{name: "r2-levelled-up", rules: 2, turns: 3000, test: func(t events.Turn, _ *game.Game) bool { return hasFact(t, events.CodeSkillRaised) }, after: 15},
		{name: "r2-slain", rules: 2, turns: 5000, test: died(events.CauseMelee)},
	}
}

// corpus1 are the rules-1 journals, recorded when rules 1 were the newest.
func corpus1() []want {
	return []want{
		{rules: 1, name: "short", turns: 40, test: func(t events.Turn, g *game.Game) bool { return g.State.Turn == 40 }},
		{rules: 1, name: "slain", turns: 3000, test: died(events.CauseMelee)},
		{rules: 1, name: "starved", turns: 3000, test: died(events.CauseStarvation)},
		{rules: 1, name: "levelled-up", turns: 3000, test: func(t events.Turn, _ *game.Game) bool { return hasFact(t, events.CodeLevelledUp) }, after: 15},
		{rules: 1, name: "confused", turns: 3000, test: func(t events.Turn, _ *game.Game) bool { return hasFact(t, events.CodeConfused) }, after: 6},
		{rules: 1, name: "gear", turns: 3000, test: func(t events.Turn, _ *game.Game) bool { return hasFact(t, events.CodeUnequipped) }, after: 5},
		{rules: 1, name: "deep", turns: 3000, test: func(t events.Turn, g *game.Game) bool { return g.State.Depth >= 4 }, after: 30},
		{rules: 1, name: "wizard", wiz: true, turns: 3000, test: func(t events.Turn, _ *game.Game) bool {
			for _, f := range t.Facts {
				if h, ok := f.(*events.Healed); ok && h.Cause == events.CauseWizard {
					return true
				}
			}
			return false
		}, after: 20},
		{rules: 1, name: "fireball-self", turns: 3000, test: holdsFireball, finish: readFireballAtOwnFeet},
		{rules: 1, name: "long", turns: 3000, test: func(t events.Turn, g *game.Game) bool { return g.State.Turn >= 1500 }},
	}
}

// holdsFireball is true once the player carries a Fireball Scroll.
func holdsFireball(_ events.Turn, g *game.Game) bool { return fireball(g) != 0 }

func fireball(g *game.Game) events.EntityID {
	code, _ := g.State.Content().ByName("Fireball Scroll")
	for _, it := range g.State.Backpack(events.PlayerID) {
		if it.Kind == code {
			return it.ID
		}
	}
	return 0
}

// readFireballAtOwnFeet ends the game the one way the bot never would: a
// fireball read at the player's own tile, at level 1's 10 HP.
func readFireballAtOwnFeet(tb testing.TB, g *game.Game) {
	p := g.State.Player()
	_, err := g.Do(&events.Use{Item: fireball(g), HasTarget: true, Target: p.Pos})
	require.NoError(tb, err)
}

// TestMakeCorpus writes testdata/*.rogue when run with -make.
func TestMakeCorpus(t *testing.T) {
	t.Parallel()
	if !*makeCorpus {
		t.Skip("writes the corpus only with -make")
	}
	for _, w := range corpus() {
		if *makeRules != 0 && w.rules != *makeRules {
			continue
		}
		data, seed := find(t, w)
		path := filepath.Join("testdata", w.name+".rogue")
		require.NoError(t, os.WriteFile(path, data, 0o644))
		t.Logf("%s: seed %d, %d bytes", path, seed, len(data))
	}
	if *makeRules > 1 {
		return
	}
	// A journal whose last turn was torn by a crash: the "short" game with
	// its last record cut in half.
	short, err := os.ReadFile(filepath.Join("testdata", "short.rogue"))
	require.NoError(t, err)
	r, err := journal.NewBytesReader(short)
	require.NoError(t, err)
	var turn events.Turn
	for r.Next(&turn) == nil {
	}
	cut := r.Offset() + (r.End()-r.Offset())/2
	require.NoError(t, os.WriteFile(filepath.Join("testdata", "torn.rogue"), short[:cut], 0o644))
}

func find(t *testing.T, w want) ([]byte, uint64) {
	for seed := uint64(1); seed <= 2000; seed++ {
		h, err := game.NewHeaderRules(seed, "bot", journal.Options{Wizard: w.wiz}, w.rules)
		require.NoError(t, err)
		mem, err := journal.NewMemory(h)
		require.NoError(t, err)
		out := &tee{mem: mem}
		g, err := game.Start(mem.Header(), content.Default(), out)
		require.NoError(t, err)
		hit, keep := -1, 0
		for g.State.Turn < w.turns && !g.State.Over {
			require.NoError(t, g.PlayerTurn(bot.Strong{}))
			if hit < 0 && w.test(out.last, g) {
				hit, keep = g.State.Turn, g.State.Turn+w.after
				if w.finish != nil {
					w.finish(t, g)
					break
				}
			}
			if hit >= 0 && g.State.Turn >= keep {
				break
			}
		}
		if hit >= 0 {
			return mem.Bytes(), seed
		}
	}
	t.Fatalf("%s: no seed up to 2000 gives such a game", w.name)
	return nil, 0
}

// tee appends to a journal in memory and keeps the last turn.
type tee struct {
	mem  *journal.Memory
	last events.Turn
}

func (t *tee) Append(turn *events.Turn) error {
	t.last = events.Turn{Command: turn.Command, Draws: turn.Draws, Facts: append([]events.Fact(nil), turn.Facts...)}
	return t.mem.Append(turn)
}
