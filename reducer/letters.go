package reducer

import "rogue/events"

// The backpack's letters: each stack of identical items in the player's
// backpack has a letter, a to z, that it keeps for as long as any item of
// its kind is there, so that the letter a player has learnt for the
// potions still drinks a potion after a scroll is read. Which letters are
// free when a stack comes in depends on the stacks that came and went
// before, so the letters are folded with the game (as each item comes
// into the player's backpack or leaves it) and kept
// in the state and its snapshots: a resumed game, a replay and a take-over
// give the same letters. They are derived from the facts alone and never
// read by the rules, so they are not in the digest.

// packLetters is each letter's stack: for letter a+i, 1 + the StackKey
// of its stack (0: the letter is free) and how many unworn items of the
// player's are in it. The fold keeps it item by item (intoPack,
// outOfPack), a loop over 26 letters, so that a journal of many items
// folds no slower for it. A fact that changes the StackKey of an item in
// the backpack (rules 3's Enchanted) moves it with restack.
type packLetters struct {
	key [26]int
	n   [26]int32
}

// StackKey is what tells the backpack's stacks apart: items of one kind
// and one level (an enchantment, should rules give items one; 0 for the
// items of rules 1 and 2, whose key is their kind) stack.
func StackKey(it *Entity) int { return it.Kind + it.Level<<16 }

// PackLetter is the letter of the backpack's stack of key (StackKey), or
// 0 when the player carries no such item unworn.
func (s *State) PackLetter(key int) rune {
	for i, k := range s.letters.key {
		if k == key+1 {
			return rune('a' + i)
		}
	}
	return 0
}

// in counts an item of stack key into the backpack: into its stack's
// letter, or, the first of its stack, into the first free letter from a.
func (l *packLetters) in(key int) {
	free := -1
	for i, k := range l.key {
		switch {
		case k == key+1:
			l.n[i]++
			return
		case k == 0 && free < 0:
			free = i
		}
	}
	if free >= 0 { // (the backpack holds 26 items at most: always)
		l.key[free], l.n[free] = key+1, 1
	}
}

// out counts an item of stack key out of the backpack: the last of its
// stack frees its letter.
func (l *packLetters) out(key int) {
	for i, k := range l.key {
		if k == key+1 {
			if l.n[i]--; l.n[i] <= 0 {
				l.key[i], l.n[i] = 0, 0
			}
			return
		}
	}
}

// restack moves an item of the backpack from stack old to stack new (an
// enchantment changed its StackKey). An item alone in its stack, going to
// a stack the backpack does not have, keeps its letter: the dagger that
// was c is still c at +1. Otherwise it leaves its letter and joins its new
// stack's, or takes the first free one.
func (l *packLetters) restack(old, new int) {
	if old == new {
		return
	}
	for i, k := range l.key {
		if k == old+1 && l.n[i] == 1 && !l.has(new) {
			l.key[i] = new + 1
			return
		}
	}
	l.out(old)
	l.in(new)
}

// has says whether stack key has a letter.
func (l *packLetters) has(key int) bool {
	for _, k := range l.key {
		if k == key+1 {
			return true
		}
	}
	return false
}

// recount sets how many items each letter's stack holds from the
// backpack, after a snapshot gave the letters: a letter whose stack is
// not there is freed, and a stack without a letter takes one.
func (s *State) recount() {
	var n [26]int32
	pack := s.Backpack(events.PlayerID)
	for _, it := range pack {
		for i, k := range s.letters.key {
			if k == StackKey(it)+1 {
				n[i]++
			}
		}
	}
	for i := range n {
		if n[i] == 0 {
			s.letters.key[i] = 0
		}
	}
	s.letters.n = n
	for _, it := range pack {
		if s.PackLetter(StackKey(it)) == 0 {
			s.letters.in(StackKey(it))
		}
	}
}
