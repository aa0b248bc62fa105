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

	"rogue/events"
	"rogue/events/wire"
	wireframe "rogue/online/frame"
	"rogue/reducer"
	"rogue/reducer/content"
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
// spectator's (see online/terminal.go, the terminal's).
type onlineSession struct {
	link    *link
	scr     *screen
	canvas  *view.Screen
	m       *view.Model
	path    string // to dial again
	playing bool

	conn     int // the connection now; 0 while dialing again
	dialing  int // the connection being dialed, its hello not come yet
	retry    time.Duration
	hello    wireframe.Hello
	state    *reducer.State
	turns    int // turns held: the next command's number
	enc      *wire.TurnEncoder
	dec      *wire.TurnDecoder
	sent     events.Command // the command awaiting its turn
	awaiting bool
	keys     []view.Key
	working  bool // a job runs on the server
	mice     view.MouseReader
	quit     chan struct{}
}

// maxKeysAhead is how many keys may wait for the server's turns.
const maxKeysAhead = 64

// followOnline plays (or watches) on the page's server: path is the
// websocket's. It returns the line to show after, in the page's words.
func followOnline(scr *screen, path string, playing bool) string {
	l := theLink
	s := &onlineSession{link: l, scr: scr, path: path, playing: playing, quit: make(chan struct{})}
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
		if err := s.helloFrame(m.frame, m.obj); err != nil {
			l.close(s.dialing)
			return err.Error()
		}
		break
	}
	if playing {
		s.path = fmt.Sprintf("/page/ws/play?game=%d", s.hello.Game)
	}
	s.m = view.NewModel(view.MainMenu{})
	s.m.Begin(s.state, nil, nil)
	if !playing {
		s.m.Say(fmt.Sprintf("You watch %s's game %d.", s.hello.Player, s.hello.Game))
	}
	s.sayWatchers(s.hello.Watchers)
	s.canvas = view.NewScreen(scr, false) // the page has its colors
	scr.EnableMouse(tcell.MouseMotionEvents)
	s.scr.page.Call("onlineBegan", s.hello.Game, s.hello.Player, playing)
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

// helloFrame reads a hello (its frame, and its JSON as the page read it)
// into the session: the game, and its state unless the server goes on
// from the turns held.
func (s *onlineSession) helloFrame(b []byte, obj js.Value) error {
	if len(b) == 0 || b[0] != wireframe.FrameHello || obj.Type() != js.TypeObject {
		return errors.New("the server did not say hello")
	}
	h, err := readHello(obj)
	if err != nil {
		return err
	}
	tables, err := content.ForRules(h.Rules)
	if err != nil {
		return err
	}
	if len(h.Snapshot) > 0 {
		st, err := reducer.UnmarshalSnapshot(h.Snapshot, tables)
		if err != nil {
			return fmt.Errorf("the server's state does not read: %v", err)
		}
		s.state, s.turns = st, h.Turns
		if s.m != nil {
			s.m.Begin(st, nil, nil)
		}
	} else if s.state == nil || h.Turns != s.turns {
		return errors.New("the server goes on from another turn")
	}
	s.hello = h
	s.enc, s.dec = wire.NewTurnEncoderFor(h.Format), wire.NewTurnDecoderFor(h.Format)
	s.conn, s.dialing, s.retry = s.dialing, 0, 0
	s.scr.page.Set("onlineTurns", s.turns)
	return nil
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
	s.m.Resize(w, h)
	for {
		s.canvas.Draw(s.m)
		switch ev := s.scr.PollEvent().(type) {
		case nil, *tcell.EventInterrupt:
			return
		case *tcell.EventResize:
			s.m.Resize(ev.Size())
			s.scr.Sync()
		case *tcell.EventKey:
			if s.working {
				s.send([]byte{wireframe.FrameStop})
				s.working = false
				s.m.Say("You stop: you pressed a key.")
				continue
			}
			if len(s.keys) < maxKeysAhead {
				s.keys = append(s.keys, view.Keys(ev)...)
			}
			if s.drain() {
				return
			}
		case *tcell.EventMouse:
			ms, ok := s.mice.Read(ev)
			if !ok || ms.Button != view.ButtonNone && s.awaiting {
				continue // a click while a turn is awaited was made on the screen before it
			}
			if s.working && ms.Button != view.ButtonNone {
				s.send([]byte{wireframe.FrameStop})
				s.working = false
				s.m.Say("You stop: you clicked.")
				continue
			}
			if s.act(s.m.HandleMouse(ms)) {
				return
			}
		case *dialEvent:
			s.dialing = s.link.open(ev.path)
		case *netEvent:
			s.net(ev.m)
			if s.drain() {
				return
			}
		}
	}
}

