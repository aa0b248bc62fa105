package play

import (
	"os"
	"os/signal"
	"syscall"
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

// suspend gives the terminal back to the shell and stops the program
// (Ctrl-Z), as a shell's job control would; when the shell continues it,
// the screen is taken back and drawn whole.
func (p *player) suspend() {
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	defer signal.Stop(cont)
	if err := p.screen.Suspend(); err != nil {
		return
	}
	if err := syscall.Kill(0, syscall.SIGTSTP); err == nil {
		<-cont // the shell's fg
	}
	_ = p.screen.Resume()
	p.screen.Sync()
}
