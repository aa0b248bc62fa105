package online

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/online/client"
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
// to the server) or a spectator's. What it does with keys, turns and
// notes is package online/client's; here is the websocket.
type session struct {
	base, path, token string

	screen tcell.Screen
	canvas *view.Screen
	c      *client.Session
	conn   *Conn
	quit   context.CancelFunc
	ctx    context.Context
}

// Play plays the signed-in player's unfinished game on the server at
// base, or a new one, on the screen onTerminal opens, in palette pal; it
// returns the line to print after.
func Play(base, token string, pal view.Palette, onTerminal func(run func(tcell.Screen) error) error) (string, error) {
	return follow(base, "/ws/play", token, true, pal, onTerminal)
}

// PlayDaily plays the signed-in player's game of today's daily
// challenge, as Play does.
func PlayDaily(base, token string, pal view.Palette, onTerminal func(run func(tcell.Screen) error) error) (string, error) {
	return follow(base, "/ws/play?daily=1", token, true, pal, onTerminal)
}

// Watch follows game id on the server at base, turn by turn, with the
// screen its player sees; signed in with token ("" for none), which a
// game of today's daily challenge asks for.
func Watch(base string, id int64, token string, pal view.Palette, onTerminal func(run func(tcell.Screen) error) error) (string, error) {
	return follow(base, fmt.Sprintf("/ws/watch/%d", id), token, false, pal, onTerminal)
}

// follow plays or watches (playing) the game at path on the server at
// base, drawn in palette pal.
func follow(base, path, token string, playing bool, pal view.Palette, onTerminal func(run func(tcell.Screen) error) error) (string, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := Dial(ctx, base, path, token)
	if err != nil {
		return "", err
	}
	s := &session{base: base, path: path, token: token, conn: c, quit: cancel, ctx: ctx}
	s.c, err = client.New(c.Hello, playing, client.Link{Send: s.send, Sync: func() { s.screen.Sync() }})
	if err != nil {
		c.Close()
		return "", err
	}
	s.c.M.Palette = pal
	if playing {
		s.path = fmt.Sprintf("/ws/play?game=%d", c.Hello.Game)
	}
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
	id, st := s.c.Hello.Game, s.c.State
	switch {
	case s.c.Ended != "":
		return fmt.Sprintf("%s Its journal: %s/games/%d.rogue", s.c.Ended, url, id)
	case st.Over:
		return fmt.Sprintf("game %d is over at turn %d: its journal is %s/games/%d.rogue", id, st.TurnNumber(), url, id)
	case s.c.Playing && s.c.Hello.Daily != "":
		return fmt.Sprintf("game %d, the daily challenge of %s, is kept on %s at turn %d: rogue play --online %s --daily goes on with it until 00:00 UTC, when it ends where it stopped",
			id, s.c.Hello.Daily, url, st.TurnNumber(), url)
	case s.c.Playing:
		return fmt.Sprintf("game %d is kept on %s at turn %d: rogue play --online %s goes on with it", id, url, st.TurnNumber(), url)
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
func (s *session) reconnect(ctx context.Context, path string) {
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
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
	s.c.M.Resize(w, h)
	for {
		s.canvas.Draw(s.c.M)
		switch ev := s.screen.PollEvent().(type) {
		case nil, *tcell.EventInterrupt:
			return nil
		case *tcell.EventResize:
			s.c.M.Resize(ev.Size())
			s.screen.Sync()
		case *tcell.EventKey:
			if s.c.Key(view.Keys(ev)) {
				return nil
			}
		case *netEvent:
			s.net(ctx, ev)
			if s.c.Drain() {
				return nil
			}
		}
	}
}

// send sends a frame; one that does not go drops the connection (the
// reader sees it and reconnects).
func (s *session) send(b []byte) {
	if s.conn != nil && s.conn.SendRaw(s.ctx, b) != nil {
		s.conn.c.CloseNow()
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
		s.conn = nil
		s.c.Dropped()
		go s.reconnect(ctx, s.c.ResumePath(s.path))
	case ev.msg.Turn != nil:
		s.c.Turn(*ev.msg.Turn)
	default:
		s.c.Note(ev.msg.Note)
	}
}

// connected goes on with a new connection, unless its hello is of no
// use (the session says why).
func (s *session) connected(ctx context.Context, c *Conn) {
	if s.c.Resumed(c.Hello) != nil {
		c.Close()
		return
	}
	s.conn = c
	go s.read(ctx, c)
}
