package fov

import "rogue/events"

// HasDisc reports whether s holds every tile of its map within radius of
// origin: the disc Compute limits a view to (dx*dx + dy*dy <= r*r + r;
// the origin alone for a radius of 0 or less). A field of view is a
// subset of its disc, so when s holds the disc, adding the view from
// origin to s adds nothing, and it need not be computed. It costs a few
// word tests a row of the disc.
func (s *Set) HasDisc(origin events.Pos, radius int) bool {
	return s.disc(origin, radius, s.hasRun)
}

// AddDisc adds every tile of s's map within radius of origin (the disc
// HasDisc tests), nothing from an origin off the map. Where every tile of
// a disc is transparent, that is the field of view from its centre:
// Compute sees every tile of a disc that nothing in it shades (and
// nothing from off the map).
func (s *Set) AddDisc(origin events.Pos, radius int) {
	if !s.inBounds(origin) {
		return
	}
	s.disc(origin, radius, func(i, j int) bool { s.addRun(i, j); return true })
}

// disc calls run with the first and last index of each row of the disc
// of radius around origin on s's map, from the disc's edges in (where a
// set is still growing, that is where a tile is missing), until run
// returns false; it reports whether none did.
func (s *Set) disc(origin events.Pos, radius int, run func(i, j int) bool) bool {
	radius = min(max(radius, 0), s.w+s.h) // as Compute clamps it
	disc := radius*radius + radius
	half := 0 // the largest dx with dx*dx + dy*dy <= disc
	for dy := radius; dy >= 0; dy-- {
		for (half+1)*(half+1)+dy*dy <= disc {
			half++
		}
		x0, x1 := max(origin.X-half, 0), min(origin.X+half, s.w-1)
		if x0 > x1 {
			continue
		}
		for _, y := range [2]int{origin.Y - dy, origin.Y + dy} {
			if y >= 0 && y < s.h && !run(y*s.w+x0, y*s.w+x1) {
				return false
			}
			if dy == 0 {
				break
			}
		}
	}
	return true
}

// hasRun reports whether s holds the tiles of indexes i to j (i <= j).
func (s *Set) hasRun(i, j int) bool {
	first, last := i>>6, j>>6
	lo := ^uint64(0) << (i & 63)
	hi := ^uint64(0) >> (63 - j&63)
	if first == last {
		return s.words[first]&(lo&hi) == lo&hi
	}
	if s.words[first]&lo != lo || s.words[last]&hi != hi {
		return false
	}
	for _, w := range s.words[first+1 : last] {
		if w != ^uint64(0) {
			return false
		}
	}
	return true
}

// addRun adds the tiles of indexes i to j (i <= j) to s.
func (s *Set) addRun(i, j int) {
	first, last := i>>6, j>>6
	lo := ^uint64(0) << (i & 63)
	hi := ^uint64(0) >> (63 - j&63)
	if first == last {
		s.words[first] |= lo & hi
		return
	}
	s.words[first] |= lo
	s.words[last] |= hi
	for k := first + 1; k < last; k++ {
		s.words[k] = ^uint64(0)
	}
}
