//go:build unix

package play

import (
	"os"
	"os/signal"
	"syscall"
)

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
