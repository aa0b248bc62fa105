package view

import "rogue/reducer/dungeon"

// Light: the terrain the player sees is lit as by the light they carry,
// brightest at their feet and a little darker, and less warm, towards
// the edge of their sight (as Brogue's light falls off); what they only
// remember is dark and cold. The fall is gentle (the farthest lit tile
// keeps 76% of the nearest's brightness) and in a few steps, so that a
// wall far off still reads as a wall and the screen does not flicker
// as the player walks: a tile's light changes only when its distance
// crosses a step.

// lightFactor and lightWarmth are each light level's brightness and how
// much of the torch's warm color it takes.
var (
	lightFactor = [lightLevels]float64{1, 0.92, 0.84, 0.76}
	lightWarmth = [lightLevels]float64{0.12, 0.07, 0.03, 0}
)

// lightLevel is the light of a visible tile dx, dy from the player who
// sees vision tiles far: 0 (the brightest) within the first quarter of
// sight's area, then a level for each further quarter, by the square of
// the distance (light spreads over an area, and the rules' sight is a
// circle too).
func lightLevel(dx, dy, vision int) int {
	r := vision + 1
	if r <= 1 {
		return 0
	}
	return min(lightLevels-1, lightLevels*(dx*dx+dy*dy)/(r*r))
}

// Remembered is the light level of a tile out of sight, for TileStyle.
const Remembered = remembered

// LightLevels is how many light levels a visible tile may have (0, the
// brightest, to LightLevels-1).
const LightLevels = lightLevels

// TileStyle is how a tile of kind t is drawn at light level l: the
// page's tests find the walls of each light by it.
func TileStyle(t dungeon.Tile, l int) Style {
	_, st := tileGlyph(t, l)
	return st
}
