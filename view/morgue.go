package view

import (
	"fmt"
	"slices"
	"strings"

	"rogue/events"
	"rogue/reducer"
)

// The morgue: the plain-text account of a game written beside its journal
// when the player dies (and printed by rogue dump --morgue). Everything in
// it is folded from the journal (play.FoldMorgue); this file only words it.

// Morgue is what the morgue says of a game.
type Morgue struct {
	// State is the game at its last turn; the morgue reads it and never
	// changes it.
	State *reducer.State
	// HP is the player's HP after every turn (hp[i]: after turn i).
	HP []int
	// Messages are the last messages of the game, oldest first.
	Messages []string
	// Kills are the monsters the player killed, by kind, most first.
	Kills []Kill
	// Timeline is when each depth and each character level was first
	// reached, in the order of the turns.
	Timeline []Milestone
}

// Kill is how many monsters of one kind the player killed.
type Kill struct {
	Kind, N int
}

// Milestone is the turn a depth (Depth > 0) or a character level (Level >
// 0) was first reached.
type Milestone struct {
	Turn, Depth, Level int
}

// MorgueMessages is how many of the last messages a morgue keeps.
const MorgueMessages = 12

// MorgueText is the morgue of mg, after its heading (the version line and
// the journal's, which the caller knows): how the game ended, the
// character and equipment, the backpack stacked as the inventory shows it,
// the kills by kind, the timeline, the remembered map, the last messages
// and the HP chart. Every line fits 80 columns but the map's, as wide as
// the level.
func MorgueText(mg Morgue) string {
	s := mg.State
	var b strings.Builder
	if s == nil || s.Player() == nil {
		return "No game was played.\n"
	}
	if s.Won {
		fmt.Fprintf(&b, "You won: you hold the %s, on depth %d at turn %d.\n", s.Name(s.Goal), s.Depth, s.TurnNumber())
	} else if s.Over {
		fmt.Fprintf(&b, "You died: %s on depth %d at turn %d.\n", reducer.DeathCause(s), s.Depth, s.TurnNumber())
	} else {
		fmt.Fprintf(&b, "The game stands at turn %d on depth %d.\n", s.TurnNumber(), s.Depth)
	}
	section := func(title string) { fmt.Fprintf(&b, "\n%s\n", title) }
	indent := func(l string) { fmt.Fprintf(&b, "%s\n", strings.TrimRight("  "+l, " ")) }

	section("Character")
	for _, l := range sheetLines(s) {
		var t strings.Builder
		for _, sp := range l {
			t.WriteString(sp.text)
		}
		indent(t.String())
	}

	section("Backpack")
	pack := stacks(s.Backpack(events.PlayerID))
	if len(pack) == 0 {
		indent("(empty)")
	}
	slices.SortFunc(pack, func(a, b stack) int { // by their letters, as the inventory lists them
		return int(s.PackLetter(a.key)) - int(s.PackLetter(b.key))
	})
	for _, st := range pack {
		indent(fmt.Sprintf("%c  %s", s.PackLetter(st.key), counted(itemName(s, st.items[0]), len(st.items))))
	}

	total := 0
	for _, k := range mg.Kills {
		total += k.N
	}
	section(fmt.Sprintf("Kills (%d)", total))
	if total == 0 {
		indent("(none)")
	}
	for _, k := range mg.Kills {
		name := s.Content().Name(k.Kind)
		if k.N != 1 {
			name = plural(name)
		}
		indent(fmt.Sprintf("%5d  %s", k.N, name))
	}

	section("Timeline")
	for _, t := range mg.Timeline {
		what := fmt.Sprintf("reached character level %d", t.Level)
		switch {
		case t.Turn == 0 && t.Depth > 0:
			what = fmt.Sprintf("entered the dungeon at depth %d", t.Depth)
		case t.Depth > 0:
			what = fmt.Sprintf("reached depth %d", t.Depth)
		}
		indent(fmt.Sprintf("turn %7d  %s", t.Turn, what))
	}
	if s.Over {
		indent(fmt.Sprintf("turn %7d  %s on depth %d", s.TurnNumber(), reducer.DeathCause(s), s.Depth))
	}

	section(fmt.Sprintf("The map of depth %d as the player knew it", s.Depth))
	indent("(@ the player, a letter a monster in view, > the stairs, other signs items)")
	for _, l := range morgueMap(s) {
		indent(l)
	}

	section("Last messages")
	if len(mg.Messages) == 0 {
		indent("(none)")
	}
	for _, msg := range mg.Messages {
		indent(msg)
	}

	section("HP over the game (each column the lowest of its turns)")
	for _, l := range strings.Split(strings.TrimRight(chartText(mg.HP, ChartWidth, ChartHeight), "\n"), "\n") {
		indent(l)
	}
	return b.String()
}

// morgueMap is the level as the player knew it at the end: the explored
// tiles, what was in view on them, the player; the rows and columns
// nothing was seen on left out.
func morgueMap(s *reducer.State) []string {
	if s.Map == nil {
		return []string{"(no map)"}
	}
	w, h := s.Map.Width, s.Map.Height
	c := NewTextCanvas(w, h)
	m := &Model{State: s}
	m.drawMap(c, layout{mapArea: rect{0, 0, w, h}, steadyH: h})
	rows := strings.Split(strings.TrimRight(c.String(), "\n"), "\n")
	for len(rows) > 0 && strings.TrimSpace(rows[0]) == "" {
		rows = rows[1:]
	}
	cut := w
	for _, r := range rows {
		if t := strings.TrimLeft(r, " "); t != "" {
			cut = min(cut, len(r)-len(t))
		}
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		if len(r) >= cut {
			r = r[cut:]
		}
		out[i] = strings.TrimRight(r, " ")
	}
	if len(out) == 0 {
		return []string{"(nothing seen)"}
	}
	return out
}
