// Package dungeon is the level: the tiles of a map, the pure function that
// carves them from a level's compact description (the rooms, corridors and
// stairs a LevelEntered fact carries), and the generator that draws such a
// description from the random stream.
//
// Replay never runs Generate: the level it drew is journaled, and Carve
// turns it back into tiles. Carve reads untrusted input, so it checks
// everything, returns an error naming what is wrong, and never panics.
package dungeon
