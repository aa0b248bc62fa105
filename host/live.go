package host

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"rogue/auto"
	"rogue/events"
	"rogue/events/wire"
	"rogue/game"
	"rogue/journal"
	"rogue/online"
	"rogue/reducer"
	"rogue/store"
)

// snapshotEvery is how many turns apart a held game's state is kept in
// the store, so that a node loading it folds at most that many turns.
const snapshotEvery = 200

// storeTimeout bounds one call to the store.
const storeTimeout = 10 * time.Second

// subscriberQueue is how many frames a connection may fall behind before
// it is let go (it reconnects and starts again from a snapshot).
const subscriberQueue = 512

// liveGame is a game held in memory by this node: its state, its journal
// as bytes, and the connections that follow it. Its lock orders the
// turns: one is decided, committed and sent before the next.
type liveGame struct {
	s      *Server
	id     int64
	player string
	day    string        // the daily challenge's UTC day, "" for none
	ready  chan struct{} // closed once loaded
	err    error         // why it could not be loaded

	mu      sync.Mutex
	g       *game.Game
	mem     *journal.Memory
	offsets []int       // where each turn's record begins in mem.Bytes()
	seen    auto.Memory // what jobs remember of the level
	subs    map[*subscriber]bool
	// held: this node decides the game's turns (it claimed it for a
	// player connected here). Otherwise it follows the turns another
	// node commits (see nodes.go).
	held bool
	gone bool // let go by this node: load it again
	// catching orders the catch-ups from the store (see follow); dec
	// reads the records another node committed.
	catching sync.Mutex
	dec      *wire.TurnDecoder
	// resumedFrom is the turn of the snapshot the game was loaded from,
	// and folded how many turns were folded after it (tests read them).
	resumedFrom, folded int
	// digestOf is the state's digest after digestAt turns (see digest);
	// keptAt is the turns after which it was last kept in the game's row
	// for the other nodes' listings (host/digests.go).
	digestAt, keptAt int
	digestOf         string
	// told is the count of spectators the player was told last, on every
	// node (host/watchers.go); -1 before the first.
	told int
}

// subscriber is a connection that follows a game: frames to send.
type subscriber struct {
	out     chan []byte
	playing bool
	closed  bool
}

func newSubscriber(playing bool) *subscriber {
	return &subscriber{out: make(chan []byte, subscriberQueue), playing: playing}
}

// send queues a frame; a connection that has fallen too far behind is
// let go. The game's lock is held.
func (sub *subscriber) send(frame []byte) {
	if sub.closed {
		return
	}
	select {
	case sub.out <- frame:
	default:
		sub.closed = true
		close(sub.out)
	}
}

func (sub *subscriber) close() {
	if !sub.closed {
		sub.closed = true
		close(sub.out)
	}
}

