package host

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"rogue/auto"
	"rogue/events"
	"rogue/events/wire"
	"rogue/online"
	"rogue/store"
)

// Deadlines of a websocket: a frame is written within the connection's
// write deadline (netguard's: WriteGrace, plus its bytes at MinWriteRate);
// a player who sends nothing for idleTimeout is let go (the game waits
// in the store).
const (
	idleTimeout = 30 * time.Minute
	// stepPause is how long each step of a walk waits before the next,
	// as in the terminal: the player sees it and can stop it.
	stepPause = 15 * time.Millisecond
)

// admit counts a websocket of the request's address, refusing past
// ConnsPerAddress; the returned func lets it go.
func (s *Server) admit(w http.ResponseWriter, r *http.Request) (func(), bool) {
	a := s.address(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[a] >= s.opts.ConnsPerAddress {
		say(w, http.StatusTooManyRequests, "too many connections from your address (%d)", s.opts.ConnsPerAddress)
		return nil, false
	}
	s.conns[a]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.conns[a]--; s.conns[a] == 0 {
			delete(s.conns, a)
		}
	}, true
}

// playSocket is GET /ws/play[?game=ID][&from=N]: the signed-in player
// plays game ID (theirs), or their unfinished game, or a new one (always
// a new one with ?new=1: the built-in players play many at once). With
// from, the client holds the first N turns and gets those after them.
func (s *Server) playSocket(w http.ResponseWriter, r *http.Request) {
	name := s.account(r)
	if name == "" {
		say(w, http.StatusUnauthorized, "sign in first (rogue login URL NAME)")
		return
	}
	id, err := s.gameToPlay(r, name)
	if err != nil {
		say(w, http.StatusForbidden, "%v", err)
		return
	}
	from, _ := strconv.Atoi(r.URL.Query().Get("from"))
	s.follow(w, r, id, true, from)
}

// gameToPlay is the game the request asks name to play.
func (s *Server) gameToPlay(r *http.Request, name string) (int64, error) {
	ctx, cancel := context.WithTimeout(r.Context(), storeTimeout)
	defer cancel()
	if q := r.URL.Query().Get("game"); q != "" {
		id, err := strconv.ParseInt(q, 10, 64)
		if err != nil {
			return 0, errors.New("game= is a game's number")
		}
		g, err := s.st.Game(ctx, id)
		switch {
		case err == nil && g.Player != name, errors.Is(err, store.ErrNotFound):
			return 0, errors.New("game " + q + " is not yours: only its player plays a game")
		case err != nil:
			return 0, err
		case !g.Live:
			return 0, errors.New("game " + q + " is over")
		}
		return id, nil
	}
	if r.URL.Query().Get("daily") == "1" {
		return s.dailyGame(ctx, name)
	}
	if r.URL.Query().Get("new") == "1" {
		return s.newGame(ctx, name)
	}
	g, err := s.st.LiveGameOf(ctx, name)
	if err == nil {
		return g.ID, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	return s.newGame(ctx, name)
}

// watchSocket is GET /ws/watch/ID: anyone follows a live game.
func (s *Server) watchSocket(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		say(w, http.StatusNotFound, "no such game")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), storeTimeout)
	defer cancel()
	g, err := s.st.Game(ctx, id)
	if err != nil || !g.Live {
		say(w, http.StatusNotFound, "game %d is not being played: a finished game is downloaded from /games/%d.rogue", id, id)
		return
	}
	if line, err := s.closedDaily(ctx, r, g); line != "" || err != nil {
		say(w, http.StatusForbidden, "%s%v", line, orNothing(err))
		return
	}
	s.follow(w, r, id, false, 0)
}

