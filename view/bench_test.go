package view

import (
	"fmt"
	"testing"

	"github.com/gdamore/tcell/v2"

	"rogue/internal/benchcpu"
)

// BenchmarkDraw draws one frame of a game under way (seed 4 at turn 43:
// foes in view, the log filling), at 80x24 and 200x60: onto a text canvas
// (the view's own work), and onto a tcell simulation screen including
// Show (what a frame costs in the terminal, less the terminal's I/O).
func BenchmarkDraw(b *testing.B) {
	m := withFoes(b).m
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		w, h := size[0], size[1]
		b.Run(fmt.Sprintf("text/%dx%d", w, h), func(b *testing.B) {
			c := NewTextCanvas(w, h)
			clock := benchcpu.Start()
			for b.Loop() {
				Draw(c, m)
			}
			benchcpu.Report(b, clock, 1, "frames")
		})
		b.Run(fmt.Sprintf("tcell/%dx%d", w, h), func(b *testing.B) {
			sim := tcell.NewSimulationScreen("UTF-8")
			if err := sim.Init(); err != nil {
				b.Fatal(err)
			}
			defer sim.Fini()
			sim.SetSize(w, h)
			s := NewScreen(sim, false)
			clock := benchcpu.Start()
			for b.Loop() {
				s.Draw(m)
			}
			benchcpu.Report(b, clock, 1, "frames")
		})
	}
}