// liveGame returns game id, loaded from the store if this node does not
// hold it yet.
func (s *Server) liveGame(ctx context.Context, id int64) (*liveGame, error) {
	for {
		s.mu.Lock()
		lg := s.live[id]
		if lg == nil {
			lg = &liveGame{s: s, id: id, ready: make(chan struct{}), subs: map[*subscriber]bool{}, told: -1}
			s.live[id] = lg
			s.mu.Unlock()
			lg.err = lg.load(ctx)
			close(lg.ready)
			if lg.err != nil {
				s.forget(lg)
			}
		} else {
			s.mu.Unlock()
		}
		select {
		case <-lg.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if lg.err != nil {
			return nil, lg.err
		}
		lg.mu.Lock()
		gone := lg.gone
		lg.mu.Unlock()
		if !gone {
			return lg, nil
		}
	}
}

// forget lets lg go from this node's games.
func (s *Server) forget(lg *liveGame) {
	s.mu.Lock()
	if s.live[lg.id] == lg {
		delete(s.live, lg.id)
	}
	s.mu.Unlock()
}

// load reads the game from the store: the newest snapshot of its
// state, and the turns after it folded (or the whole journal folded,
// with no snapshot that reads). It does not hold the game: a player's
// connection claims it (hold).
func (lg *liveGame) load(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	st := lg.s.st
	row, err := st.Game(ctx, lg.id)
	if err != nil {
		return err
	}
	lg.player = row.Player
	if lg.day, err = st.GameDay(ctx, lg.id); err != nil {
		return err
	}
	b, err := st.Journal(ctx, lg.id)
	if err != nil {
		return err
	}
	mem, tail, err := journal.LoadMemory(b)
	if err != nil {
		return fmt.Errorf("game %d's stored journal: %w", lg.id, err)
	}
	if tail != nil {
		return fmt.Errorf("game %d's stored journal ends torn: %v", lg.id, tail)
	}
	s, err := lg.resume(ctx, mem)
	if err != nil {
		return err
	}
	lg.g, err = game.Resume(s, mem.Header(), mem)
	if err != nil {
		return err
	}
	lg.mem = mem
	lg.offsets = recordOffsets(mem.Bytes(), len(row.Header))
	return nil
}

// resume is the state after the journal in mem: the newest stored
// snapshot with the turns after it folded, or, with none that reads,
// the whole journal folded.
func (lg *liveGame) resume(ctx context.Context, mem *journal.Memory) (*reducer.State, error) {
	r, err := mem.Reader()
	if err != nil {
		return nil, err
	}
	tables := game.FoldTables(mem.Header(), lg.s.tbl)
	at, snap, err := lg.s.st.LatestSnapshot(ctx, lg.id)
	var s *reducer.State
	if err == nil && at <= mem.Turns() {
		if s, err = reducer.UnmarshalSnapshot(snap, tables); err == nil && s.Turn != at {
			err = fmt.Errorf("the snapshot of turn %d holds turn %d", at, s.Turn)
		}
		if err != nil {
			lg.s.opts.Log("game %d: its snapshot of turn %d is left out: %v", lg.id, at, err)
			s = nil
		}
	} else if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	if s == nil {
		s, _, err = game.Fold(r, lg.s.tbl, -1, nil)
		if err != nil {
			return nil, fmt.Errorf("game %d's stored journal does not fold: %w", lg.id, err)
		}
		lg.folded = s.Turn
		return s, nil
	}
	var t events.Turn
	for n := 0; ; n++ {
		if err := r.Next(&t); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, err
		}
		if n < at {
			continue
		}
		if err := s.ApplyTurn(&t); err != nil {
			return nil, fmt.Errorf("game %d's turn %d does not fold on its snapshot: %w", lg.id, n, err)
		}
		lg.folded++
	}
	lg.resumedFrom = at
	return s, nil
}

// recordOffsets are where the records after the header (head bytes)
// begin in a journal's whole bytes.
func recordOffsets(b []byte, head int) []int {
	var out []int
	for at := head; at < len(b); {
		n, size := binary.Uvarint(b[at:])
		out = append(out, at)
		at += size + 4 + int(n)
	}
	return out
}

// newGame makes a new game for player, with a secret seed, and returns
// its id.
func (s *Server) newGame(ctx context.Context, player string) (int64, error) {
	mem, err := journal.NewMemory(game.NewHeader(s.seed(), player, journal.Options{}))
	if err != nil {
		return 0, err
	}
	return s.st.CreateGame(ctx, player, mem.Bytes(), mem.Header().RulesVersion)
}

// secretSeed is a new game's seed: 63 random bits, never 0.
func secretSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])>>1 | 1
}

// play plays cmd as turn number turn and, once it is committed, sends
// it to everyone following the game. What is wrong with the command (out
// of turn, refused by the rules) comes back as a note, the game
// untouched; an error is the store's, and the node lets the game go
// (whoever follows it reconnects, and it is loaded again from what the
// store holds).
func (lg *liveGame) play(ctx context.Context, turn int, cmd events.Command) (*online.Note, error) {
	if lg.gone || !lg.held {
		return &online.Note{Error: "the game moved: reconnect"}, nil
	}
	if n := lg.mem.Turns(); turn != n {
		return &online.Note{Error: fmt.Sprintf("that command is for turn %d, and the game is at turn %d: it was not played", turn, n)}, nil
	}
	if lg.g.State.Over {
		return &online.Note{Error: "the game is over"}, nil
	}
	if lg.dayOver() {
		return lg.abandon(ctx, "its day is over")
	}
	start := len(lg.mem.Bytes())
	_, err := lg.g.Do(cmd)
	if game.IsRefusal(err) {
		var r *reducer.Refusal
		errors.As(err, &r)
		return &online.Note{Refused: r.Reason}, nil
	}
	if err != nil {
		lg.letGo()
		return nil, err
	}
	rec := lg.mem.Bytes()[start:]
	s := lg.g.State
	lg.seen.Watch(s)
	// A live turn's row has no digest: computing it costs as much as
	// the turn (see digest). The last one has.
	p := store.Progress{Turns: turn + 1, Depth: s.Depth, Over: s.Over, Node: lg.s.opts.Node}
	if s.Over {
		p.Digest = s.Digest()
		p.Outcome = "died: " + reducer.DeathCause(s)
		if s.Won {
			p.Outcome = "won"
		}
		p.Boards = lg.endRows()
	}
	cctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	if err := lg.s.st.Append(cctx, lg.id, turn, rec, p); err != nil {
		// The turn is not acknowledged: nobody was sent it, and the
		// state in memory that holds it is let go.
		lg.letGo()
		return nil, fmt.Errorf("turn %d could not be saved: %w", turn, err)
	}
	lg.offsets = append(lg.offsets, start)
	frame := online.Frame(online.FrameTurn, rec)
	for sub := range lg.subs {
		sub.send(frame)
	}
	if (turn+1)%snapshotEvery == 0 && !s.Over {
		lg.keepSnapshot(turn+1, s.MarshalSnapshot())
	}
	return nil, nil
}

