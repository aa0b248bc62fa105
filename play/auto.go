package play

import (
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/auto"
	"rogue/events"
	"rogue/view"
)

// stepPause is how long each step of a walk (explore, travel, run) stays
// on the screen, so that the player sees it and can stop it with a key.
const stepPause = 15 * time.Millisecond

// start begins the job a key or a click ordered, or says why it cannot.
func (p *player) start(o auto.Order) {
	if p.sess == nil {
		return
	}
	if why := p.jobs.Start(o, p.sess.g.State); why != "" {
		p.m.Remind(why)
	}
}

// stop ends the job under way, saying why ("" for nothing).
func (p *player) stop(why string) {
	if p.jobs.Working() {
		p.jobs.Stop()
		p.m.Say(why)
	}
}

// work plays the multi-turn action the last key or click started (rest,
// explore, travel, run, a walk): one ordinary turn at a time, each
// through play as a key's command is, drawn as it goes. A refused step,
// a screen other than the map (a level to choose, the game over), any
// key press or click stops it; the key is taken by the stop and does
// nothing else.
func (p *player) work() {
	for p.jobs.Working() && p.sess != nil {
		if p.m.Mode() != view.ModePlay {
			p.stop("")
			return
		}
		cmd, why := p.jobs.Next(p.sess.g.State)
		if cmd == nil {
			p.m.Say(why)
			return
		}
		if !p.play(cmd) {
			p.stop("")
			return
		}
		p.canvas.Draw(p.m)
		if _, resting := cmd.(*events.Wait); !resting {
			time.Sleep(p.pause)
		}
		for p.screen.HasPendingEvent() {
			switch ev := p.screen.PollEvent().(type) {
			case *tcell.EventKey:
				p.stop("You stop: you pressed a key.")
			case *tcell.EventMouse:
				if ev.Buttons()&(tcell.Button1|tcell.Button2|tcell.Button3) != 0 {
					p.stop("You stop: you clicked.")
				}
			case *tcell.EventResize:
				p.m.Resize(ev.Size())
				p.screen.Sync()
			case nil, *tcell.EventInterrupt:
				p.stop("")
				p.screen.PostEvent(tcell.NewEventInterrupt(nil))
				return
			}
		}
	}
}
