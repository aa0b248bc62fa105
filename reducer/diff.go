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
	for i := range gameFields {
		f := &gameFields[i]
		add(f.name, f.value(a), f.value(b))
	}
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
		for i := range entityFields {
			f := &entityFields[i]
			add(who+" "+f.name, f.get(a, x), f.get(b, y))
		}
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
