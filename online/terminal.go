package online

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/events"
	"rogue/reducer"
	"rogue/view"
)

// netEvent is what the connection's reader posts to the screen's loop: a
// frame, a dropped connection, or a new connection.
type netEvent struct {
	tcell.EventTime
	msg  Msg
	err  error // the connection dropped
	conn *Conn // a new connection, after a drop
}

// session is a game followed on a terminal: the player's (commands go
// to the server) or a spectator's.
type session struct {
	base, path, token string
	playing           bool

	screen tcell.Screen
	canvas *view.Screen
	m      *view.Model
	conn   *Conn
	state  *reducer.State
	turns  int            // turns the client holds: the next command's number
	sent   events.Command // the command awaiting its turn, for a refusal
	// awaiting: a command was sent and its turn (or refusal) has not come
	// back; the keys pressed meanwhile wait in keys, to be read against
	// the state that turn makes, as the terminal reads each key after the
	// turn before.
	awaiting bool
	keys     []view.Key
	working  bool // a job runs on the server
	gameID   int64
	daily    string // the daily challenge's day, "" for another game
	asked    bool   // Q was pressed in a daily game: the next key says what to do
	ended    string // the line the server ended the game with
	quit     context.CancelFunc
}

// Play plays the signed-in player's unfinished game on the server at
// base, or a new one, on the screen onTerminal opens; it returns the line
// to print after.
func Play(base, token string, onTerminal func(run func(tcell.Screen) error) error) (string, error) {
	return follow(base, "/ws/play", token, true, onTerminal)
}

// PlayDaily plays the signed-in player's game of today's daily
// challenge, as Play does.
func PlayDaily(base, token string, onTerminal func(run func(tcell.Screen) error) error) (string, error) {
	return follow(base, "/ws/play?daily=1", token, true, onTerminal)
}

// Watch follows game id on the server at base, turn by turn, with the
// screen its player sees; signed in with token ("" for none), which a
// game of today's daily challenge asks for.
func Watch(base string, id int64, token string, onTerminal func(run func(tcell.Screen) error) error) (string, error) {
	return follow(base, fmt.Sprintf("/ws/watch/%d", id), token, false, onTerminal)
}

func follow(base, path, token string, playing bool, onTerminal func(run func(tcell.Screen) error) error) (string, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := Dial(ctx, base, path, token)
	if err != nil {
		return "", err
	}
	st, err := c.State()
	if err != nil {
		c.Close()
		return "", err
	}
	s := &session{base: base, path: path, token: token, playing: playing, conn: c, state: st, turns: c.Hello.Turns,
		gameID: c.Hello.Game, quit: cancel, daily: c.Hello.Daily}
	if playing {
		s.path = fmt.Sprintf("/ws/play?game=%d", s.gameID)
	}
	s.m = view.NewModel(view.MainMenu{})
	s.m.Begin(st, nil, nil)
	if !playing {
		s.m.Say(fmt.Sprintf("You watch %s's game %d.", c.Hello.Player, s.gameID))
	}
	s.sayWatchers(c.Hello.Watchers)
	err = onTerminal(func(screen tcell.Screen) error {
		s.screen = screen
		s.canvas = view.NewScreen(screen, os.Getenv("NO_COLOR") != "")
		go s.read(ctx, c)
		return s.loop(ctx)
	})
	if s.conn != nil {
		s.conn.Close()
	}
	return s.exitLine(), err
}

// exitLine says where the game is.
func (s *session) exitLine() string {
	url := strings.TrimRight(s.base, "/")
	switch {
	case s.ended != "":
		return fmt.Sprintf("%s Its journal: %s/games/%d.rogue", s.ended, url, s.gameID)
	case s.state.Over:
		return fmt.Sprintf("game %d is over at turn %d: its journal is %s/games/%d.rogue", s.gameID, s.state.TurnNumber(), url, s.gameID)
	case s.playing && s.daily != "":
		return fmt.Sprintf("game %d, the daily challenge of %s, is kept on %s at turn %d: rogue play --online %s --daily goes on with it until 00:00 UTC, when it ends where it stopped",
			s.gameID, s.daily, url, s.state.TurnNumber(), url)
	case s.playing:
		return fmt.Sprintf("game %d is kept on %s at turn %d: rogue play --online %s goes on with it", s.gameID, url, s.state.TurnNumber(), url)
	}
	return ""
}

// read posts the connection's frames to the screen until it drops.
func (s *session) read(ctx context.Context, c *Conn) {
	for {
		m, err := c.Next(ctx)
		ev := &netEvent{msg: m, err: err}
		ev.SetEventNow()
		if s.screen.PostEvent(ev) != nil && err == nil {
			// The queue is full: wait for room, never drop a turn.
			for s.screen.PostEvent(ev) != nil {
				if ctx.Err() != nil {
					return
				}
				time.Sleep(time.Millisecond)
			}
		}
		if err != nil {
			return
		}
	}
}

// reconnect dials again until it gets through, going on from the turns
// held, and posts the new connection.
func (s *session) reconnect(ctx context.Context, turns int) {
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		path := s.path
		if s.playing {
			path += fmt.Sprintf("&from=%d", turns)
		}
		c, err := Dial(ctx, s.base, path, s.token)
		if err == nil {
			ev := &netEvent{conn: c}
			ev.SetEventNow()
			for s.screen.PostEvent(ev) != nil {
				time.Sleep(time.Millisecond)
			}
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(2*wait, 2*time.Second)
	}
}

