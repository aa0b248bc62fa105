package reducer

import "rogue/events"

// The backpack's letters: each stack of identical items in the player's
// backpack has a letter, a to z, that it keeps for as long as any item of
// its kind is there, so that the letter a player has learnt for the
// potions still drinks a potion after a scroll is read. Which letters are
// free when a stack comes in depends on the stacks that came and went
// before, so the letters are folded with the game (after each fact that
// moves an item into, out of or within the player's belongings) and kept
// in the state and its snapshots: a resumed game, a replay and a take-over
// give the same letters. They are derived from the facts alone and never
// read by the rules, so they are not in the digest.

// packLetters holds, for each letter a to z, 1 + the kind of the stack
// that has it, or 0 when the letter is free.
type packLetters [26]int

// PackLetter is the letter of the backpack's stack of kind, or 0 when the
// player carries no item of kind unworn.
func (s *State) PackLetter(kind int) rune {
	for i, k := range s.letters {
		if k == kind+1 {
			return rune('a' + i)
		}
	}
	return 0
}

// movesBelongings reports whether fact f may change what the player
// carries unworn: then the letters are folded again after it.
func movesBelongings(f events.Fact) bool {
	switch f := f.(type) {
	case *events.PickedUp, *events.Dropped, *events.Equipped, *events.Unequipped, *events.Consumed:
		return true
	case *events.Spawned:
		return f.Holder != 0
	}
	return false
}

// keepLetters folds the letters after a fact: a kind no longer in the
// backpack gives its letter up, a kind that keeps a stack keeps its
// letter, and a new stack (in the order the backpack lists them, the order
// their items went in) takes the first free letter from a. The backpack
// holds at most 26 stacks, so there are letters enough.
func (s *State) keepLetters() {
	var out packLetters
	pack := s.Backpack(events.PlayerID)
	has := func(kind int) bool {
		for _, it := range pack {
			if it.Kind == kind {
				return true
			}
		}
		return false
	}
	for i, k := range s.letters {
		if k != 0 && has(k-1) {
			out[i] = k
		}
	}
	for _, it := range pack {
		lettered := false
		for _, k := range out {
			if k == it.Kind+1 {
				lettered = true
				break
			}
		}
		if lettered {
			continue
		}
		for i, k := range out {
			if k == 0 {
				out[i] = it.Kind + 1
				break
			}
		}
	}
	s.letters = out
}
