package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/events/wire"
	"rogue/journal"
	"rogue/reducer/content"
)

// checkedAppender appends to a journal in memory, after checking that
// each turn, written in the journal's format and read back, is exactly
// the turn the rules decided (compared as the game hands it over, before
// it folds or reuses anything).
type checkedAppender struct {
	t     *testing.T
	m     *journal.Memory
	enc   *wire.TurnEncoder
	dec   *wire.TurnDecoder
	turns int
}

func (a *checkedAppender) Append(turn *events.Turn) error {
	format := a.m.Header().FormatVersion
	payload, err := a.enc.Encode(turn)
	require.NoError(a.t, err, "turn %d", a.turns)
	require.NoError(a.t, wire.CheckTurn(payload, format), "turn %d", a.turns)
	var back events.Turn
	require.NoError(a.t, a.dec.Decode(payload, &back), "turn %d", a.turns)
	require.True(a.t, assert.Equal(a.t, *turn, back, "turn %d", a.turns))
	a.turns++
	return a.m.Append(turn)
}

// Bot games under every rules version, ordinary and in wizard mode (deep
// levels, hundreds of monsters, ids in the thousands): every turn the
// rules decide reads back from format 4 as exactly that turn, and the
// journal re-simulates (rogue verify) without a divergence.
func TestBotGamesReadBackFromFormat4AsTheRulesDecidedThem(t *testing.T) {
	t.Parallel()
	type game struct {
		rules  int
		seed   uint64
		wizard bool
		turns  int
	}
	var games []game
	for rules := 1; rules <= events.RulesVersion; rules++ {
		for seed := uint64(1); seed <= 8; seed++ {
			games = append(games, game{rules, seed, false, 2000})
		}
		games = append(games, game{rules, 9, true, 4000})
	}
	for _, g := range games {
		t.Run(fmt.Sprintf("rules %d, seed %d, wizard %v", g.rules, g.seed, g.wizard), func(t *testing.T) {
			h, err := NewHeaderRules(g.seed, "bot", journal.Options{Wizard: g.wizard}, g.rules)
			require.NoError(t, err)
			require.Equal(t, 4, h.FormatVersion)
			m, err := journal.NewMemory(h)
			require.NoError(t, err)
			out := &checkedAppender{t: t, m: m, enc: wire.NewTurnEncoderFor(4), dec: wire.NewTurnDecoderFor(4)}
			tables, err := Tables(h, content.Default())
			require.NoError(t, err)
			played, err := Start(h, tables, out)
			require.NoError(t, err)
			require.NoError(t, played.PlayWith(bot.Strong{}, g.turns))
			require.Greater(t, out.turns, 1)

			r, err := m.Reader()
			require.NoError(t, err)
			div, checked, tail, err := Verify(r, content.Default())
			require.NoError(t, err)
			require.Nil(t, tail)
			require.Nil(t, div, "the format 4 journal diverges")
			assert.Equal(t, played.State.Turn, checked)
		})
	}
}
