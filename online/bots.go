package online

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"rogue/bot"
	"rogue/events"
)

// Bots is what built-in players playing on a server came to.
type Bots struct {
	Games, Over, Turns int
	// Latencies are the times from sending each command to its turn
	// coming back, sorted.
	Latencies []time.Duration
}

// Percentile is the latency below which fraction p of them lie.
func (b Bots) Percentile(p float64) time.Duration { return percentile(b.Latencies, p) }

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// PlayBots plays games new games at once on the server at base, signed
// in with token, each with the strong built-in player at pace turns a
// second (0: as fast as the server answers), until each is over or has
// played turns turns, or ctx ends. ready, if not nil, is called once
// every game is connected.
func PlayBots(ctx context.Context, base, token string, games int, pace float64, turns int, ready func()) (Bots, error) {
	l := newLoad(base, token, LoadConfig{Games: games, Pace: pace, Turns: turns})
	l.measuring.Store(true)
	err := l.playAll(ctx, ready)
	out := Bots{Games: games, Over: l.over, Turns: len(l.command), Latencies: l.command}
	slices.Sort(out.Latencies)
	return out, err
}

// LoadConfig is a load to put on a server: games played by built-in
// players, and spectators spread over them, for a bounded time.
type LoadConfig struct {
	Games int
	// Pace is each game's turns a second (0: as fast as the server
	// answers).
	Pace float64
	// Turns stops a game after this many turns.
	Turns int
	// Watchers are spectators, spread over the games in turn.
	Watchers int
	// For is how long the load is measured once every game and
	// spectator is connected (0: until ctx ends).
	For time.Duration
	// Progress, if not nil, gets a line as each phase is reached:
	// "games connected", "spectators connected", "measuring".
	Progress func(phase string)
}

// Latency is a distribution of latencies, in milliseconds.
type Latency struct {
	Count int     `json:"count"`
	P50   float64 `json:"p50_ms"`
	P95   float64 `json:"p95_ms"`
	P99   float64 `json:"p99_ms"`
	Max   float64 `json:"max_ms"`
}

func latencyOf(d []time.Duration) Latency {
	slices.Sort(d)
	ms := func(p float64) float64 { return float64(percentile(d, p).Microseconds()) / 1000 }
	return Latency{Count: len(d), P50: ms(0.50), P95: ms(0.95), P99: ms(0.99), Max: ms(1)}
}

// LoadResult is what a load came to, over the time measured.
type LoadResult struct {
	Games int `json:"games"`
	// Over is how many games ended (a death) before the end.
	Over int `json:"over"`
	// Watchers is how many spectators were connected when measuring
	// began; Dropped how many of them the server let go or lost before
	// the end.
	Watchers int     `json:"watchers"`
	Dropped  int     `json:"dropped"`
	Seconds  float64 `json:"seconds"`
	// Command is from sending a command to its turn coming back, at the
	// player's client; its Count is the turns played.
	Command Latency `json:"command"`
	// Spectator is from the player's client sending a command to a
	// spectator's client getting its turn; its Count is the turns seen.
	Spectator Latency `json:"spectator"`
}