// drain reads the keys that wait, while no command awaits its turn; it
// reports whether to leave.
func (s *onlineSession) drain() bool {
	for !s.awaiting && !s.working && len(s.keys) > 0 {
		k := s.keys[0]
		s.keys = s.keys[1:]
		if s.act(s.m.HandleKey(k)) {
			return true
		}
	}
	return false
}

// act acts on an intent; it reports whether to leave.
func (s *onlineSession) act(in view.Intent) bool {
	switch {
	case in.Quit:
		return true
	case in.Redraw:
		s.scr.Sync()
	case in.Command != nil && s.playing:
		if s.conn == 0 {
			s.m.Say("Not connected: wait for the server.")
			return false
		}
		b, err := wireframe.EncodeCommand(s.enc, s.turns, in.Command)
		if err != nil {
			s.m.Say(err.Error())
			return false
		}
		s.sent, s.awaiting = in.Command, true
		s.send(b)
	}
	if in.Job != nil && s.playing && s.conn != 0 {
		s.working = true
		s.send(wireframe.EncodeJob(s.turns, in.Job))
	}
	return false
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
		s.m.Say("The connection to the server dropped: reconnecting.")
	}
	s.working, s.awaiting, s.keys = false, false, nil
	s.retry = min(max(2*s.retry, 100*time.Millisecond), 2*time.Second)
	path := s.path
	if s.playing {
		path += fmt.Sprintf("&from=%d", s.turns)
	}
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
		if err := s.helloFrame(m.frame, m.obj); err != nil {
			s.m.Say(err.Error())
			s.link.close(m.conn)
			s.dialing = 0
			return
		}
		s.sayWatchers(s.hello.Watchers)
		s.m.Say("Reconnected.")
	case m.conn != s.conn:
		// of a connection let go
	case m.closed:
		s.dropped()
	default:
		s.frame(m.frame, m.obj)
	}
}

// frame acts on a frame of the connection: a turn, or a note.
func (s *onlineSession) frame(b []byte, obj js.Value) {
	if len(b) == 0 {
		return
	}
	switch b[0] {
	case wireframe.FrameTurn:
		var t events.Turn
		if err := wireframe.DecodeRecord(s.dec, b[1:], &t); err != nil {
			s.m.Say("The server sent a turn that does not read: " + err.Error())
			return
		}
		played, err := s.state.FoldPlayed(t)
		if err != nil {
			s.m.Say("The server sent a turn that does not fold: " + err.Error())
			return
		}
		s.turns++
		s.sent, s.awaiting = nil, false
		s.m.AddTurn(&played)
		if s.working && s.m.Mode() != view.ModePlay {
			s.send([]byte{wireframe.FrameStop})
			s.working = false
		}
		s.scr.page.Set("onlineTurns", s.turns)
	case wireframe.FrameNote:
		s.note(readNote(obj))
	}
}

func (s *onlineSession) note(n wireframe.Note) {
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
	case n.Stopped != nil:
		s.working = false
		s.m.Say(*n.Stopped)
	case n.Watchers != nil:
		s.sayWatchers(*n.Watchers)
	}
}

func (s *onlineSession) sayWatchers(n int) {
	if !s.playing {
		return
	}
	s.scr.page.Call("onlineWatchers", n)
	switch n {
	case 0:
		s.m.Say("Nobody is watching.")
	case 1:
		s.m.Say("1 person is watching.")
	default:
		s.m.Say(fmt.Sprintf("%d people are watching.", n))
	}
}

// exitLine says where the game is, in the page's words.
func (s *onlineSession) exitLine() string {
	id := s.hello.Game
	switch {
	case s.state.Over:
		return fmt.Sprintf("Game %d is over at turn %d: its page replays it.", id, s.state.TurnNumber())
	case s.playing:
		return fmt.Sprintf("Game %d is kept on the server at turn %d: Play online goes on with it.", id, s.state.TurnNumber())
	}
	return fmt.Sprintf("You stopped watching game %d.", id)
}

// readHello is the hello whose JSON the page read into obj.
func readHello(obj js.Value) (wireframe.Hello, error) {
	h := wireframe.Hello{Player: jsString(obj, "player"), Rules: jsInt(obj, "rules"), Format: jsInt(obj, "format"),
		Turns: jsInt(obj, "turns"), Watchers: jsInt(obj, "watchers"), Playing: obj.Get("playing").Truthy()}
	h.Game = int64(jsInt(obj, "game"))
	if snap := jsString(obj, "snapshot"); snap != "" {
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
	n.Refused, n.Error = jsString(obj, "refused"), jsString(obj, "error")
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

// jsString is obj's field name when it is a string, else "".
func jsString(obj js.Value, name string) string {
	if v := obj.Get(name); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}

// jsInt is obj's field name when it is a whole number, else 0.
func jsInt(obj js.Value, name string) int {
	if v := obj.Get(name); v.Type() == js.TypeNumber {
		return v.Int()
	}
	return 0
}