func (s *session) loop(ctx context.Context) error {
	w, h := s.screen.Size()
	s.m.Resize(w, h)
	for {
		s.canvas.Draw(s.m)
		switch ev := s.screen.PollEvent().(type) {
		case nil, *tcell.EventInterrupt:
			return nil
		case *tcell.EventResize:
			s.m.Resize(ev.Size())
			s.screen.Sync()
		case *tcell.EventKey:
			if s.working {
				s.send(ctx, []byte{FrameStop})
				s.working = false
				s.m.Say("You stop: you pressed a key.")
				continue
			}
			if len(s.keys) < maxKeysAhead {
				s.keys = append(s.keys, view.Keys(ev)...)
			}
			if s.drain(ctx) {
				return nil
			}
		case *netEvent:
			s.net(ctx, ev)
			if s.ended != "" || s.drain(ctx) {
				return nil
			}
		}
	}
}

// maxKeysAhead is how many keys may wait for the server's turns.
const maxKeysAhead = 64

// drain reads the keys that wait, while no command awaits its turn; it
// reports whether to leave.
func (s *session) drain(ctx context.Context) bool {
	for !s.awaiting && !s.working && len(s.keys) > 0 {
		k := s.keys[0]
		s.keys = s.keys[1:]
		if s.asked {
			s.asked = false
			if k.Code == view.KeyRune && k.Rune == 'A' {
				s.send(ctx, []byte{FrameAbandon})
				continue
			}
			if k.Code == view.KeyRune && k.Rune == 'Q' {
				return true
			}
			s.m.Say("You play on.")
			continue
		}
		if s.key(ctx, s.m.HandleKey(k)) {
			return true
		}
	}
	return false
}

// key acts on an intent; it reports whether to leave.
func (s *session) key(ctx context.Context, in view.Intent) bool {
	switch {
	case in.Quit && s.daily != "" && s.playing && !s.state.Over:
		s.asked = true
		s.m.Say("Q again leaves: the game waits until 00:00 UTC, then ends where it stopped. A abandons it now: it ends and ranks here. Any other key plays on.")
	case in.Quit:
		return true
	case in.Redraw:
		s.screen.Sync()
	case in.Command != nil && s.playing:
		if s.conn == nil {
			s.m.Say("Not connected: wait for the server.")
			return false
		}
		b, err := EncodeCommand(s.conn.enc, s.turns, in.Command)
		if err != nil {
			s.m.Say(err.Error())
			return false
		}
		s.sent, s.awaiting = in.Command, true
		s.send(ctx, b)
	}
	if in.Job != nil && s.playing && s.conn != nil {
		s.working = true
		s.send(ctx, EncodeJob(s.turns, in.Job))
	}
	return false
}

func (s *session) send(ctx context.Context, b []byte) {
	if s.conn != nil && s.conn.SendRaw(ctx, b) != nil {
		s.conn.c.CloseNow() // the reader sees it drop and reconnects
	}
}

// net acts on what came from the server.
func (s *session) net(ctx context.Context, ev *netEvent) {
	switch {
	case ev.conn != nil:
		s.connected(ctx, ev.conn)
	case ev.err != nil:
		if s.conn == nil || ctx.Err() != nil {
			return
		}
		s.conn.c.CloseNow()
		s.conn, s.working, s.awaiting, s.keys = nil, false, false, nil
		s.m.Say("The connection to the server dropped: reconnecting.")
		go s.reconnect(ctx, s.turns)
	case ev.msg.Turn != nil:
		played, err := s.state.FoldPlayed(*ev.msg.Turn)
		if err != nil {
			s.m.Say("The server sent a turn that does not fold: " + err.Error())
			return
		}
		s.turns++
		s.sent, s.awaiting = nil, false
		s.m.AddTurn(&played)
		if s.working && s.m.Mode() != view.ModePlay {
			s.send(ctx, []byte{FrameStop})
			s.working = false
		}
	default:
		s.note(ev.msg.Note)
	}
}

func (s *session) note(n Note) {
	if n.Refused != "" || n.Error != "" {
		s.awaiting = false
	}
	switch {
	case n.Refused != "":
		if s.sent != nil {
			s.m.Refused(s.sent, n.Refused)
		} else {
			s.m.Say(n.Refused)
		}
		s.sent = nil
	case n.Error != "":
		s.m.Say("The server says: " + n.Error)
	case n.Ended != "":
		s.ended = n.Ended
		s.m.Say(n.Ended)
	case n.Stopped != nil:
		s.working = false
		s.m.Say(*n.Stopped)
	case n.Watchers != nil:
		s.sayWatchers(*n.Watchers)
	}
}

func (s *session) sayWatchers(n int) {
	if !s.playing {
		return
	}
	switch n {
	case 0:
		s.m.Say("Nobody is watching.")
	case 1:
		s.m.Say("1 person is watching.")
	default:
		s.m.Say(fmt.Sprintf("%d people are watching.", n))
	}
}

// connected goes on with a new connection: the turns after those held,
// or a new state if the server sent one.
func (s *session) connected(ctx context.Context, c *Conn) {
	s.conn = c
	if len(c.Hello.Snapshot) > 0 {
		st, err := c.State()
		if err != nil {
			s.m.Say(err.Error())
			return
		}
		s.state, s.turns = st, c.Hello.Turns
		s.m.Begin(st, nil, nil)
	} else if c.Hello.Turns != s.turns {
		s.m.Say(errors.New("the server goes on from another turn").Error())
	}
	s.m.Say("Reconnected.")
	go s.read(ctx, c)
}
