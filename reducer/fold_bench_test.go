package reducer_test

import (
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
	for s.Turn < n && !s.Over {
		var cmd events.Command = &events.Begin{}
		if s.Turn > 0 {
			cmd = bot.Choose(s)
		}
		t := reducer.DecideOrWait(b, s, cmd)
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

// benchEachTurn runs step on every turn of the bot games and of the wizard
// game, each game from a new state, and reports count(turns, facts) per
// second as unit.
func benchEachTurn(b *testing.B, unit string, count func(turns, facts int) int, step func(b *testing.B, s *reducer.State, t *events.Turn)) {
	bots, wizard := games(b)
	for _, c := range []struct {
		name  string
		games []botGame
	}{{"bot games", bots}, {"wizard", []botGame{wizard}}} {
		b.Run(c.name, func(b *testing.B) {
			n := count(countFacts(c.games...))
			b.ReportAllocs()
			for b.Loop() {
				for _, g := range c.games {
					s := reducer.New(g.seed, content.Default())
					s.Wizard = g.wizard
					for i := range g.turns {
						step(b, s, &g.turns[i])
					}
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), unit)
		})
	}
}

// BenchmarkFold folds decided games from a new state each, as a replay
// does, without reading a journal: the fold alone, in facts per second.
func BenchmarkFold(b *testing.B) {
	benchEachTurn(b, "facts/s", func(_, facts int) int { return facts }, func(b *testing.B, s *reducer.State, t *events.Turn) {
		if err := s.ApplyTurn(t); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkDecide re-decides every turn of the games and folds it, as
// verify does, in turns per second.
func BenchmarkDecide(b *testing.B) {
	benchEachTurn(b, "turns/s", func(turns, _ int) int { return turns }, func(b *testing.B, s *reducer.State, rec *events.Turn) {
		t, err := reducer.Decide(s, rec.Command)
		if err != nil || t.Draws != rec.Draws || len(t.Facts) != len(rec.Facts) {
			b.Fatalf("turn %d: %v", s.Turn, err)
		}
		if err := s.ApplyTurn(&t); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkFoldStep folds the turn most turns of a game are: the player
// steps onto a free floor tile, here east and back west on the first
// level, in ns a turn. It measures the fold's cost a turn and a step
// alone, without the noise of a whole game's memory.
func BenchmarkFoldStep(b *testing.B) {
	s := reducer.New(1, content.Default())
	t, err := reducer.Decide(s, &events.Begin{})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.ApplyTurn(&t); err != nil {
		b.Fatal(err)
	}
	p := s.Player().Pos
	east := events.Pos{X: p.X + 1, Y: p.Y}
	if !s.Map.Walkable(east) || s.ActorAt(east) != nil {
		b.Fatalf("the tile east of the player, (%d,%d), is not free floor", east.X, east.Y)
	}
	turns := [2]events.Turn{
		{Command: &events.Move{Dir: events.East}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.East}}},
		{Command: &events.Move{Dir: events.West}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.West}}},
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := s.ApplyTurn(&turns[i&1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