// follow serves a websocket that follows game id: the player's, which
// also sends commands, or a spectator's.
func (s *Server) follow(w http.ResponseWriter, r *http.Request, id int64, playing bool, from int) {
	done, ok := s.admit(w, r)
	if !ok {
		return
	}
	defer done()
	lg, err := s.liveGame(r.Context(), id)
	if err != nil {
		say(w, http.StatusServiceUnavailable, "game %d: %v", id, err)
		return
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(online.MaxClientFrame)
	sub := newSubscriber(playing)
	if !lg.subscribe(sub, from) {
		c.Close(websocket.StatusTryAgainLater, "the game moved: reconnect")
		return
	}
	defer lg.unsubscribe(sub)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	if !playing {
		// A spectator sends nothing: its frames are written from this
		// goroutine, so a spectator holds one goroutine fewer.
		writeFrames(c.CloseRead(ctx), c, sub)
		return
	}
	go func() {
		defer cancel()
		writeFrames(ctx, c, sub)
	}()
	frames := make(chan []byte)
	go func() {
		defer close(frames)
		for {
			rctx, rcancel := context.WithTimeout(ctx, idleTimeout)
			typ, b, err := c.Read(rctx)
			rcancel()
			if err != nil {
				return
			}
			if typ != websocket.MessageBinary {
				b = nil // read as a bad frame
			}
			select {
			case frames <- b:
			case <-ctx.Done():
				return
			}
		}
	}()
	p := &playerConn{lg: lg, sub: sub, dec: wire.NewTurnDecoderFor(lg.g.Header.FormatVersion), frames: frames}
	p.run(ctx)
}

// writeFrames writes the frames queued for sub until they end (the
// connection is let go: it is told to reconnect), a write fails, or ctx
// ends.
func writeFrames(ctx context.Context, c *websocket.Conn, sub *subscriber) {
	for {
		select {
		case frame, ok := <-sub.out:
			if !ok {
				c.Close(websocket.StatusTryAgainLater, "reconnect")
				return
			}
			// No context of its own bounds the write: the connection's
			// (netguard's) deadline does, WriteGrace plus the frame at
			// MinWriteRate, and a context a frame, with its timer, cost
			// an eighth of the server's CPU with 5 000 spectators.
			if err := c.Write(context.Background(), websocket.MessageBinary, frame); err != nil {
				return
			}
		case <-ctx.Done():
			return
		}
	}
}

// playerConn is the player's websocket: its frames, played one by one.
type playerConn struct {
	lg     *liveGame
	sub    *subscriber
	dec    *wire.TurnDecoder
	frames chan []byte
}

func (p *playerConn) note(n online.Note) {
	p.lg.mu.Lock()
	defer p.lg.mu.Unlock()
	p.sub.send(online.JSONFrame(online.FrameNote, n))
}

func (p *playerConn) run(ctx context.Context) {
	var pending []byte // a frame that stopped a job, played after it
	for {
		b := pending
		pending = nil
		if b == nil {
			var ok bool
			if b, ok = <-p.frames; !ok {
				return
			}
		}
		f, err := online.DecodeClientFrame(p.dec, p.lg.g.Header.FormatVersion, b)
		if err != nil {
			p.note(online.Note{Error: "a bad frame: " + err.Error()})
			continue
		}
		switch f.Kind {
		case online.FrameStop:
			// No job is under way: nothing to stop.
		case online.FrameAbandon:
			p.abandon(ctx)
		case online.FrameCommand:
			if p.command(ctx, f.Turn, f.Command) != nil {
				return
			}
		case online.FrameJob:
			var stop bool
			pending, stop = p.job(ctx, f)
			if stop {
				return
			}
		}
	}
}

// command plays one command, saying what was wrong with it; an error
// ends the connection (the game was let go).
func (p *playerConn) command(ctx context.Context, turn int, cmd events.Command) error {
	p.lg.mu.Lock()
	defer p.lg.mu.Unlock()
	note, err := p.lg.play(ctx, turn, cmd)
	if note != nil {
		p.sub.send(online.JSONFrame(online.FrameNote, *note))
	}
	if err != nil {
		p.lg.s.opts.Log("game %d: %v", p.lg.id, err)
	}
	return err
}

// job runs a multi-turn job, a step at a time, until it stops itself, a
// step is refused, or the client sends a frame (a stop, or anything: it
// is returned to be played after). stop: the connection ends.
func (p *playerConn) job(ctx context.Context, f online.ClientFrame) (pending []byte, stop bool) {
	lg := p.lg
	lg.mu.Lock()
	var j *auto.Job
	var why string
	if n := lg.mem.Turns(); f.Turn != n {
		why = "that job is for turn " + strconv.Itoa(f.Turn) + ", and the game is at turn " + strconv.Itoa(n) + ": it was not started"
	} else if f.Job.Kind == auto.Go {
		j, why = auto.StartGo(f.Job.Goal, lg.g.State, &lg.seen)
	} else {
		j, why = auto.Start(f.Job.Kind, f.Job.Dir, lg.g.State, &lg.seen)
	}
	if j != nil {
		j.Pickup = f.Job.Pickup
	}
	lg.mu.Unlock()
	stopped := func(why string) { p.note(online.Note{Stopped: &why}) }
	if j == nil {
		stopped(why)
		return nil, false
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case b, ok := <-p.frames:
			stopped("")
			if !ok {
				return nil, true
			}
			if len(b) == 1 && b[0] == online.FrameStop {
				return nil, false
			}
			return b, false
		case <-ctx.Done():
			return nil, true
		case <-timer.C:
		}
		lg.mu.Lock()
		cmd, why := j.Next(lg.g.State)
		turn := lg.mem.Turns()
		lg.mu.Unlock()
		if cmd == nil {
			stopped(why)
			return nil, false
		}
		lg.mu.Lock()
		note, err := lg.play(ctx, turn, cmd)
		if note != nil {
			p.sub.send(online.JSONFrame(online.FrameNote, *note))
		}
		lg.mu.Unlock()
		if err != nil {
			lg.s.opts.Log("game %d: %v", lg.id, err)
			return nil, true
		}
		if note != nil {
			stopped("")
			return nil, false
		}
		pause := stepPause
		if _, resting := cmd.(*events.Wait); resting {
			pause = 0
		}
		timer.Reset(pause)
	}
}
