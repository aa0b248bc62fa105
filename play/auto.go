package play

import (
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/events"
)

// stepPause is how long each step of a walk (explore, travel, run) stays
// on the screen, so that the player sees it and can stop it with a key.
const stepPause = 15 * time.Millisecond

// work plays the multi-turn action the last key started (rest, explore,
// travel, run): one ordinary turn at a time, each through play as a
// key's command is, drawn as it goes. A refused step or any key press
// stops it; the key is taken by the stop and does nothing else.
func (p *player) work() {
	for p.m.Working() {
		cmd := p.m.NextCommand()
		if cmd == nil {
			return
		}
		if !p.play(cmd) {
			p.m.StopJob("")
			return
		}
		p.canvas.Draw(p.m)
		if _, resting := cmd.(*events.Wait); !resting {
			time.Sleep(stepPause)
		}
		for p.screen.HasPendingEvent() {
			switch ev := p.screen.PollEvent().(type) {
			case *tcell.EventKey:
				p.m.StopJob("You stop: you pressed a key.")
			case *tcell.EventResize:
				p.m.Resize(ev.Size())
				p.screen.Sync()
			case nil, *tcell.EventInterrupt:
				p.m.StopJob("")
				p.screen.PostEvent(tcell.NewEventInterrupt(nil))
				return
			}
		}
	}
}
