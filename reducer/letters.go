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

// packLetters holds, for each letter a to z, 1 + the StackKey of the
// stack that has it, or 0 when the letter is free.
type packLetters [26]int

// StackKey is what tells the backpack's stacks apart: items of one kind
// and one level (an enchantment, should rules give items one; 0 for the
// items of rules 1 and 2, whose key is their kind) stack.
func StackKey(it *Entity) int { return it.Kind + it.Level<<16 }

// PackLetter is the letter of the backpack's stack of key (StackKey), or
// 0 when the player carries no such item unworn.
func (s *State) PackLetter(key int) rune {
	for i, k := range s.letters {
		if k == key+1 {
			return rune('a' + i)
		}
	}
	return 0
}

// movesBelongings reports whether fact f may change what the player
// carries unworn, or how it stacks: then the letters are folded again
// after it. The facts that cannot are listed; any other (a fact added
// since, say) folds them again, which costs little and is never wrong.
func movesBelongings(f events.Fact) bool {
	switch f := f.(type) {
	case *events.Moved, *events.Healed, *events.Damaged, *events.Attacked, *events.Staggered,
		*events.GainedXP, *events.LevelledUp, *events.SkillRaised, *events.HungerChanged,
		*events.Confused, *events.LostSight, *events.Died, *events.LevelEntered:
		return false
	case *events.Spawned:
		return f.Holder != 0
	}
	return true
}

// keepLetters folds the letters after a fact: a kind no longer in the
// backpack gives its letter up, a kind that keeps a stack keeps its
// letter, and a new stack (in the order the backpack lists them, the order
// their items went in) takes the first free letter from a. The backpack
// holds at most 26 stacks, so there are letters enough.
func (s *State) keepLetters() {
	var out packLetters
	pack := s.Backpack(events.PlayerID)
	has := func(key int) bool {
		for _, it := range pack {
			if StackKey(it) == key {
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
		key := StackKey(it) + 1
		lettered := false
		for _, k := range out {
			if k == key {
				lettered = true
				break
			}
		}
		if lettered {
			continue
		}
		for i, k := range out {
			if k == 0 {
				out[i] = key
				break
			}
		}
	}
	s.letters = out
}