// keepSnapshot stores the state after turns turns, off the turn's path:
// a snapshot lost costs a longer fold, nothing else.
func (lg *liveGame) keepSnapshot(turns int, b []byte) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		if err := lg.s.st.PutSnapshot(ctx, lg.id, turns, b); err != nil {
			lg.s.opts.Log("game %d: the snapshot of turn %d was not kept: %v", lg.id, turns, err)
		}
	}()
}

// letGo drops the game from this node: its followers are let go and
// reconnect. The game's lock is held.
func (lg *liveGame) letGo() {
	lg.gone = true
	for sub := range lg.subs {
		sub.close()
	}
	lg.subs = map[*subscriber]bool{}
	lg.s.forget(lg)
	lg.s.watchChanged(lg.id)
}

// subscribe adds a connection to the game and sends it its hello: the
// state now (its seed removed), or, for a player who holds the first
// from turns, the turns after them.
func (lg *liveGame) subscribe(sub *subscriber, from int) bool {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.gone {
		return false
	}
	if sub.playing && !lg.held && !lg.hold() {
		return false
	}
	h := online.Hello{Game: lg.id, Player: lg.player, Rules: lg.g.Header.RulesVersion, Format: lg.g.Header.FormatVersion,
		Turns: lg.mem.Turns(), Playing: sub.playing, Daily: lg.day}
	lg.subs[sub] = true
	if sub.playing {
		// What the player was told last (none yet: this node's count);
		// the count of every node follows, if it differs.
		if lg.told < 0 {
			lg.told = lg.watchers()
		}
		h.Watchers = lg.told
		lg.s.watchRecount(lg.id)
	} else {
		h.Watchers = lg.watchers()
	}
	resume := from > 0 && from <= h.Turns && h.Turns-from < subscriberQueue-1
	if !resume {
		s := lg.g.State
		seed := s.Seed
		s.Seed = 0
		h.Snapshot = s.MarshalSnapshot()
		s.Seed = seed
		sub.send(online.JSONFrame(online.FrameHello, h))
	} else {
		h.Turns = from
		sub.send(online.JSONFrame(online.FrameHello, h))
		b := lg.mem.Bytes()
		for i := from; i < len(lg.offsets); i++ {
			end := len(b)
			if i+1 < len(lg.offsets) {
				end = lg.offsets[i+1]
			}
			sub.send(online.Frame(online.FrameTurn, b[lg.offsets[i]:end]))
		}
	}
	if !sub.playing {
		lg.s.watchChanged(lg.id)
	}
	return true
}

// unsubscribe takes a connection off the game; the last one to leave lets
// the game go from memory (and its lease with it).
func (lg *liveGame) unsubscribe(sub *subscriber) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if !lg.subs[sub] {
		return
	}
	delete(lg.subs, sub)
	sub.close()
	if !sub.playing {
		lg.s.watchChanged(lg.id)
	}
	switch {
	case len(lg.subs) == 0 && !lg.gone:
		if lg.held {
			lg.release()
		}
		lg.letGo()
	case sub.playing && lg.held && !lg.playerHere():
		// Spectators stay and follow; the game is free for the
		// player's next connection, on whichever node.
		lg.held = false
		lg.release()
	}
}

// playerHere reports whether a player's connection follows the game
// here.
func (lg *liveGame) playerHere() bool {
	for sub := range lg.subs {
		if sub.playing {
			return true
		}
	}
	return false
}

func (lg *liveGame) watchers() int {
	n := 0
	for sub := range lg.subs {
		if !sub.playing {
			n++
		}
	}
	return n
}
