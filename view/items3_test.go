package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer"
)

// lay spawns an item of the game's rules by name: under the player's
// feet (holder 0) or held by the player; hp is a wand's charges.
func (p *played) lay(t testing.TB, name string, holder events.EntityID, hp int) events.EntityID {
	t.Helper()
	s := p.g.State
	code, ok := s.Content().ByName(name)
	require.True(t, ok, "no item named %s", name)
	var at events.Pos
	if holder == 0 {
		at = s.Player().Pos
	}
	id := s.NextID
	require.NoError(t, s.Apply(&events.Spawned{ID: id, Kind: code, Pos: at, Holder: holder, HP: hp}))
	return id
}

func TestGOnAPileAsksWhichUnderRules3(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rules int
		lay   []string // under the player's feet
		keys  []Key
		want  func(ids []events.EntityID) Intent
		mode  Mode
	}{
		{"a letter picks that item", 3, []string{"Health Potion", "Wand of Striking"}, []Key{Rune('g'), Rune('b')},
			func(ids []events.EntityID) Intent { return Intent{Command: &events.PickUpItem{Item: ids[1]}} }, ModePlay},
		{"Enter picks the selected one", 3, []string{"Health Potion", "Wand of Striking"}, []Key{Rune('g'), Named(KeyEnter)},
			func(ids []events.EntityID) Intent { return Intent{Command: &events.PickUpItem{Item: ids[0]}} }, ModePlay},
		{"g opens the question and journals nothing", 3, []string{"Health Potion", "Wand of Striking"}, []Key{Rune('g')},
			func([]events.EntityID) Intent { return Intent{} }, ModePickUp},
		{"Esc closes it and journals nothing", 3, []string{"Health Potion", "Wand of Striking"}, []Key{Rune('g'), Named(KeyEsc)},
			func([]events.EntityID) Intent { return Intent{} }, ModePlay},
		{"one item is picked up without a question", 3, []string{"Wand of Striking"}, []Key{Rune('g')},
			func([]events.EntityID) Intent { return Intent{Command: &events.PickUp{}} }, ModePlay},
		{"a stack of one kind is picked up without a question", 3, []string{"Health Potion", "Health Potion"}, []Key{Rune('g')},
			func([]events.EntityID) Intent { return Intent{Command: &events.PickUp{}} }, ModePlay},
		{"rules 2 take what lies first", 2, []string{"Health Potion", "Ration"}, []Key{Rune('g')},
			func([]events.EntityID) Intent { return Intent{Command: &events.PickUp{}} }, ModePlay},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPlayedRules(t, 1, c.rules)
			var ids []events.EntityID
			for _, name := range c.lay {
				ids = append(ids, p.lay(t, name, 0, 3))
			}
			var got Intent
			for _, k := range c.keys {
				got = p.m.HandleKey(k)
			}
			assert.Equal(t, c.want(ids), got)
			assert.Equal(t, c.mode, p.m.Mode())
		})
	}
}

func TestThePileMenuListsWhatLiesHere(t *testing.T) {
	t.Parallel()
	p := newPlayedRules(t, 1, 3)
	p.lay(t, "Health Potion", 0, 0)
	p.lay(t, "Health Potion", 0, 0)
	p.lay(t, "Wand of Fire", 0, 2)
	p.key(t, Rune('g'))
	screen := render(p.m, 80, 24)
	assert.Contains(t, screen, "Pick up what?")
	assert.Contains(t, screen, "a  2 Health Potions")
	assert.Contains(t, screen, "b  Wand of Fire (2 charges)")
}

func TestAnEnchantmentScrollAsksWhatToEnchant(t *testing.T) {
	t.Parallel()
	p := newPlayedRules(t, 1, 3)
	s := p.g.State
	weapon := s.Worn(events.PlayerID, events.MainHand)
	require.NotNil(t, weapon)
	p.lay(t, "Health Potion", events.PlayerID, 0)
	scroll := p.lay(t, "Enchantment Scroll", events.PlayerID, 0)
	letter := s.PackLetter(reducer.StackKey(s.Get(scroll)))
	assert.Equal(t, Intent{}, p.m.HandleKey(Rune('i')))
	assert.Equal(t, Intent{}, p.m.HandleKey(Rune(letter)))
	require.Equal(t, ModeEnchant, p.m.Mode())
	screen := render(p.m, 80, 24)
	assert.Contains(t, screen, "Enchant what?")
	assert.NotContains(t, screen, "Health Potion", "only what can be worn is offered")
	assert.Equal(t, Intent{Command: &events.UseOn{Item: scroll, On: weapon.ID}}, p.key(t, Rune('A')))
	assert.Equal(t, 1, s.Enchantment(s.Get(weapon.ID)))
	p.key(t, Rune('i'))
	assert.Contains(t, render(p.m, 80, 24), s.Content().Name(weapon.Kind)+" +1 (main hand)")
}

func TestTheSheetOfNineSlotsFitsAn80x24Screen(t *testing.T) {
	t.Parallel()
	p := newPlayedRules(t, 1, 3)
	ring := p.lay(t, "Ring of Protection", events.PlayerID, 0)
	p.do(t, &events.Use{Item: ring})
	p.key(t, Rune('c'))
	screen := render(p.m, 80, 24)
	assert.Contains(t, screen, "ring:      Ring of Protection")
	assert.Contains(t, screen, "cloak:     -")
	assert.Contains(t, screen, "└─ Esc: close")
}

// items3 is a rules 3 game at its start (seed 1) with some of rules 3's
// items: a Ring of Protection worn, a Wand of Fire and an Enchantment
// Scroll carried, and a pile of a Health Potion and Leather Boots under
// the player's feet.
type items3 struct {
	*played
	scroll events.EntityID
}

func rules3Items(t *testing.T) items3 {
	p := newPlayedRules(t, 1, 3)
	ring := p.lay(t, "Ring of Protection", events.PlayerID, 0)
	p.do(t, &events.Use{Item: ring})
	p.lay(t, "Wand of Fire", events.PlayerID, 2)
	scroll := p.lay(t, "Enchantment Scroll", events.PlayerID, 0)
	p.lay(t, "Health Potion", 0, 0)
	p.lay(t, "Leather Boots", 0, 0)
	return items3{p, scroll}
}

func TestAFullInventoryShowsEveryItemWholeAt80x24(t *testing.T) {
	t.Parallel()
	p := newPlayedRules(t, 1, 3)
	for _, name := range []string{"Longsword", "Tower Shield", "Helmet", "Chain Mail", "Ring of Protection", "Amulet of Vitality", "Gauntlets", "Leather Boots", "Cloak"} {
		p.do(t, &events.Use{Item: p.lay(t, name, events.PlayerID, 0)})
	}
	for _, name := range []string{"Superior Health Potion", "Magic Missile Scroll", "Lightning Scroll", "Fireball Scroll", "Greater Health Potion"} {
		p.lay(t, name, events.PlayerID, 0)
	}
	require.Len(t, p.m.worn(), 9)
	p.key(t, Rune('i'))
	screen := render(p.m, 80, 24)
	for _, want := range []string{
		"a  2 Health Potions           heals 8",
		"g  Lightning Scroll           21 damage to the nearest foe within 5",
		"F  Amulet of Vitality (neck)  +10 max HP",
		"I  Cloak (cloak)              armor +1",
		"└─ letter or Enter: use or equip  Esc: close",
	} {
		assert.Contains(t, screen, want)
	}
}
