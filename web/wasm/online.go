//go:build js && wasm

package main

import (
	"encoding/base64"
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/online/client"
	wireframe "rogue/online/frame"
	"rogue/view"
)

// Play and watch on the server that served the page (rogue host): the
// page holds the websocket (online.js: a Go websocket would weigh on the
// wasm), this program reads its frames (package online/frame, as rogue
// play --online does) and draws. The server decides: a key becomes a
// command for a numbered turn, sent; the turn comes back as the journal
// record the server committed, and is folded into a state that has no
// seed. A dropped connection is said in one line and dialed again from
// the turns held: none is lost or played twice, since a command carries
// the turn it is for.

// link is the page's websocket as this program sees it: what the page's
// callbacks hand in, queued without blocking them (they run on the
// goroutine that must stay free), and the connection they are of.
type link struct {
	page js.Value
	mu   sync.Mutex
	q    []linkMsg
	wake chan struct{}
}

// linkMsg is a frame of connection conn, or its end (closed). A hello's
// or a note's JSON is read by the page (obj): Go's JSON decoder would
// add half a megabyte to the wasm.
type linkMsg struct {
	conn   int
	frame  []byte
	obj    js.Value
	closed bool
}

// theLink is the page's one websocket; exposeLink sets it.
var theLink *link

// exposeLink gives the page wsFrame(conn, bytes, obj) and
// wsClosed(conn), which its websocket calls; obj is the JSON of a hello
// or a note, read (null for a turn).
func exposeLink(page js.Value) {
	l := &link{page: page, wake: make(chan struct{}, 1)}
	theLink = l
	page.Set("wsFrame", js.FuncOf(func(_ js.Value, args []js.Value) any {
		b := make([]byte, args[1].Get("length").Int())
		js.CopyBytesToGo(b, args[1])
		l.push(linkMsg{conn: args[0].Int(), frame: b, obj: args[2]})
		return nil
	}))
	page.Set("wsClosed", js.FuncOf(func(_ js.Value, args []js.Value) any {
		l.push(linkMsg{conn: args[0].Int(), closed: true})
		return nil
	}))
}