// Load puts the load c asks for on the server at base, signed in with
// token: every game is connected, then every spectator, then the load
// is measured for c.For. A game or spectator that cannot connect is an
// error; so is a game whose connection breaks while measuring.
func Load(ctx context.Context, base, token string, c LoadConfig) (LoadResult, error) {
	if c.Games < 1 || c.Pace < 0 || c.Watchers < 0 || c.For < 0 {
		return LoadResult{}, errors.New("a load is at least one game, at a pace, spectators and a time of at least 0")
	}
	if c.Progress == nil {
		c.Progress = func(string) {}
	}
	l := newLoad(base, token, c)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var start time.Time
	measured := make(chan struct{})
	var watchErr error
	played := make(chan error, 1)
	readied := make(chan struct{})
	go func() {
		played <- l.playAll(ctx, func() {
			defer close(readied)
			c.Progress("games connected")
			watchErr = l.watchAll(ctx)
			if watchErr != nil {
				cancel()
				return
			}
			c.Progress("spectators connected")
			start = time.Now()
			l.measuring.Store(true)
			c.Progress("measuring")
			close(measured)
		})
	}()
	var err error
	select {
	case <-measured:
		var timer <-chan time.Time
		if c.For > 0 {
			timer = time.After(c.For)
		}
		select {
		case <-timer:
			l.measuring.Store(false)
		case err = <-played:
			played <- err
		case <-ctx.Done():
		}
	case err = <-played:
		played <- err
	}
	elapsed := time.Since(start)
	l.measuring.Store(false)
	cancel()
	if perr := <-played; err == nil {
		err = perr
	}
	<-readied
	l.watchers.Wait()
	if err == nil {
		err = watchErr
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r := LoadResult{Games: c.Games, Over: l.over, Watchers: c.Watchers, Dropped: l.dropped, Command: latencyOf(l.command), Spectator: latencyOf(l.spectator)}
	if !start.IsZero() {
		r.Seconds = elapsed.Seconds()
	}
	return r, err
}

// load is a load under way.
type load struct {
	base, token string
	c           LoadConfig
	measuring   atomic.Bool
	watchers    sync.WaitGroup

	mu        sync.Mutex
	tracks    []*track // the games, once connected
	over      int
	dropped   int
	command   []time.Duration
	spectator []time.Duration
}

func newLoad(base, token string, c LoadConfig) *load {
	return &load{base: base, token: token, c: c}
}

// track is one game being played: when each of its commands was sent.
type track struct {
	id   int64
	over atomic.Bool // the game ended
	mu   sync.Mutex
	from int         // the turn sent[0] is for
	sent []time.Time // when the command of each turn from from on was sent
}

func (t *track) sending(turn int, at time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.sent) == 0 {
		t.from = turn
	}
	for t.from+len(t.sent) <= turn {
		t.sent = append(t.sent, time.Time{})
	}
	t.sent[turn-t.from] = at
}

func (t *track) sentAt(turn int) time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	if i := turn - t.from; i >= 0 && i < len(t.sent) {
		return t.sent[i]
	}
	return time.Time{}
}

// playAll plays every game until each ends or ctx does; ready is called
// once each is connected (or could not be).
func (l *load) playAll(ctx context.Context, ready func()) error {
	var first error
	var connected, wg sync.WaitGroup
	connected.Add(l.c.Games)
	for range l.c.Games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			over, err := l.playBot(ctx, connected.Done)
			l.mu.Lock()
			defer l.mu.Unlock()
			if over {
				l.over++
			}
			if err != nil && first == nil && ctx.Err() == nil {
				first = err
			}
		}()
	}
	if ready != nil {
		go func() { connected.Wait(); ready() }()
	}
	wg.Wait()
	return first
}

// playBot plays one game; connected is called once, when it is connected
// or could not be.
func (l *load) playBot(ctx context.Context, connected func()) (over bool, err error) {
	c, err := Dial(ctx, l.base, "/ws/play?new=1", l.token)
	if err != nil {
		connected()
		return false, err
	}
	defer c.Close()
	tr := &track{id: c.Hello.Game}
	l.mu.Lock()
	l.tracks = append(l.tracks, tr)
	l.mu.Unlock()
	connected()
	s, err := c.State()
	if err != nil {
		return false, err
	}
	var tick <-chan time.Time
	if l.c.Pace > 0 {
		period := time.Duration(float64(time.Second) / l.c.Pace)
		// The games' turns are spread over the period, as people's are.
		select {
		case <-time.After(rand.N(period)):
		case <-ctx.Done():
			return false, nil
		}
		t := time.NewTicker(period)
		defer t.Stop()
		tick = t.C
	}
	refused := false
	for turn, played := c.Hello.Turns, 0; !s.Over && played < l.c.Turns; {
		if tick != nil && !refused {
			select {
			case <-tick:
			case <-ctx.Done():
				return false, nil
			}
		}
		cmd := bot.Choose(s)
		if refused {
			cmd = &events.Wait{} // as the bot does offline
		}
		sent := time.Now()
		tr.sending(turn, sent)
		if err := c.Send(ctx, turn, cmd); err != nil {
			return false, quiet(ctx, err)
		}
		for answered := false; !answered; {
			m, err := c.Next(ctx)
			if err != nil {
				return false, quiet(ctx, err)
			}
			switch {
			case m.Turn != nil:
				if l.measuring.Load() {
					d := time.Since(sent)
					l.mu.Lock()
					l.command = append(l.command, d)
					l.mu.Unlock()
				}
				if err := s.ApplyTurn(m.Turn); err != nil {
					return false, err
				}
				turn, played, refused, answered = turn+1, played+1, false, true
			case m.Note.Refused != "" && !refused:
				refused, answered = true, true
			case m.Note.Watchers == nil:
				return false, fmt.Errorf("game %d, turn %d: the server said %+v", c.Hello.Game, turn, m.Note)
			}
		}
	}
	tr.over.Store(s.Over)
	return s.Over, nil
}

