// Package events defines what a journal holds: the commands a player gives
// (intents such as "move north-east" or "read this scroll at that tile") and
// the facts the rules decided (past tense, every die roll inside), their
// stable numeric wire codes, the turn that holds them, and the enums and
// geometry they are made of. It is the vocabulary the rules (reducer) speak;
// the bytes a journal writes them as are package events/wire's.
//
// Each command and fact is declared once, here: a struct type T, whose
// fields in order are its wire layout, and its wire code, a constant CodeT.
// go generate ./events/... writes the rest from them (each T's Code method,
// its registration, the equality table here; the codec in events/wire): see
// CONTRIBUTING.md, "Adding a fact type".
//
// Wire codes are registered once and never reused. A Go type may be renamed
// freely; its code may not change (a //wire:name comment keeps its wire
// name). A changed shape gets a new code, and the decoder keeps reading the
// old one (upcasting it to the current type).
package events

//go:generate go run ./internal/gen
