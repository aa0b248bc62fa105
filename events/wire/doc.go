// Package wire is the journal's codec: the compact msgpack bytes a turn of
// package events is written as, in every format version (see TurnEncoder),
// the decoder and its fast paths, and the shape checks for untrusted bytes.
// Each command's and fact's put and get, the fast paths' cases and the
// decoder's slab pools are generated from the types of package events
// (the *_gen.go files, by go generate ./events/...); what is written by
// hand is the framing of each format, the shorthands and openers, and the
// few types whose layout is not one field after another (LevelEntered's
// lists, Use's target).
package wire