func (l *link) push(m linkMsg) {
	l.mu.Lock()
	l.q = append(l.q, m)
	l.mu.Unlock()
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// next waits for the next message, or for quit.
func (l *link) next(quit <-chan struct{}) (linkMsg, bool) {
	for {
		l.mu.Lock()
		if len(l.q) > 0 {
			m := l.q[0]
			l.q = l.q[1:]
			l.mu.Unlock()
			return m, true
		}
		l.mu.Unlock()
		select {
		case <-l.wake:
		case <-quit:
			return linkMsg{}, false
		}
	}
}

// open asks the page for a websocket to path (/page/ws/play?...,
// /ws/watch/ID) and returns its number.
func (l *link) open(path string) int { return l.page.Call("wsOpen", path).Int() }

// send sends a frame on connection conn; false when it is closed.
func (l *link) send(conn int, b []byte) bool {
	buf := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(buf, b)
	return l.page.Call("wsSend", conn, buf).Bool()
}

func (l *link) close(conn int) { l.page.Call("wsClose", conn) }

// netEvent is a message of the link, posted to the screen's loop.
type netEvent struct {
	tcell.EventTime
	m linkMsg
}

// onlineSession is a game followed in the page: the player's, or a
// spectator's. What it does with keys, turns and notes is package
// online/client's, as the terminal's is; here are the page's websocket
// and its mouse.
type onlineSession struct {
	link   *link
	scr    *screen
	canvas *view.Screen
	c      *client.Session
	path   string // to dial again

	conn    int // the connection now; 0 while dialing again
	dialing int // the connection being dialed, its hello not come yet
	retry   time.Duration
	mice    view.MouseReader
	quit    chan struct{}
}

// followOnline plays (or watches) on the page's server: path is the
// websocket's. It returns the line to show after, in the page's words.
func followOnline(scr *screen, path string, playing bool) string {
	l := theLink
	s := &onlineSession{link: l, scr: scr, path: path, quit: make(chan struct{})}
	defer close(s.quit)
	s.dialing = l.open(path)
	// The hello comes first, or the connection's end: the server said
	// why in its answer, which a browser's websocket does not show.
	for {
		m, _ := l.next(nil)
		if m.conn != s.dialing {
			continue // of a connection before this task
		}
		if m.closed {
			if playing {
				return "The server did not let this page play: sign in, and try again."
			}
			return "That game is not being played on this server any more."
		}
		h, err := helloOf(m.frame, m.obj)
		if err == nil {
			s.c, err = client.New(h, playing, client.Link{Send: s.send, Sync: scr.Sync,
				Watchers: func(n int) { scr.page.Call("onlineWatchers", n) }})
		}
		if err != nil {
			l.close(s.dialing)
			return err.Error()
		}
		s.conn, s.dialing = s.dialing, 0
		break
	}
	if playing {
		s.path = fmt.Sprintf("/page/ws/play?game=%d", s.c.Hello.Game)
	}
	s.scr.page.Set("onlineTurns", s.c.Turns)
	s.canvas = view.NewScreen(scr, false) // the page has its colors
	scr.EnableMouse(tcell.MouseMotionEvents)
	s.scr.page.Call("onlineBegan", s.c.Hello.Game, s.c.Hello.Player, playing, s.c.Hello.Daily)
	go s.feed()
	s.loop()
	s.scr.page.Call("onlineEnded")
	if s.conn != 0 {
		l.close(s.conn)
	}
	if s.dialing != 0 {
		l.close(s.dialing)
	}
	return s.exitLine()
}

// helloOf is the hello of a frame, its JSON as the page read it.
func helloOf(b []byte, obj js.Value) (wireframe.Hello, error) {
	if len(b) == 0 || b[0] != wireframe.FrameHello || obj.Type() != js.TypeObject {
		return wireframe.Hello{}, errors.New("the server did not say hello")
	}
	return readHello(obj)
}

// feed posts the link's messages to the screen's loop, in order, never
// dropping one (a full queue is waited on).
func (s *onlineSession) feed() {
	for {
		m, ok := s.link.next(s.quit)
		if !ok {
			return
		}
		ev := &netEvent{m: m}
		ev.SetEventNow()
		for s.scr.PostEvent(ev) != nil {
			select {
			case <-s.quit:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}
}

func (s *onlineSession) loop() {
	w, h := s.scr.Size()
	s.c.M.Resize(w, h)
	for {
		s.canvas.Draw(s.c.M)
		switch ev := s.scr.PollEvent().(type) {
		case nil, *tcell.EventInterrupt:
			return
		case *tcell.EventResize:
			s.c.M.Resize(ev.Size())
			s.scr.Sync()
		case *tcell.EventKey:
			if s.c.Key(view.Keys(ev)) {
				return
			}
		case *tcell.EventMouse:
			ms, ok := s.mice.Read(ev)
			if !ok || ms.Button != view.ButtonNone && s.c.Awaiting {
				continue // a click while a turn is awaited was made on the screen before it
			}
			if ms.Button != view.ButtonNone && s.c.Stop("You stop: you clicked.") {
				continue
			}
			if s.c.Act(s.c.M.HandleMouse(ms)) {
				return
			}
		case *dialEvent:
			s.dialing = s.link.open(ev.path)
		case *netEvent:
			s.net(ev.m)
			s.scr.page.Set("onlineTurns", s.c.Turns)
			if s.c.Drain() {
				return
			}
		}
	}
}

// send sends b on the connection; one that is closed is dialed again.
func (s *onlineSession) send(b []byte) {
	if s.conn != 0 && !s.link.send(s.conn, b) {
		s.dropped()
	}
}

// dropped says the connection dropped and dials again, after a wait
// that grows while the server does not answer.
func (s *onlineSession) dropped() {
	if s.conn != 0 {
		s.link.close(s.conn)
		s.conn = 0
	}
	s.c.Dropped()
	s.retry = min(max(2*s.retry, 100*time.Millisecond), 2*time.Second)
	path := s.c.ResumePath(s.path)
	wait := s.retry
	s.dialing = -1 // none yet: the timer below dials
	go func() {
		select {
		case <-s.quit:
			return
		case <-time.After(wait):
		}
		s.scr.PostEvent(&dialEvent{path: path})
	}()
}

// dialEvent asks the loop to dial path: the wait before dialing again is
// over.
type dialEvent struct {
	tcell.EventTime
	path string
}

// net acts on what came from the server.
func (s *onlineSession) net(m linkMsg) {
	switch {
	case m.conn == s.dialing && m.closed:
		s.dialing = 0
		s.dropped()
	case m.conn == s.dialing:
		h, err := helloOf(m.frame, m.obj)
		if err != nil {
			s.c.M.Say(err.Error())
		}
		if err != nil || s.c.Resumed(h) != nil {
			s.link.close(m.conn)
			s.dialing = 0
			return
		}
		s.conn, s.dialing, s.retry = s.dialing, 0, 0
	case m.conn != s.conn:
		// of a connection let go
	case m.closed:
		s.dropped()
	case len(m.frame) == 0:
	case m.frame[0] == wireframe.FrameTurn:
		s.c.TurnRecord(m.frame[1:])
	case m.frame[0] == wireframe.FrameNote:
		s.c.Note(readNote(m.obj))
	}
}

// exitLine says where the game is, in the page's words.
func (s *onlineSession) exitLine() string {
	id, st := s.c.Hello.Game, s.c.State
	switch {
	case s.c.Ended != "":
		return fmt.Sprintf("%s Game %d's page replays it.", s.c.Ended, id)
	case st.Over:
		return fmt.Sprintf("Game %d is over at turn %d: its page replays it.", id, st.TurnNumber())
	case s.c.Playing:
		return fmt.Sprintf("Game %d is kept on the server at turn %d: Play online goes on with it.", id, st.TurnNumber())
	}
	return fmt.Sprintf("You stopped watching game %d.", id)
}

// readHello is the hello whose JSON the page read into obj.
func readHello(obj js.Value) (wireframe.Hello, error) {
	h := wireframe.Hello{Player: jsField(obj, "player"), Rules: jsInt(obj, "rules"), Format: jsInt(obj, "format"),
		Turns: jsInt(obj, "turns"), Watchers: jsInt(obj, "watchers"), Playing: obj.Get("playing").Truthy(),
		Daily: jsField(obj, "daily")}
	h.Game = int64(jsInt(obj, "game"))
	if snap := jsField(obj, "snapshot"); snap != "" {
		b, err := base64.StdEncoding.DecodeString(snap)
		if err != nil {
			return h, errors.New("the server's hello does not read")
		}
		h.Snapshot = b
	}
	return h, nil
}

// readNote is the note whose JSON the page read into obj.
func readNote(obj js.Value) wireframe.Note {
	var n wireframe.Note
	if obj.Type() != js.TypeObject {
		n.Error = "a note that does not read"
		return n
	}
	n.Refused, n.Error, n.Ended = jsField(obj, "refused"), jsField(obj, "error"), jsField(obj, "ended")
	if v := obj.Get("stopped"); v.Type() == js.TypeString {
		why := v.String()
		n.Stopped = &why
	}
	if v := obj.Get("watchers"); v.Type() == js.TypeNumber {
		w := v.Int()
		n.Watchers = &w
	}
	return n
}

// jsField is obj's field name when it is a string, else "".
func jsField(obj js.Value, name string) string { return jsString(obj.Get(name)) }

// jsInt is obj's field name when it is a whole number, else 0.
func jsInt(obj js.Value, name string) int {
	if v := obj.Get(name); v.Type() == js.TypeNumber {
		return v.Int()
	}
	return 0
}
