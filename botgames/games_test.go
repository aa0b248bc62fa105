package botgames

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/bot/newcomer"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// A game's outcome is read back from its journal: the one recorded.
func TestABotGameIsSummedUpFromItsJournal(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "one.rogue")
	g, err := PlayGame(5, Games{Turns: 300, Rules: 1, Opts: journal.Options{SyncEvery: 256}}, path, nil)
	require.NoError(t, err)
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	s, tail, err := game.Fold(r, content.Default(), -1, nil)
	require.NoError(t, err)
	require.Nil(t, tail)
	assert.Equal(t, 1, r.Header().RulesVersion)
	assert.Equal(t, uint64(5), g.Seed)
	assert.Equal(t, s.Turn, g.Turns)
	assert.Equal(t, s.Depth, g.Depth)
	assert.Equal(t, s.Player().Level, g.Level)
	assert.Equal(t, s.Over, g.Died)
}

// The progress is a bar redrawn in place on a terminal, else a line every
// ten seconds or more.
func TestProgressIsABarOnATerminalElseALineNowAndThen(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		terminal bool
		at       []time.Duration
		want     string
	}{
		{"on a terminal, a bar at every show and at the end", true, []time.Duration{time.Second, 2 * time.Second},
			"\r[##########....................] 1/3 games, 50 turns, 50 turns a second\x1b[K" +
				"\r[##########....................] 1/3 games, 50 turns, 25 turns a second\x1b[K" +
				"\r[##########....................] 1/3 games, 50 turns, 25 turns a second\x1b[K\n"},
		{"elsewhere, nothing before ten seconds", false, []time.Duration{time.Second, 9 * time.Second}, ""},
		{"elsewhere, a line once ten seconds have passed", false, []time.Duration{5 * time.Second, 10 * time.Second, 15 * time.Second},
			"rogue bot: 1/3 games, 50 turns, 5 turns a second\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			p := newProgress(&b, 3, tc.terminal)
			for _, at := range tc.at {
				p.show(1, 50, at)
			}
			p.finish(1, 50, tc.at[len(tc.at)-1])
			assert.Equal(t, tc.want, b.String())
		})
	}
}

func TestThePlayersAreFoundByName(t *testing.T) {
	t.Parallel()
	strong, err := NewPlayer("strong")
	require.NoError(t, err)
	assert.Equal(t, bot.Player(bot.NewStrong()), strong)
	nc, err := NewPlayer("newcomer")
	require.NoError(t, err)
	assert.Equal(t, bot.Player(newcomer.New()), nc)
	_, err = NewPlayer("expert")
	assert.EqualError(t, err, `no player "expert" (the players are strong and newcomer)`)
}

// The same seed and player give the same journal, byte for byte: a
// player's choices depend on the game alone.
func TestTheSameSeedAndPlayerGiveTheSameJournal(t *testing.T) {
	t.Parallel()
	for _, name := range Players {
		t.Run(name, func(t *testing.T) {
			var journals [2][]byte
			for i := range journals {
				h, err := game.NewHeaderRules(9, "bot", journal.Options{SyncEvery: 256}, events.RulesVersion)
				require.NoError(t, err)
				h.Created = time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
				p, err := NewPlayer(name)
				require.NoError(t, err)
				path := filepath.Join(t.TempDir(), "game.rogue")
				g, _, err := game.RecordPlayer(path, h, content.Default(), p, 1500, nil)
				require.NoError(t, err)
				require.Greater(t, g.State.Turn, 50)
				journals[i], err = os.ReadFile(path)
				require.NoError(t, err)
			}
			assert.Equal(t, journals[0], journals[1])
		})
	}
}
