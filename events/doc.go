// Package events defines what a journal holds: the commands a player gives
// (intents such as "move north-east" or "read this scroll at that tile") and
// the facts the rules decided (past tense, every die roll inside), their
// stable numeric wire codes, and the compact msgpack codec that writes each
// one as its code followed by its fields (see TurnEncoder for the formats).
//
// Wire codes are registered once and never reused. A Go type may be renamed
// freely; its code may not change. A changed shape gets a new code, and the
// decoder keeps reading the old one (upcasting it to the current type).
package events
