package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/journal"
	"rogue/reducer/content"
)

// A game goes on under the rules it began with, whatever rules are
// newest: folded, continued and re-simulated under them.
func TestAGameContinuesUnderTheRulesItBeganWith(t *testing.T) {
	t.Parallel()
	for _, rules := range []int{1, 2} {
		t.Run(map[int]string{1: "rules 1", 2: "rules 2"}[rules], func(t *testing.T) {
			h, err := NewHeaderRules(11, "bot", journal.Options{}, rules)
			require.NoError(t, err)
			mem, err := journal.NewMemory(h)
			require.NoError(t, err)
			g, err := Start(mem.Header(), content.Default(), mem)
			require.NoError(t, err)
			assert.Equal(t, rules, g.State.RulesVersion())
			require.NoError(t, g.PlayWith(bot.Strong{}, 40))

			// Quit, and continue from the journal with the newest tables
			// at hand, as the program does.
			again, _, err := journal.LoadMemory(mem.Bytes())
			require.NoError(t, err)
			r, err := journal.NewBytesReader(mem.Bytes())
			require.NoError(t, err)
			s, tail, err := Fold(r, content.Default(), -1, nil)
			require.NoError(t, err)
			require.Nil(t, tail)
			assert.Equal(t, rules, s.RulesVersion())
			g2, err := Resume(s, again.Header(), again)
			require.NoError(t, err)
			require.NoError(t, g2.PlayWith(bot.Strong{}, 80))
			assert.Equal(t, rules, g2.State.RulesVersion())

			r, err = journal.NewBytesReader(again.Bytes())
			require.NoError(t, err)
			div, checked, _, err := Verify(r, content.Default())
			require.NoError(t, err)
			assert.Nil(t, div, "the whole game re-simulates under its own rules")
			assert.Equal(t, g2.State.Turn, checked)
			assert.Equal(t, rules, again.Header().RulesVersion)
		})
	}
}

func TestARulesVersionThisProgramLacksIsNamed(t *testing.T) {
	t.Parallel()
	_, err := NewHeaderRules(1, "bot", journal.Options{}, events.RulesVersion+1)
	assert.EqualError(t, err, fmt.Sprintf("rules version %d is not one this program has (1 to %d)", events.RulesVersion+1, events.RulesVersion))
	h := NewHeader(1, "bot", journal.Options{})
	h.RulesVersion = events.RulesVersion + 1
	_, err = NewState(h, content.Default())
	assert.EqualError(t, err, fmt.Sprintf("the journal was played under rules version %d, and this program has rules up to version %d", events.RulesVersion+1, events.RulesVersion))
}
