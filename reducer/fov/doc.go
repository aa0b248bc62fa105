// Package fov computes what a viewer sees: symmetric shadowcasting
// (Albert Ford, https://www.albertford.com/shadowcasting/) with exact
// integer slopes, limited to a disc, writing into a reusable bitset.
//
// Symmetry is the point: for two floor tiles A and B, B is in the field of
// view from A exactly when A is in the field of view from B. The game
// computes one field of view per turn, the player's, and a monster sees
// the player exactly when its tile is in it.
package fov
