// Package path finds how a monster walks toward its target: A* over 8-way
// moves with integer costs, deterministic to the tie, bounded in work, and
// allocation-free when its Finder is reused.
package path
