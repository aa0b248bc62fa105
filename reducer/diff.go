package reducer

import (
	"fmt"

	"rogue/events"
)

// Diff lists what differs between two states, one line per field, in a
// fixed order ("player HP: 7 against 4"). It is for people reading a
// divergence, not for deciding anything.
func Diff(a, b *State) []string {
	var out []string
	add := func(name string, x, y any) {
		if x != y {
			out = append(out, fmt.Sprintf("%s: %v against %v", name, x, y))
		}
	}
	add("turn", a.Turn, b.Turn)
	add("random draws", a.Draws, b.Draws)
	add("depth", a.Depth, b.Depth)
	add("next entity id", a.NextID, b.NextID)
	add("hunger", a.Hunger, b.Hunger)
	add("hunger until", a.HungerUntil, b.HungerUntil)
	add("kills", a.Kills, b.Kills)
	add("game over", a.Over, b.Over)
	ids := map[events.EntityID]bool{}
	var order []events.EntityID
	for _, s := range []*State{a, b} {
		for e := range s.Entities() {
			if id := e.ID; !ids[id] {
				ids[id] = true
				order = append(order, id)
			}
		}
	}
	sortIDs(order)
	for _, id := range order {
		x, y := a.Get(id), b.Get(id)
		who := fmt.Sprintf("entity %d", id)
		if id == events.PlayerID {
			who = "player"
		}
		switch {
		case x == nil:
			out = append(out, fmt.Sprintf("%s (%s): absent against present", who, b.content.Name(y.Kind)))
			continue
		case y == nil:
			out = append(out, fmt.Sprintf("%s (%s): present against absent", who, a.content.Name(x.Kind)))
			continue
		}
		who += " (" + a.content.Name(x.Kind) + ")"
		add(who+" kind", x.Kind, y.Kind)
		add(who+" position", x.Pos, y.Pos)
		add(who+" holder", x.Holder, y.Holder)
		add(who+" slot", x.Slot, y.Slot)
		add(who+" HP", x.HP, y.HP)
		add(who+" XP", x.XP, y.XP)
		add(who+" level", x.Level, y.Level)
		add(who+" attributes", x.Attributes, y.Attributes)
		add(who+" skills", x.Skills, y.Skills)
		add(who+" confused until", x.ConfusedUntil, y.ConfusedUntil)
		add(who+" searches at", x.SearchAt, y.SearchAt)
		add(who+" searches until", x.SearchUntil, y.SearchUntil)
	}
	return out
}

func sortIDs(ids []events.EntityID) {
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && ids[j] < ids[j-1]; j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
}
