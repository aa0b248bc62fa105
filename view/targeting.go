package view

import (
	"fmt"
	"slices"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Targeting: a ranged item asks for a tile. The cursor starts on the
// nearest visible hostile, never on the reader, moves with the movement
// keys, Tab and Backtab cycle through the visible hostiles, Enter uses the
// item on the cursor's tile, Esc cancels (nothing is journaled). Enter on
// an area item whose blast would reach the reader asks first: y or Enter
// reads it, any other key goes back to aiming.

// startTargeting aims item, the cursor on the nearest visible hostile, or
// when none is in sight on the first open tile next to the player (never
// on the player: a fireball there burns the reader).
func (m *Model) startTargeting(item events.EntityID) {
	m.mode = ModeTarget
	m.item = item
	m.confirm = false
	p := m.State.Player()
	if hs := m.hostiles(); len(hs) > 0 {
		m.cursor = hs[0].Pos
	} else if p != nil {
		m.cursor = p.Pos
		for d := events.Dir(0); d < events.NumDirs; d++ {
			if to := p.Pos.Add(d); m.State.Map != nil && m.State.Map.Walkable(to) {
				m.cursor = to
				break
			}
		}
	}
}

// Refused tells the model the rules refused cmd, for reason: the reason
// goes in the log, and an aimed item's refusal (out of range, no one
// there) goes back to aiming it where the cursor was, so that the player
// can aim again or put it away (Esc).
func (m *Model) Refused(cmd events.Command, reason string) {
	m.Say(reason)
	u, ok := cmd.(*events.Use)
	if !ok || !u.HasTarget || m.State == nil || m.mode != ModePlay {
		return
	}
	if it := m.State.Get(u.Item); it == nil || it.Holder != events.PlayerID {
		return
	}
	m.mode, m.item, m.cursor, m.confirm = ModeTarget, u.Item, u.Target, false
	m.refused = sentence(reason) // shown while aiming again: the log is hidden then
}

// burnsReader reports whether the aimed item is an area item whose blast
// at the cursor reaches the player.
func (m *Model) burnsReader() bool {
	p := m.State.Player()
	return p != nil && m.inBlast(p.Pos)
}

// hostiles are the monsters the player sees, nearest first (ties by id,
// as the rules break them).
func (m *Model) hostiles() []*reducer.Entity {
	s := m.State
	p := s.Player()
	if p == nil {
		return nil
	}
	hs := slices.DeleteFunc(s.Monsters(), func(e *reducer.Entity) bool { return !s.CanSee(e.Pos) })
	slices.SortStableFunc(hs, func(a, b *reducer.Entity) int {
		if c := distance2(p.Pos, a.Pos) - distance2(p.Pos, b.Pos); c != 0 {
			return c
		}
		return int(a.ID) - int(b.ID)
	})
	return hs
}

// nextHostile moves the look or targeting cursor to the next monster in
// view, nearest first (Tab), or the one before (Shift-Tab, back): from
// the one under the cursor, else from the nearest (the farthest, back).
func (m *Model) nextHostile(back bool) {
	hs := m.hostiles()
	if len(hs) == 0 {
		return
	}
	step := 1
	if back {
		step = -1
	}
	next := 0
	if i := slices.IndexFunc(hs, func(e *reducer.Entity) bool { return e.Pos == m.cursor }); i >= 0 {
		next = ((i+step)%len(hs) + len(hs)) % len(hs)
	} else if step < 0 {
		next = len(hs) - 1
	}
	m.cursor = hs[next].Pos
}

func (m *Model) keyTarget(k Key) Intent {
	m.refused = ""
	if m.confirm {
		m.confirm = false
		if k.Code == KeyEnter || k == Rune('y') || k == Rune('Y') {
			m.mode = ModePlay
			return Intent{Command: &events.Use{Item: m.item, HasTarget: true, Target: m.cursor}}
		}
		return Intent{}
	}
	if d, ok := direction(k); ok {
		m.moveCursor(d)
		return Intent{}
	}
	switch k.Code {
	case KeyEsc:
		m.mode = ModePlay
	case KeyTab, KeyBacktab:
		m.nextHostile(k.Code == KeyBacktab)
	case KeyEnter:
		if m.burnsReader() {
			m.confirm = true
			return Intent{}
		}
		m.mode = ModePlay
		return Intent{Command: &events.Use{Item: m.item, HasTarget: true, Target: m.cursor}}
	case KeyRune:
		if k.Rune == 'Q' {
			return Intent{Quit: true}
		}
	}
	return Intent{}
}

// moveCursor moves the look or targeting cursor one step, staying on the map.
func (m *Model) moveCursor(d events.Dir) {
	next := m.cursor.Add(d)
	if s := m.State; s.Map != nil && s.Map.InBounds(next) {
		m.cursor = next
	}
}

// aimed is the item being aimed and what it does, or nils when the item is
// gone (it cannot be, while the screen is up).
func (m *Model) aimed() (*reducer.Entity, *content.Item) {
	it := m.State.Get(m.item)
	if it == nil {
		return nil, nil
	}
	return it, m.State.Content().Item(it.Kind)
}

// inRange reports whether p is within the aimed item's range of the player,
// measured as the rules measure it.
func (m *Model) inRange(p events.Pos) bool {
	_, def := m.aimed()
	pl := m.State.Player()
	if def == nil || def.Use == nil || pl == nil {
		return false
	}
	r := m.State.UseRange(pl, def.Use)
	return distance2(pl.Pos, p) <= r*r
}

// inBlast reports whether p is in the blast of an area item aimed at the
// cursor (false for items that hit one target).
func (m *Model) inBlast(p events.Pos) bool {
	_, def := m.aimed()
	if def == nil || def.Use == nil || def.Use.Target != content.Area {
		return false
	}
	return distance2(m.cursor, p) <= def.Use.Radius*def.Use.Radius
}

// targetLines are the prompt shown in the message area while aiming.
func (m *Model) targetLines() []line {
	_, def := m.aimed()
	if def == nil || def.Use == nil {
		return []line{plain("Nothing to aim.")}
	}
	u := def.Use
	aim := fmt.Sprintf("Aim the %s: range %d", def.Name, m.State.UseRange(m.State.Player(), u))
	if u.Target == content.Area {
		aim += fmt.Sprintf(", blast radius %d", u.Radius)
	}
	s := m.State
	if m.confirm {
		return []line{
			styled(aim+".", styleTitle),
			styled("The blast will reach you too! Read it anyway?", Style{Fg: ColorRed, Bold: true}),
			styled("y or Enter: read it  any other key: aim again", styleHint),
		}
	}
	var at string
	switch {
	case m.refused != "":
		return []line{
			styled(aim+".", styleTitle),
			styled(m.refused, styleWarn),
			styled("Move: movement keys  Tab: next target  Enter: use  Esc: cancel", styleHint),
		}
	case !s.CanSee(m.cursor):
		at = "You cannot see that spot."
	case !m.inRange(m.cursor):
		at = fmt.Sprintf("%s: out of range.", capitalizeFirst(tileSummary(s, m.cursor)))
	default:
		at = fmt.Sprintf("%s: in range.", capitalizeFirst(tileSummary(s, m.cursor)))
	}
	return []line{
		styled(aim+".", styleTitle),
		plain(at),
		styled("Move: movement keys  Tab: next target  Enter: use  Esc: cancel", styleHint),
	}
}

func distance2(a, b events.Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}
