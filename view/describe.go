package view

import (
	"fmt"
	"slices"

	"rogue/auto"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/dungeon"
)

// Describe (v): what the player sees, in words, for a player who cannot
// see the map (a screen reader reads the page's copy of the log): every
// monster, item and the stairs down in view, nearest first, each with its
// direction and distance. Distance is counted as the rules count range
// (a range-6 scroll reaches what is "6 away"), so the words and the
// aiming cursor never disagree.

// Describe says what the player sees on s: one line for each monster,
// item and the stairs in view, nearest first, after a first line that
// counts them. The page calls it as the v key does.
func Describe(s *reducer.State) []string {
	p := s.Player()
	if p == nil || s.Map == nil {
		return []string{"There is nothing to see."}
	}
	type seen struct {
		d    int
		id   events.EntityID
		text string
	}
	var all []seen
	for e := range s.Entities() {
		if !e.OnMap() || e.ID == events.PlayerID || !s.Map.InBounds(e.Pos) || !s.CanSee(e.Pos) || e.Holder != 0 {
			continue
		}
		text := reducer.Article(s.Content().Name(e.Kind))
		if s.IsActor(e) {
			text = actorPhrase(s, e)
		}
		all = append(all, seen{auto.Reach(p.Pos, e.Pos), e.ID, text + ", " + auto.WhereIs(p.Pos, e.Pos)})
	}
	for q := range s.Explored().All() {
		if s.Map.At(q) == dungeon.DownStairs && s.CanSee(q) && q != p.Pos {
			all = append(all, seen{auto.Reach(p.Pos, q), 0, "the stairs down, " + auto.WhereIs(p.Pos, q)})
		}
	}
	slices.SortFunc(all, func(a, b seen) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return int(a.id) - int(b.id)
	})
	head := "You see nothing around you."
	switch {
	case len(all) == 1:
		head = "You see one thing."
	case len(all) > 1:
		head = fmt.Sprintf("You see %d things, the nearest first.", len(all))
	}
	if s.Map.At(p.Pos) == dungeon.DownStairs {
		head = "You stand on the stairs down. " + head
	}
	lines := []string{head}
	for _, e := range all {
		lines = append(lines, capitalizeFirst(e.text)+".")
	}
	return lines
}
