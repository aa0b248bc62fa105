package game

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

var takeOverTime = time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC)

// takeOver takes over the journal at path at turn.
func takeOver(t *testing.T, path string, turn int) (*journal.Memory, *reducer.State, error) {
	t.Helper()
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	return TakeOver(r, filepath.Base(path), turn, "heir", takeOverTime, content.Default())
}

// The property: a journal taken over at turn N of any bot game verifies,
// folds to the parent's state at turn N, names its parent and stands
// alone; and the game played on from it by the same player is the
// parent's game, turn for turn (the chance, rules and seed are kept).
func TestATakenOverJournalVerifiesFoldsToTheParentsStateAndPlaysOnAsTheParentDid(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const playOn = 25
	for seed := uint64(1); seed <= 6; seed++ {
		path, live := botGame(t, dir, seed, 300)
		last := len(live) - 1 // the parent's last turn; live[i] is the digest at turn i
		for _, turn := range []int{0, 1, int(seed) * 37 % last, last / 2, last - playOn, last - 1} {
			t.Run(fmt.Sprintf("seed %d at turn %d of %d", seed, turn, last), func(t *testing.T) {
				m, s, err := takeOver(t, path, turn)
				require.NoError(t, err)
				assert.Equal(t, live[turn], s.Digest(), "the state handed back")
				r, err := journal.Open(path)
				require.NoError(t, err)
				ph := r.Header()
				var tt events.Turn
				for range turn + 1 {
					require.NoError(t, r.Next(&tt))
				}
				chain := r.Chain()
				require.NoError(t, r.Close())
				want := ph
				want.Player, want.Created, want.Options.SyncEvery = "heir", takeOverTime, 1
				want.Parent = &journal.Parent{Name: filepath.Base(path), Chain: chain, Turn: turn}
				assert.Equal(t, want, m.Header())
				assert.Equal(t, turn+1, m.Turns(), "records: turns 0 to turn")

				child := filepath.Join(t.TempDir(), "child.rogue")
				require.NoError(t, os.WriteFile(child, m.Bytes(), 0o644))
				r, err = journal.Open(child)
				require.NoError(t, err)
				folded, tail, err := Fold(r, content.Default(), -1, nil)
				require.NoError(t, err)
				require.Nil(t, tail)
				require.NoError(t, r.Close())
				assert.Equal(t, live[turn], folded.Digest(), "the new journal folded alone")

				r, err = journal.Open(child)
				require.NoError(t, err)
				div, checked, tail, err := Verify(r, content.Default())
				require.NoError(t, err)
				require.Nil(t, tail)
				require.NoError(t, r.Close())
				require.Nil(t, div)
				assert.Equal(t, turn+1, checked)

				g, err := Resume(s, m.Header(), m)
				require.NoError(t, err)
				for k := 1; k <= playOn && turn+k <= last && !g.State.Over; k++ {
					require.NoError(t, g.PlayerTurn(bot.Strong{}))
					require.Equal(t, live[turn+k], g.State.Digest(), "turn %d played on", turn+k)
				}
			})
		}
	}
}

