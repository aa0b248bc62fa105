package view

import (
	"fmt"
	"strings"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/dungeon"
)

// Look (x): a cursor, moved with the movement keys or from monster to
// monster with Tab and Shift-Tab (as when aiming), and a description of
// what the player sees or remembers under it.

func (m *Model) keyLook(k Key) Intent {
	if d, ok := direction(k); ok {
		m.moveCursor(d)
		return Intent{}
	}
	switch {
	case k.Code == KeyTab, k.Code == KeyBacktab:
		m.nextHostile(k.Code == KeyBacktab) // as when aiming
	case k.Code == KeyEsc, k.Code == KeyEnter, k == Rune('x'):
		m.mode = ModePlay
	case k == Rune('Q'):
		return Intent{Quit: true}
	}
	return Intent{}
}

// lookLines are shown in the message area while looking.
// When what is seen there has a look description, it takes the title's
// line: the message area of the smallest screen has three.
func (m *Model) lookLines() []line {
	hint := styled("Move: movement keys  Tab: next monster  Esc: done", styleHint)
	if l := lookText(m.State, m.cursor); l != "" {
		return []line{plain(describe(m.State, m.cursor)), plain(l), hint}
	}
	return []line{styled("Looking.", styleTitle), plain(describe(m.State, m.cursor)), hint}
}

// lookText is the tables' description of what the player sees on p: the
// actor there, else the first item; "" for none.
func lookText(s *reducer.State, p events.Pos) string {
	if s == nil || s.Map == nil || !s.Map.InBounds(p) || !s.CanSee(p) {
		return ""
	}
	if a := s.ActorAt(p); a != nil && a.ID != events.PlayerID {
		return s.Content().LookOf(a.Kind)
	}
	for _, it := range s.ItemsAt(p) {
		return s.Content().LookOf(it.Kind)
	}
	return ""
}

// describe says what the player knows of tile p: what is visibly on it,
// what it is remembered as, or that it was never seen.
func describe(s *reducer.State, p events.Pos) string {
	if s.Map == nil || !s.Map.InBounds(p) {
		return "Nothing but rock."
	}
	tile := tileName(s.Map.At(p))
	if !s.CanSee(p) {
		if s.Explored().Has(p) {
			return fmt.Sprintf("You remember %s there.", tile)
		}
		return "You have not seen that spot."
	}
	var things []string
	if a := s.ActorAt(p); a != nil {
		things = append(things, actorPhrase(s, a))
	}
	for _, it := range s.ItemsAt(p) {
		things = append(things, reducer.Article(s.Content().Name(it.Kind)))
	}
	if s.Map.At(p) == dungeon.Wall {
		return "You see a wall."
	}
	if len(things) == 0 {
		return fmt.Sprintf("You see %s.", tile)
	}
	return fmt.Sprintf("You see %s on %s.", joinAnd(things), tile)
}

// tileSummary names the most notable thing the player sees on p, in a few
// words: an actor, else an item, else the tile.
func tileSummary(s *reducer.State, p events.Pos) string {
	if a := s.ActorAt(p); a != nil {
		return actorPhrase(s, a)
	}
	if items := s.ItemsAt(p); len(items) > 0 {
		return reducer.Article(s.Content().Name(items[0].Kind))
	}
	if s.Map == nil {
		return "nothing"
	}
	return tileName(s.Map.At(p))
}

// actorPhrase is "yourself" or "a Goblin (HP 5/9, confused)".
func actorPhrase(s *reducer.State, a *reducer.Entity) string {
	if a.ID == events.PlayerID {
		return "yourself"
	}
	status := fmt.Sprintf("HP %d/%d", a.HP, s.MaxHP(a))
	if a.ConfusedUntil > s.Turn {
		status += ", confused"
	}
	switch a.Mood {
	case events.Asleep:
		status += ", asleep"
	case events.Fleeing:
		status += ", fleeing"
	}
	if !s.SeesPlayer(a) {
		status += ", unaware of you"
	}
	return fmt.Sprintf("%s (%s)", reducer.Article(s.Content().Name(a.Kind)), status)
}

func tileName(t dungeon.Tile) string {
	switch t {
	case dungeon.Wall:
		return "a wall"
	case dungeon.Floor:
		return "the floor"
	case dungeon.DownStairs:
		return "the stairs down"
	}
	return "something strange"
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
