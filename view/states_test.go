package view

import (
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// A played game: the game, and a model that saw every turn of it.
type played struct {
	g    *game.Game
	m    *Model
	jobs *jobs
}

// newPlayed starts a seeded game in memory and shows it on a model. It is
// a rules-1 game: the recorded fixture games were played under rules 1.
func newPlayed(t testing.TB, seed uint64) *played {
	t.Helper()
	return newPlayedRules(t, seed, 1)
}

// newPlayedRules is newPlayed under rules version v.
func newPlayedRules(t testing.TB, seed uint64, v int) *played {
	t.Helper()
	h, err := game.NewHeaderRules(seed, "tester", journal.Options{}, v)
	require.NoError(t, err)
	mem, err := journal.NewMemory(h)
	require.NoError(t, err)
	s, err := game.NewState(h, content.Default())
	require.NoError(t, err)
	g, err := game.Resume(s, mem.Header(), mem)
	require.NoError(t, err)
	first, err := g.Play(&events.Begin{})
	require.NoError(t, err)
	m := NewModel(MainMenu{})
	m.Begin(g.State, nil, nil)
	m.AddTurn(&first)
	return &played{g: g, m: m, jobs: &jobs{m: m}}
}

// do plays cmd as the play loop does: refusals become messages, turns
// become messages and HP.
func (p *played) do(t testing.TB, cmd events.Command) {
	t.Helper()
	turn, err := p.g.Play(cmd)
	if game.IsRefusal(err) {
		p.m.Refused(cmd, err.Error())
		return
	}
	require.NoError(t, err)
	p.m.AddTurn(&turn)
}

// key sends k to the model and plays the command it gives, if any.
func (p *played) key(t testing.TB, k Key) Intent {
	t.Helper()
	in := p.jobs.take(p.m.HandleKey(k))
	if in.Command != nil {
		p.do(t, in.Command)
	}
	return in
}

// recordedUntil plays the commands recorded in testdata/games/seed-N.rogue
// (N the game's seed) one by one until done says so. The fixture games
// were played by the bot of the day and recorded, so that the states the
// screens are drawn from stay put when the bot learns new tricks.
func (p *played) recordedUntil(t testing.TB, done func(s *reducer.State) bool) {
	t.Helper()
	path := filepath.Join("testdata", "games", fmt.Sprintf("seed-%d.rogue", p.g.State.Seed))
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	var turn events.Turn
	require.NoError(t, r.Next(&turn), "%s: the Begin turn", path)
	for !done(p.g.State) {
		require.False(t, p.g.State.Over, "the player died first")
		err := r.Next(&turn)
		require.NotErrorIs(t, err, io.EOF, "%s ends at turn %d and the state never came", path, p.g.State.Turn)
		require.NoError(t, err)
		p.m.moment++ // a key press a turn, as a player plays
		p.do(t, turn.Command)
	}
}

// The known states the screens are drawn from. Each builds a fresh game,
// so that tests can press keys on it.

// withFoes is seed 4 at turn 43: a Goblin and an Orc in view, a Confusion
// Scroll (a) and a spare Dagger (b) in the backpack.
func withFoes(t testing.TB) *played {
	p := newPlayed(t, 4)
	p.recordedUntil(t, func(s *reducer.State) bool { return s.Turn == 43 })
	return p
}

// fullPack is withFoes with the backpack filled to 26 items: two of
// every kind it lacks a second of, and then Health Potions.
func fullPack(t testing.TB) *played {
	p := withFoes(t)
	s := p.g.State
	tables := s.Content()
	var kinds []int
	for code := range 300 {
		if tables.Item(code) != nil {
			kinds = append(kinds, code)
		}
	}
	for i := 0; len(s.Backpack(events.PlayerID)) < tables.Rules.Backpack; i++ {
		kind := kinds[min(i/2, len(kinds)-1)]
		require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: kind, Holder: events.PlayerID}))
	}
	return p
}

// levelUp is seed 5 when the bot first has the experience for level 2.
func levelUp(t testing.TB) *played {
	p := newPlayed(t, 5)
	p.recordedUntil(t, func(s *reducer.State) bool { return s.LevelUpPending() })
	return p
}

// dead is seed 19 played by the bot to its death on depth 4.
func dead(t testing.TB) *played {
	p := newPlayed(t, 19)
	p.recordedUntil(t, func(s *reducer.State) bool { return s.Over })
	return p
}

// theMenu is a main menu with a game to continue and three journals.
func theMenu() MainMenu {
	return MainMenu{
		Continue: "turn 57 on depth 2, rules 2 (2026-11-23_0842_seed-4.rogue)",
		Journals: []string{
			"/home/ann/.local/share/rogue/2026-11-23_0842_seed-4.rogue",
			"/home/ann/.local/share/rogue/2026-11-22_2114_seed-19.rogue",
			"/home/ann/.local/share/rogue/2026-11-20_0930_seed-5.rogue",
		},
		Describe: func(path string) string {
			return map[string]string{
				"/home/ann/.local/share/rogue/2026-11-23_0842_seed-4.rogue":  "depth 2, turn 57, alive",
				"/home/ann/.local/share/rogue/2026-11-22_2114_seed-19.rogue": "depth 4, turn 448, slain by a Goblin",
				"/home/ann/.local/share/rogue/2026-11-20_0930_seed-5.rogue":  "damaged: rogue salvage recovers its turns",
			}[path]
		},
	}
}
