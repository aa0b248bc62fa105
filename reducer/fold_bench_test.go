package reducer_test

import (
	"errors"
	"testing"

	"rogue/bot"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// botGame is a game the built-in player played, as its journal holds it.
type botGame struct {
	seed   uint64
	wizard bool
	turns  []events.Turn
}

// playBot plays a game of seed until the player dies or it has n turns,
// the way the game package's bot does: a refused command is replaced by
// waiting.
func playBot(b *testing.B, seed uint64, wizard bool, n int) botGame {
	b.Helper()
	g := botGame{seed: seed, wizard: wizard}
	s := reducer.New(seed, content.Default())
	s.Wizard = wizard
	var refusal *reducer.Refusal
	for s.Turn < n && !s.Over {
		var cmd events.Command = &events.Begin{}
		if s.Turn > 0 {
			cmd = bot.Choose(s)
		}
		t, err := reducer.Decide(s, cmd)
		if errors.As(err, &refusal) {
			t, err = reducer.Decide(s, &events.Wait{})
		}
		if err != nil {
			b.Fatal(err)
		}
		if err := s.ApplyTurn(&t); err != nil {
			b.Fatal(err)
		}
		g.turns = append(g.turns, t)
	}
	return g
}

// benchGames are short ordinary games and one longer wizard game (deeper
// levels, many monsters), built once per benchmark process.
var benchGames struct {
	bots   []botGame
	wizard botGame
}

func games(b *testing.B) ([]botGame, botGame) {
	if benchGames.bots == nil {
		for seed := uint64(1); seed <= 100; seed++ {
			benchGames.bots = append(benchGames.bots, playBot(b, seed, false, 5000))
		}
		benchGames.wizard = playBot(b, 1, true, 20_000)
	}
	return benchGames.bots, benchGames.wizard
}

func countFacts(gs ...botGame) (turns, facts int) {
	for _, g := range gs {
		turns += len(g.turns)
		for _, t := range g.turns {
			facts += len(t.Facts)
		}
	}
	return turns, facts
}

// BenchmarkFold folds decided games from a new state each, as a replay
// does, without reading a journal: the fold alone, in facts per second.
func BenchmarkFold(b *testing.B) {
	bots, wizard := games(b)
	for _, c := range []struct {
		name  string
		games []botGame
	}{{"bot games", bots}, {"wizard", []botGame{wizard}}} {
		b.Run(c.name, func(b *testing.B) {
			_, facts := countFacts(c.games...)
			b.ReportAllocs()
			for b.Loop() {
				for _, g := range c.games {
					s := reducer.New(g.seed, content.Default())
					s.Wizard = g.wizard
					for i := range g.turns {
						if err := s.ApplyTurn(&g.turns[i]); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			b.ReportMetric(float64(facts)*float64(b.N)/b.Elapsed().Seconds(), "facts/s")
		})
	}
}

// BenchmarkDecide re-decides every turn of the games and folds it, as
// verify does, in turns per second.
func BenchmarkDecide(b *testing.B) {
	bots, wizard := games(b)
	for _, c := range []struct {
		name  string
		games []botGame
	}{{"bot games", bots}, {"wizard", []botGame{wizard}}} {
		b.Run(c.name, func(b *testing.B) {
			turns, _ := countFacts(c.games...)
			b.ReportAllocs()
			for b.Loop() {
				for _, g := range c.games {
					s := reducer.New(g.seed, content.Default())
					s.Wizard = g.wizard
					for i := range g.turns {
						t, err := reducer.Decide(s, g.turns[i].Command)
						if err != nil || t.Draws != g.turns[i].Draws || len(t.Facts) != len(g.turns[i].Facts) {
							b.Fatalf("turn %d: %v", i, err)
						}
						if err := s.ApplyTurn(&t); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			b.ReportMetric(float64(turns)*float64(b.N)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}
