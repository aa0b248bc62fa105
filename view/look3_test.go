package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dungeon"
)

// Look (x) says a monster's mood under rules 3, as the status line says
// the level cap: "a Goblin (HP 17/17, asleep, unaware of you)".
func TestLookSaysAMonstersMood(t *testing.T) {
	t.Parallel()
	cases := []struct {
		mood events.Mood
		want string
	}{
		{events.Asleep, "a Goblin (HP 17/17, asleep, unaware of you)"},
		{events.Fleeing, "a Goblin (HP 17/17, fleeing, unaware of you)"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			p := newPlayedRules(t, 1, 3)
			s := p.g.State
			code, ok := s.Content().ByName("Goblin")
			require.True(t, ok)
			id := s.NextID
			// Far from the player, where it cannot see the player.
			require.NoError(t, s.Apply(&events.Spawned{ID: id, Kind: code, Pos: farFloor(t, p), HP: 17}))
			require.NoError(t, s.Apply(&events.MoodChanged{Actor: id, Mood: c.mood}))
			assert.Equal(t, c.want, actorPhrase(s, s.Get(id)))
		})
	}
}

// At rules 3's level cap the experience has no next level to count to:
// the status line and the sheet say "top level".
func TestTheStatusLineSaysTopLevelAtTheCap(t *testing.T) {
	t.Parallel()
	p := newPlayedRules(t, 1, 3)
	s := p.g.State.Clone()
	pl := s.Player()
	require.Equal(t, "0/1000", xpText(s, pl))
	pl.Level, pl.XP = s.Content().Rules.LevelCap, 52000
	assert.Equal(t, "52000 (top level)", xpText(s, pl))
	assert.Equal(t, "52k top", xpShort(s, pl))
}

// farFloor is the first floor tile of p's level out of the player's sight.
func farFloor(t *testing.T, p *played) events.Pos {
	t.Helper()
	s := p.g.State
	for y := 0; y < s.Map.Height; y++ {
		for x := 0; x < s.Map.Width; x++ {
			at := events.Pos{X: x, Y: y}
			if s.Map.At(at) == dungeon.Floor && !s.Visible().Has(at) && len(s.ItemsAt(at)) == 0 {
				return at
			}
		}
	}
	t.Fatal("no floor out of sight")
	return events.Pos{}
}

// Looking at a monster with a description still names Tab, the key that
// goes from monster to monster.
func TestLookAtAMonsterKeepsTheTabHint(t *testing.T) {
	t.Parallel()
	p := newPlayedRules(t, 1, 3)
	s := p.g.State
	code, ok := s.Content().ByName("Goblin")
	require.True(t, ok)
	var near events.Pos
	for y := 0; y < s.Map.Height && near == (events.Pos{}); y++ {
		for x := 0; x < s.Map.Width; x++ {
			at := events.Pos{X: x, Y: y}
			if s.Map.At(at) == dungeon.Floor && s.Visible().Has(at) && at != s.Player().Pos {
				near = at
				break
			}
		}
	}
	require.NotEqual(t, events.Pos{}, near, "a floor tile in view")
	require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: code, Pos: near, HP: 17}))
	p.key(t, Rune('x'))
	p.key(t, Key{Code: KeyTab})
	require.Equal(t, near, p.m.cursor)
	lines := p.m.lookLines()
	require.Len(t, lines, 3)
	assert.Equal(t, styled("Move: movement keys  Tab: next monster  Esc: done", styleHint), lines[2])
}

// The inventory's detail of an enchanted item counts its enchantment: a
// weapon's adds to hit and damage, anything else's to armor.
func TestAnItemsDetailCountsItsEnchantment(t *testing.T) {
	t.Parallel()
	p := newPlayedRules(t, 1, 3)
	s := p.g.State
	cases := []struct {
		item        string
		enchantment int
		worn        bool
		want        string
	}{
		{"Longsword", 0, true, "1d8 Might, +1 to hit"},
		{"Longsword", 1, true, "1d8 Might, +2 to hit, +1 damage"},
		{"Dagger", 2, false, "main hand, 1d4 Quickness, +2 to hit, +2 damage"},
		{"Chain Mail", 1, true, "armor +4"},
		{"Ring of Might", 1, false, "ring, +1 to hit, +2 damage, armor +1"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			code, ok := s.Content().ByName(c.item)
			require.True(t, ok)
			assert.Equal(t, c.want, itemDetail(s, s.Content().Item(code), c.enchantment, c.worn))
		})
	}
}
