//go:build !unix

package play

// suspend does nothing where there is no job control to give the
// terminal back to (a browser tab): Ctrl-Z leaves the game on screen.
func (p *player) suspend() {}
