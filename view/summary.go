package view

import (
	"fmt"
	"rogue/reducer"
	"strings"

	"rogue/events"
)

// DeathSummary is the plain-text account of a finished game that the play
// loop writes next to the journal: how the player died, the character
// (the sheet: attributes, skills, equipment), the backpack, the last
// messages and the HP chart.
func DeathSummary(m *Model) string {
	s := m.State
	var b strings.Builder
	if s == nil || s.Player() == nil {
		return "No game was played.\n"
	}
	if s.Over {
		fmt.Fprintf(&b, "You died: %s on depth %d at turn %d.\n", reducer.DeathCause(s), s.Depth, s.TurnNumber())
	} else {
		fmt.Fprintf(&b, "The game stands at turn %d on depth %d.\n", s.TurnNumber(), s.Depth)
	}
	b.WriteString("\nCharacter\n")
	for _, l := range sheetLines(s) {
		var t strings.Builder
		for _, sp := range l {
			t.WriteString(sp.text)
		}
		fmt.Fprintf(&b, "%s\n", strings.TrimRight("  "+t.String(), " "))
	}
	b.WriteString("\nBackpack\n")
	pack := s.Backpack(events.PlayerID)
	if len(pack) == 0 {
		b.WriteString("  (empty)\n")
	}
	for i, it := range pack {
		fmt.Fprintf(&b, "  %c  %s\n", 'a'+i, s.Content().Name(it.Kind))
	}
	b.WriteString("\nLast messages\n")
	for _, msg := range m.Messages(12) {
		fmt.Fprintf(&b, "  %s\n", msg)
	}
	b.WriteString("\nHP over the game (each column the lowest of its turns)\n")
	for _, l := range strings.Split(strings.TrimRight(chartText(m.hp, 76, 12), "\n"), "\n") {
		fmt.Fprintf(&b, "%s\n", strings.TrimRight("  "+l, " "))
	}
	return b.String()
}
