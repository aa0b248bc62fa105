package view

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/auto"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
)

func TestALevelUpStepThatGivesNoBonusSaysWhenTheNextComes(t *testing.T) {
	cases := []struct {
		name string
		v    int
		want string
	}{
		{"a step that raises the bonus", 11, "11 (+0) -> 12 (+1)"},
		{"a step that leaves it", 12, "12 (+1) -> 13 (+1, +2 at 14)"},
		{"a low step that leaves it, two short of the next", 9, " 9 (+0) -> 10 (+0, +1 at 12)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, attributeStep(tc.v))
		})
	}
}

func TestTheExploredLineOfALevelIsNotShownOnTheNext(t *testing.T) {
	p := newPlayed(t, 5)
	p.recordedUntil(t, func(s *reducer.State) bool { return s.Map.At(s.Player().Pos) == dungeon.DownStairs })
	p.m.Say("This level is explored; > takes you to the stairs down.")
	require.Contains(t, render(p.m, 80, 24), "This level is explored")
	p.key(t, Rune('>'))
	require.Equal(t, 2, p.g.State.Depth)
	screen := render(p.m, 80, 24)
	assert.Contains(t, screen, "You descend to depth 2.")
	assert.NotContains(t, screen, "This level is explored", "it spoke of the level above")
	assert.Contains(t, p.m.Messages(10), "This level is explored; > takes you to the stairs down.", "the history keeps it")
}

func TestVSaysWhatThePlayerSeesWithDirectionAndDistance(t *testing.T) {
	p := withFoes(t)
	p.key(t, Rune('v'))
	assert.Equal(t, []string{
		"You see 2 things, the nearest first.",
		"A Goblin (HP 9/9), 5 away west.",
		"An Orc (HP 17/17), 7 away west.",
	}, p.m.Messages(3))
	assert.Equal(t, Describe(p.g.State), p.m.Messages(3), "the page's call says the same")
}

func TestReachIsTheRulesRange(t *testing.T) {
	cases := []struct {
		name string
		q    events.Pos
		want int
	}{
		{"a step east", events.Pos{X: 1}, 1},
		{"a diagonal step", events.Pos{X: 1, Y: 1}, 2},
		{"6 steps north-west is out of a range-6 scroll's reach", events.Pos{X: -6, Y: -6}, 9},
		{"5 east, 3 south", events.Pos{X: 5, Y: 3}, 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := auto.Reach(events.Pos{}, tc.q)
			assert.Equal(t, tc.want, r)
			assert.True(t, distance2(events.Pos{}, tc.q) <= r*r && distance2(events.Pos{}, tc.q) > (r-1)*(r-1), "the least range that reaches")
		})
	}
}

// The manual names the inventory letter of every slot the rules have,
// and says that each item of a stack takes a backpack place.
func TestTheManualNamesEveryWornLetterAndTheBackpacksPlaces(t *testing.T) {
	manual, err := os.ReadFile(filepath.Join("..", "docs", "PLAYING.md"))
	require.NoError(t, err)
	var inventory string
	for _, l := range strings.Split(string(manual), "\n") {
		if strings.HasPrefix(l, "| `i` |") {
			inventory = l
		}
	}
	require.NotEmpty(t, inventory, "the keys table's i row")
	for slot := events.MainHand; slot < events.NumSlots; slot++ {
		assert.Contains(t, inventory, fmt.Sprintf("`%c` %s", 'A'+rune(slot-events.MainHand), slot))
	}
	assert.Contains(t, inventory, fmt.Sprintf("holds %d items, and each item of a stack takes one of them", content.Default().Rules.Backpack))
}

// An item whose detail does not fit beside its name at 80 columns has it
// on the line under it, whole: none is cut at the frame.
func TestTheInventoryCutsNoItemsDetail(t *testing.T) {
	p := newPlayedRules(t, 5, 3)
	for _, name := range []string{"Superior Health Potion", "Lightning Scroll", "Wand of Confusion", "Amulet of Regeneration",
		"Enchantment Scroll", "Wand of Fire", "Greater Health Potion"} {
		p.lay(t, name, events.PlayerID, 3)
	}
	p.lay(t, "Wand of Confusion", events.PlayerID, 14) // "2 Wands of Confusion (3, 14 charges)": a long name
	p.key(t, Rune('i'))
	screen := render(p.m, 80, 24)
	pack, worn := p.m.itemEntries()
	for _, e := range append(pack, worn...) {
		d := itemDetail(p.g.State, p.g.State.Content().Item(e.item.Kind), p.g.State.Enchantment(e.item), e.item.Slot != events.SlotNone)
		assert.Contains(t, screen, d, "the detail of %s", itemName(p.g.State, e.item))
	}
}

// A take-over's long name is cut in its middle: the details of every
// journal start in one column.
func TestTheReplayListKeepsItsColumnsForATakeOversName(t *testing.T) {
	m := NewModel(MainMenu{
		Journals: []string{"/d/2026-11-24_2110_seed-18446744073709551557_from-turn-812.rogue", "/d/2026-11-23_0842_seed-5.rogue"},
		Describe: func(string) string { return "depth 3, turn 512, slain by an Orc" },
	})
	m.HandleKey(Rune('r'))
	require.Equal(t, ModeJournals, m.Mode())
	var at []int
	for _, row := range strings.Split(render(m, 80, 24), "\n") {
		if i := strings.Index(row, "depth 3"); i >= 0 {
			at = append(at, len([]rune(row[:i])))
			assert.Contains(t, row, ".rogue", "the name keeps its end")
		}
	}
	require.Len(t, at, 2)
	assert.Equal(t, at[0], at[1])
}

// A game that ended at 0 HP shows it in its last column: a mark on the
// axis, where a bar of 0 cells drew nothing and the chart seemed to stop
// at the HP before.
func TestTheDeathChartsLastColumnShowsTheHPWentToZero(t *testing.T) {
	hp := []int{30, 30, 30, 29, 31, 30, 30, 0}
	rows := strings.Split(strings.TrimRight(chartText(hp, 20, 6), "\n"), "\n")
	axis := []rune(rows[4])
	require.Equal(t, '└', axis[2])
	assert.Equal(t, '×', axis[len(axis)-1], "the last column, on the axis: %q", rows[4])
	assert.NotContains(t, string(axis[:len(axis)-3]), "×", "only where HP was 0")
}

// Explore stopping on a second Chain Mail said "You see here: a Chain
// Mail. (x2)" in the history only: the line counted again kept the tile
// it was first said on, and was left out as stale.
func TestALineSaidAgainOnAnotherTileIsShown(t *testing.T) {
	m, step, _ := corridorGame(t)
	dagger, ok := m.State.Content().ByName("Dagger")
	require.True(t, ok)
	for _, x := range []int{3, 4} {
		require.NoError(t, m.State.Apply(&events.Spawned{ID: m.State.NextID, Kind: dagger, Pos: events.Pos{X: x, Y: 2}}))
	}
	step(&events.Move{Dir: events.East})
	step(&events.Move{Dir: events.East})
	require.Equal(t, []string{"You see here: a Dagger (g picks up). (x2)"}, m.Messages(1))
	assert.Contains(t, render(m, 80, 24), "You see here: a Dagger (g picks up). (x2)")
}
