// Package client is the client's side of an online game without the
// network: a Session holds the seed-less state the server's turns fold
// into, the model that draws it, the command awaiting its turn and the
// job under way, and reads the keys, the turns and the notes. The
// terminal's loop (package online, over a websocket) and the page's
// (web/wasm, whose websocket is the browser's) are its transports: they
// hand it what comes and send the frames it gives them, and so the two
// play and watch alike.
package client

import (
	"errors"
	"fmt"

	"rogue/events"
	"rogue/events/wire"
	"rogue/online/frame"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

// MaxKeysAhead is how many keys may wait for the server's turns.
const MaxKeysAhead = 64

// Session is a game followed by a client: the player's (commands go to
// the server) or a spectator's.
type Session struct {
	Playing bool
	Hello   frame.Hello // the last connection's
	M       *view.Model
	State   *reducer.State
	Turns   int // turns the client holds: the next command's number
	// Connected: a connection is up, its hello read; commands go out.
	Connected bool
	// Sent is the command awaiting its turn, for a refusal; Awaiting, a
	// command was sent and its turn (or refusal) has not come back: the
	// keys pressed meanwhile wait in Keys, to be read against the state
	// that turn makes, as the terminal reads each key after the turn
	// before.
	Sent     events.Command
	Awaiting bool
	Keys     []view.Key
	Working  bool   // a job runs on the server
	Asked    bool   // Q was pressed in a daily game: the next key says what to do
	Ended    string // the line the server ended the game with; the client leaves

	send       func([]byte)
	sync       func()
	onWatchers func(int)
	enc        *wire.TurnEncoder
	dec        *wire.TurnDecoder
}

// Link is the transport's side: Send sends a frame (a failure is the
// transport's to see, as a dropped connection), Sync redraws the whole
// screen, Watchers (nil for none) hears each count of spectators.
type Link struct {
	Send     func([]byte)
	Sync     func()
	Watchers func(int)
}

// StateOf is the state hello's snapshot holds (its seed is 0).
func StateOf(h frame.Hello) (*reducer.State, error) {
	if len(h.Snapshot) == 0 {
		return nil, errors.New("the hello holds no state")
	}
	tables, err := content.ForRules(h.Rules)
	if err != nil {
		return nil, err
	}
	st, err := reducer.UnmarshalSnapshot(h.Snapshot, tables)
	if err != nil {
		return nil, fmt.Errorf("the server's state does not read: %v", err)
	}
	return st, nil
}

// New is the session a connection's first hello begins, connected.
func New(h frame.Hello, playing bool, l Link) (*Session, error) {
	st, err := StateOf(h)
	if err != nil {
		return nil, err
	}
	s := &Session{Playing: playing, send: l.Send, sync: l.Sync, onWatchers: l.Watchers}
	s.connect(h, st)
	s.M = view.NewModel(view.MainMenu{})
	s.M.Begin(st, nil, nil)
	if !playing {
		s.M.Say(fmt.Sprintf("You watch %s's game %d.", h.Player, h.Game))
	}
	s.sayWatchers(h.Watchers)
	return s, nil
}

func (s *Session) connect(h frame.Hello, st *reducer.State) {
	if st != nil {
		s.State, s.Turns = st, h.Turns
	}
	s.Hello, s.Connected = h, true
	s.enc, s.dec = wire.NewTurnEncoderFor(h.Format), wire.NewTurnDecoderFor(h.Format)
}

// ResumePath is path (a play's or a watch's, with a query) as dialed
// again: a player goes on from the turns held.
func (s *Session) ResumePath(path string) string {
	if s.Playing {
		return path + fmt.Sprintf("&from=%d", s.Turns)
	}
	return path
}

// Dropped is the connection's end: what waited is let go, and the
// session waits for the next one.
func (s *Session) Dropped() {
	if s.Connected {
		s.M.Say("The connection to the server dropped: reconnecting.")
	}
	s.Connected, s.Working, s.Awaiting, s.Keys = false, false, false, nil
}

// Resumed goes on with a new connection's hello: from its state, or
// from the turns held. An error (said) means the connection is of no use.
func (s *Session) Resumed(h frame.Hello) error {
	var st *reducer.State
	if len(h.Snapshot) > 0 {
		var err error
		if st, err = StateOf(h); err != nil {
			s.M.Say(err.Error())
			return err
		}
	} else if h.Turns != s.Turns {
		err := errors.New("the server goes on from another turn")
		s.M.Say(err.Error())
		return err
	}
	s.connect(h, st)
	if st != nil {
		s.M.Begin(st, nil, nil)
	}
	s.sayWatchers(h.Watchers)
	s.M.Say("Reconnected.")
	return nil
}

// Key reads keys pressed: one stops the job under way, else they wait
// their turn. It reports whether to leave.
func (s *Session) Key(keys []view.Key) bool {
	if s.Stop("You stop: you pressed a key.") {
		return false
	}
	if len(s.Keys) < MaxKeysAhead {
		s.Keys = append(s.Keys, keys...)
	}
	return s.Drain()
}

// Stop stops the job under way, if one is, saying why; it reports
// whether one was.
func (s *Session) Stop(why string) bool {
	if !s.Working {
		return false
	}
	s.send([]byte{frame.FrameStop})
	s.Working = false
	s.M.Say(why)
	return true
}

// Drain reads the keys that wait, while no command awaits its turn; it
// reports whether to leave.
func (s *Session) Drain() bool {
	for !s.Awaiting && !s.Working && len(s.Keys) > 0 && s.Ended == "" {
		k := s.Keys[0]
		s.Keys = s.Keys[1:]
		if s.Asked {
			s.Asked = false
			if k.Code == view.KeyRune && k.Rune == 'A' {
				s.send([]byte{frame.FrameAbandon})
				continue
			}
			if k.Code == view.KeyRune && k.Rune == 'Q' {
				return true
			}
			s.M.Say("You play on.")
			continue
		}
		if s.Act(s.M.HandleKey(k)) {
			return true
		}
	}
	return s.Ended != ""
}

// Act acts on an intent (of a key, or a click); it reports whether to
// leave.
func (s *Session) Act(in view.Intent) bool {
	switch {
	case in.Quit && s.Hello.Daily != "" && s.Playing && !s.State.Over:
		s.Asked = true
		s.M.Say("Q again leaves: the game waits until 00:00 UTC, then ends where it stopped. A abandons it now: it ends and ranks here. Any other key plays on.")
	case in.Quit:
		return true
	case in.Redraw:
		s.sync()
	case in.Command != nil && s.Playing:
		if !s.Connected {
			s.M.Say("Not connected: wait for the server.")
			return false
		}
		b, err := frame.EncodeCommand(s.enc, s.Turns, in.Command)
		if err != nil {
			s.M.Say(err.Error())
			return false
		}
		s.Sent, s.Awaiting = in.Command, true
		s.send(b)
	}
	if in.Job != nil && s.Playing && s.Connected {
		s.Working = true
		s.send(frame.EncodeJob(s.Turns, in.Job))
	}
	return false
}

// TurnRecord reads a turn frame's body, the journal record the server
// committed, and folds it.
func (s *Session) TurnRecord(b []byte) {
	var t events.Turn
	if err := frame.DecodeRecord(s.dec, b, &t); err != nil {
		s.M.Say("The server sent a turn that does not read: " + err.Error())
		return
	}
	s.Turn(t)
}

// Turn folds a turn the server decided into the state: the command that
// awaited it is answered, and a job stops where the screen is no longer
// the map's.
func (s *Session) Turn(t events.Turn) {
	played, err := s.State.FoldPlayed(t)
	if err != nil {
		s.M.Say("The server sent a turn that does not fold: " + err.Error())
		return
	}
	s.Turns++
	s.Sent, s.Awaiting = nil, false
	s.M.AddTurn(&played)
	if s.Working && s.M.Mode() != view.ModePlay {
		s.send([]byte{frame.FrameStop})
		s.Working = false
	}
}

// Note acts on a server's note.
func (s *Session) Note(n frame.Note) {
	if n.Refused != "" || n.Error != "" {
		s.Awaiting = false
	}
	switch {
	case n.Refused != "":
		if s.Sent != nil {
			s.M.Refused(s.Sent, n.Refused)
		} else {
			s.M.Say(n.Refused)
		}
		s.Sent = nil
	case n.Error != "":
		s.M.Say("The server says: " + n.Error)
	case n.Ended != "":
		s.Ended = n.Ended
		s.M.Say(n.Ended)
	case n.Stopped != nil:
		s.Working = false
		s.M.Remind(*n.Stopped) // a refusal repeated by a key held down is said once
	case n.Watchers != nil:
		s.sayWatchers(*n.Watchers)
	}
}

func (s *Session) sayWatchers(n int) {
	if !s.Playing {
		return
	}
	if s.onWatchers != nil {
		s.onWatchers(n)
	}
	switch n {
	case 0:
		s.M.Say("Nobody is watching.")
	case 1:
		s.M.Say("1 person is watching.")
	default:
		s.M.Say(fmt.Sprintf("%d people are watching.", n))
	}
}