func TestATakeOverIsRefusedWhereNoGameGoesOn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path, live := botGame(t, dir, 3, 120)
	last := len(live) - 1 // the last turn
	name := filepath.Base(path)

	// Under rules 1 (10 HP) the bot dies within a few hundred turns.
	var dead string
	var deadTurn int
	for seed := uint64(1); seed < 50 && dead == ""; seed++ {
		p := filepath.Join(dir, fmt.Sprintf("rules1-%d.rogue", seed))
		h, err := NewHeaderRules(seed, "bot", journal.Options{SyncEvery: 1 << 20}, 1)
		require.NoError(t, err)
		f, err := journal.Create(p, h)
		require.NoError(t, err)
		g, err := Start(f.Header(), content.Default(), f)
		require.NoError(t, err)
		require.NoError(t, g.PlayWith(bot.Strong{}, 2000))
		require.NoError(t, f.Close())
		if g.State.Over {
			dead, deadTurn = p, g.State.TurnNumber()
		}
	}
	require.NotEmpty(t, dead, "a bot game that ends in death")

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	r, err := journal.Open(path)
	require.NoError(t, err)
	var tt events.Turn
	for range 51 {
		require.NoError(t, r.Next(&tt))
	}
	at50 := r.Offset() // where turn 50's record starts
	require.NoError(t, r.Close())
	damaged := filepath.Join(dir, "damaged.rogue")
	bad := append([]byte(nil), data...)
	bad[at50+5] ^= 0x40 // in turn 50's record
	require.NoError(t, os.WriteFile(damaged, bad, 0o644))
	torn := filepath.Join(dir, "torn.rogue")
	require.NoError(t, os.WriteFile(torn, data[:len(data)-2], 0o644))

	cases := []struct {
		name string
		path string
		turn int
		want string
	}{
		{"a turn before the first", path, -1, name + ": turn -1 cannot be taken over: the first turn is 0"},
		{"a turn after the last", path, last + 1, fmt.Sprintf("%s has turns 0 to %d: turn %d is out of range", name, last, last+1)},
		{"the turn the player died on", dead, deadTurn, fmt.Sprintf("%s: the player died on turn %d", filepath.Base(dead), deadTurn)},
		{"a turn after the damage", damaged, 60, "damaged.rogue is damaged after turn 49 (byte " + fmt.Sprint(at50) + "): only its turns 0 to 49 can be taken over, not turn 60"},
		{"the torn last turn", torn, last, fmt.Sprintf("torn.rogue has turns 0 to %d: turn %d is out of range", last-1, last)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := takeOver(t, c.path, c.turn)
			var refused *TakeOverError
			require.True(t, errors.As(err, &refused), "%v", err)
			assert.Contains(t, err.Error(), c.want)
		})
	}

	ok := []struct {
		name string
		path string
		turn int
	}{
		{"the turn before the player died", dead, deadTurn - 1},
		{"the first turn, the level as the game began", path, 0},
		{"the last turn before the damage", damaged, 49},
		{"the last whole turn before a torn one", torn, last - 1},
	}
	for _, c := range ok {
		t.Run(c.name+" can be taken over", func(t *testing.T) {
			m, s, err := takeOver(t, c.path, c.turn)
			require.NoError(t, err)
			assert.Equal(t, c.turn+1, m.Turns())
			assert.Equal(t, c.turn, s.TurnNumber())
			assert.False(t, s.Over)
		})
	}
}

// A journal of every format is taken over in its own format, and the new
// journal folds to the parent's state, wizard games included.
func TestAJournalOfEveryFormatIsTakenOverInThatFormat(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "golden", "testdata", "formats", "v*", "*.rogue"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		t.Run(filepath.Base(filepath.Dir(path))+"/"+filepath.Base(path), func(t *testing.T) {
			r, err := journal.Open(path)
			require.NoError(t, err)
			ph := r.Header()
			parent, _, err := Fold(r, content.Default(), -1, nil)
			require.NoError(t, err)
			require.NoError(t, r.Close())
			turn := parent.TurnNumber() / 2 // before the death of a game that ends in one
			require.NoError(t, CheckPlayable(ph))
			r, err = journal.Open(path)
			require.NoError(t, err)
			want, _, err := Fold(r, content.Default(), turn+1, nil) // turns 0 to turn
			require.NoError(t, err)
			require.NoError(t, r.Close())

			m, s, err := takeOver(t, path, turn)
			require.NoError(t, err)
			assert.Equal(t, want.Digest(), s.Digest())
			assert.Equal(t, []any{ph.FormatVersion, ph.RulesVersion, ph.Options.Wizard}, []any{m.Header().FormatVersion, m.Header().RulesVersion, m.Header().Options.Wizard})
			cr, err := m.Reader()
			require.NoError(t, err)
			folded, tail, err := Fold(cr, content.Default(), -1, nil)
			require.NoError(t, err)
			require.Nil(t, tail)
			assert.Equal(t, want.Digest(), folded.Digest())
		})
	}
}
