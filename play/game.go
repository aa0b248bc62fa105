package play

// Game is a journal opened as rogue play --journal opens it to play on,
// without the screen: locked against other rogues until Close, its torn
// end (if any) cut into a side file.
type Game struct{ ss *session }

// Open opens the game in the journal at path to play on. A game that
// cannot be continued is refused with an error that has an ExitCode.
func Open(path string) (*Game, error) {
	ss, err := openSession(path)
	if err != nil {
		return nil, err
	}
	return &Game{ss: ss}, nil
}

// Turn is the number of turns played so far.
func (g *Game) Turn() int { return g.ss.g.State.Turn }

// Torn is the note about a torn last turn cut into a side file, or "".
func (g *Game) Torn() string { return g.ss.torn }

// Close closes the journal and lets go of its lock.
func (g *Game) Close() error { return g.ss.close() }