// quiet is err, unless ctx ended (the load is over).
func quiet(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// dialers is how many spectators connect at once.
const dialers = 32

// watchAll connects the spectators, spread over the games in turn, and
// returns once each is connected (an error if one could not be); they
// watch until ctx ends.
func (l *load) watchAll(ctx context.Context) error {
	l.mu.Lock()
	tracks := slices.Clone(l.tracks)
	l.mu.Unlock()
	if l.c.Watchers == 0 {
		return nil
	}
	if len(tracks) == 0 {
		return errors.New("no game is connected to watch")
	}
	slices.SortFunc(tracks, func(a, b *track) int { return int(a.id - b.id) })
	var mu sync.Mutex
	var first error
	slots := make(chan struct{}, dialers)
	var dialing sync.WaitGroup
	for i := range l.c.Watchers {
		slots <- struct{}{}
		dialing.Add(1)
		go func() {
			// A game that ended (a death) is not watched: the next is,
			// and a refusal is tried on two more.
			var c *Conn
			err := errors.New("every game ended")
			var tr *track
			for k, tries := 0, 0; k < len(tracks) && tries < 3; k++ {
				if tr = tracks[(i+k)%len(tracks)]; tr.over.Load() {
					continue
				}
				tries++
				if c, err = Dial(ctx, l.base, fmt.Sprintf("/ws/watch/%d", tr.id), ""); err == nil {
					break
				}
			}
			<-slots
			dialing.Done()
			if err != nil {
				mu.Lock()
				if first == nil {
					first = fmt.Errorf("a spectator of game %d: %v", tr.id, err)
				}
				mu.Unlock()
				return
			}
			l.watchers.Add(1)
			go l.watch(ctx, c, tr)
		}()
	}
	dialing.Wait()
	return first
}

// watch times each turn a spectator sees against its command's sending.
// A load's spectator is a cheap client, as it shares the machine with
// the server it measures: it reads each frame's kind into a buffer of
// its own and times the turn's arrival, without reading the turn (a
// spectator's fold and drawing are client-side, the server's cost is
// the same), and it reads without a context a frame (the connection is
// closed when ctx ends). Its times are kept on its own and added to the
// load's when it ends.
func (l *load) watch(ctx context.Context, c *Conn, tr *track) {
	defer l.watchers.Done()
	stop := context.AfterFunc(ctx, func() { c.c.CloseNow() })
	defer stop()
	defer c.c.CloseNow()
	var seen []time.Duration
	defer func() {
		l.mu.Lock()
		l.spectator = append(l.spectator, seen...)
		l.mu.Unlock()
	}()
	buf := make([]byte, 512)
	for turn := c.Hello.Turns; ; {
		kind, err := c.readKind(buf)
		if err != nil {
			if ctx.Err() == nil {
				l.mu.Lock()
				l.dropped++
				l.mu.Unlock()
			}
			return
		}
		if kind != FrameTurn {
			continue
		}
		if at := tr.sentAt(turn); !at.IsZero() && l.measuring.Load() {
			seen = append(seen, time.Since(at))
		}
		turn++
	}
}
