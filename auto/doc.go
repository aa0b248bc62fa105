// Package auto plans the player's multi-turn actions: resting until
// healed, exploring the level, travelling to the known stairs and running
// in a direction. A Job is asked, after every turn, for the next
// one-turn command (a Move or a Wait) or the reason it stops; the program
// plays that command exactly as it plays a key's, so the journal holds
// ordinary turns and the rules decide each one. Exploring walks to the
// nearest unexplored place or item in view not yet stood on, and stops on
// an item (the log says what lies there; picking it up is the player's
// call); an item the player would not take (gear of a kind they hold,
// anything with the backpack full, one they dropped) it neither walks to
// nor stops on.
//
// A Runner holds one player's job under way and what they have seen: the
// screen only says what was ordered (an Order, from a key or a click),
// and the terminal's loop, or a server with no screen, runs it.
//
// A Job sees the game as the player knows it: the tiles the player has
// explored, and the monsters and items in view. It changes nothing and
// draws no random numbers; the same state always gives the same answer.
package auto
