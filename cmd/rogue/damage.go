package main

import "rogue/play"

// damaged is the error of a read command that reached damage in the
// journal at path (play.Damaged: exit 3, and how to salvage it).
var damaged = play.Damaged
