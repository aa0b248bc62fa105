package reducer

import (
	"slices"

	"rogue/events"
)

// Every turn, every monster on the level acts, in id order: finding them
// by looking at every entity cost the rules a walk over a deep level's
// thousand entities (most of them items) each turn. The working copy
// lists the living monsters instead (State.monsters), built from the
// entities once a level (or once a copy) and kept by Apply as monsters
// spawn and die (a monster is never carried, and never changes kind, so
// nothing else adds one or takes one away). Other states keep no list:
// the fold pays nothing for it.

// listMonsters builds the list from the entities.
func (s *State) listMonsters() {
	s.monsters = s.monsters[:0]
	for e := range s.Entities() {
		if e.ID != events.PlayerID && e.Holder == 0 && s.IsActor(e) {
			s.monsters = append(s.monsters, e.ID)
		}
	}
	s.monstersOK = true
}

// monsterGone takes id off the list, if it is there.
func (s *State) monsterGone(id events.EntityID) {
	if i, ok := slices.BinarySearch(s.monsters, id); ok {
		s.monsters = slices.Delete(s.monsters, i, i+1)
	}
}
