package view

import (
	"fmt"
	"slices"

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
		all = append(all, seen{reach(p.Pos, e.Pos), e.ID, text + ", " + whereFrom(p.Pos, e.Pos)})
	}
	for q := range s.Explored().All() {
		if s.Map.At(q) == dungeon.DownStairs && s.CanSee(q) && q != p.Pos {
			all = append(all, seen{reach(p.Pos, q), 0, "the stairs down, " + whereFrom(p.Pos, q)})
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

// reach is the distance from p to q as the rules measure range: the
// least r with dx² + dy² <= r².
func reach(p, q events.Pos) int {
	dx, dy := q.X-p.X, q.Y-p.Y
	d2 := dx*dx + dy*dy
	r := 0
	for r*r < d2 {
		r++
	}
	return r
}

// whereFrom says where q lies from p: "next to you, west", "6 away
// north-east". Eight compass points, the diagonal when neither axis is
// more than twice the other.
func whereFrom(p, q events.Pos) string {
	dx, dy := q.X-p.X, q.Y-p.Y
	ax, ay := max(dx, -dx), max(dy, -dy)
	if ax*2 < ay {
		dx = 0
	}
	if ay*2 < ax {
		dy = 0
	}
	d, _ := events.DirTo(events.Pos{}, events.Pos{X: min(max(dx, -1), 1), Y: min(max(dy, -1), 1)})
	if max(ax, ay) <= 1 {
		return "next to you, " + d.String()
	}
	return fmt.Sprintf("%d away %s", reach(p, q), d)
}
