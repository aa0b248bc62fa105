package bot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// kindOf is the newest rules' code of a named item or monster.
func kindOf(t *testing.T, name string) int {
	t.Helper()
	c, ok := content.Default().ByName(name)
	require.True(t, ok, name)
	return c
}

// The strong player and rules 3's items, on level's room: the player
// (10 HP, starving with nothing to eat) at (2,2) with a Dagger (id 2) and
// Leather Armor (id 3); the spawns get ids from 4.
func TestTheBotUsesRules3Items(t *testing.T) {
	t.Parallel()
	at := func(x, y int) events.Pos { return events.Pos{X: x, Y: y} }
	carried := func(name string) events.Spawned { return events.Spawned{Kind: kindOf(t, name), Holder: 1} }
	cases := []struct {
		name   string
		spawns []events.Spawned
		before func(s *reducer.State)
		want   events.Command
	}{
		{"it picks what is worth having from a pile by name",
			[]events.Spawned{{Kind: kindOf(t, "Leather Armor"), Pos: at(2, 2)}, {Kind: kindOf(t, "Ration"), Pos: at(2, 2)}},
			nil, &events.PickUpItem{Item: 5}},
		{"it reads an Enchantment Scroll on its weapon first",
			[]events.Spawned{carried("Enchantment Scroll")},
			nil, &events.UseOn{Item: 4, On: 2}},
		{"then on its armor, less enchanted than the weapon",
			[]events.Spawned{carried("Enchantment Scroll")},
			func(s *reducer.State) {
				require.NoError(t, s.Apply(&events.Enchanted{Actor: 1, Item: 2, By: 1}))
			}, &events.UseOn{Item: 4, On: 3}},
		{"it drinks the weakest potion that heals what it lacks",
			[]events.Spawned{carried("Superior Health Potion"), carried("Health Potion"), carried("Greater Health Potion")},
			nil, &events.Use{Item: 6}},
		{"it wears a ring it carries",
			[]events.Spawned{carried("Ring of Protection")},
			nil, &events.Use{Item: 4}},
		{"it zaps a wand at a foe that would cost it dearly",
			[]events.Spawned{carried("Wand of Striking"), {Kind: kindOf(t, "Orc"), Pos: at(6, 2), HP: 30}},
			func(s *reducer.State) { s.Get(4).HP = 3 }, &events.Use{Item: 4, HasTarget: true, Target: at(6, 2)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := level(t, c.spawns...)
			if c.before != nil {
				c.before(s)
			}
			assert.Equal(t, c.want, bot.Choose(s))
		})
	}
}
