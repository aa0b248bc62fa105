package host

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"rogue/events"
	"rogue/events/wire"
	"rogue/online"
	"rogue/store"
)

// Several nodes share one PostgreSQL. A game is held by one of them at a
// time: the node its player is connected to, which decides its turns and
// appends them (store.Claim fences out the node before, so the two never
// both append a turn). Every other node that has connections to the game
// (spectators) follows it: it hears of each turn committed (store.Listen,
// PostgreSQL's NOTIFY with the game and its turn count), reads the
// records after the last it holds from the records table, folds them and
// sends them on. A player who reconnects to another node (theirs was
// killed, say) takes the game there at once, from the turns the store
// holds; the spectators of any node go on seeing every turn.
//
// Why NOTIFY and then a read, rather than the turn's bytes in the
// notice or a poll: the notice is sent after the commit, so a node only
// ever sends a committed turn; the records table, not the notice, is
// what is sent on, so a notice lost (a node killed between its commit
// and its NOTIFY, a listener reconnecting) or coalesced costs a delay,
// never a turn or its order; and nothing polls the database while
// nobody plays. It needs nothing beside PostgreSQL.

// startNodes listens for the turns other nodes commit (and their counts
// of spectators, and their digests), and keeps this node's count of
// spectators, until Close.
func (s *Server) startNodes() {
	ctx, cancel := context.WithCancel(context.Background())
	s.stopNodes = cancel
	go s.st.Listen(ctx, s.heard)
	go s.countWatchers(ctx)
}

// Close stops listening to the other nodes. The store stays open.
func (s *Server) Close() {
	s.stopNodes()
}

// heard is a notice from the store: a game followed here has moved on,
// or (game 0) the listener was connected again, and every game followed
// here reads what it may have missed.
func (s *Server) heard(n store.Notice) {
	switch n.Kind {
	case store.NoticeWatchers:
		s.watchRecount(n.Game)
		return
	case store.NoticeAskDigest:
		go s.keepDigest(n.Game)
		return
	case store.NoticeDigest:
		s.digests.answered(n.Game)
		return
	}
	s.mu.Lock()
	var games []*liveGame
	if n.Game == 0 {
		for _, lg := range s.live {
			games = append(games, lg)
		}
	} else if lg := s.live[n.Game]; lg != nil {
		games = append(games, lg)
	}
	s.mu.Unlock()
	for _, lg := range games {
		go lg.follow(n.Turns)
	}
}

// follow brings the game up to turns turns (0: whatever the store holds)
// from the store, if another node holds it. A game held here that
// another node has moved on was taken from this node: it is let go.
func (lg *liveGame) follow(turns int) {
	<-lg.ready
	if lg.err != nil {
		return
	}
	lg.catching.Lock()
	defer lg.catching.Unlock()
	lg.mu.Lock()
	have, held, gone := lg.mem.Turns(), lg.held, lg.gone
	if held && turns > have && !gone {
		lg.s.opts.Log("game %d: another node plays it now: let go here", lg.id)
		lg.letGo()
	}
	lg.mu.Unlock()
	if gone || held || turns > 0 && turns <= have {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	recs, err := lg.s.st.Records(ctx, lg.id, have)
	if err != nil {
		lg.s.opts.Log("game %d: its turns could not be read: %v", lg.id, err)
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.held || lg.gone || lg.mem.Turns() != have {
		return // held or moved on meanwhile
	}
	if err := lg.foldRecords(recs); err != nil {
		lg.s.opts.Log("game %d: %v", lg.id, err)
		lg.letGo()
	}
}

// hold claims the game for this node, where its player has connected,
// and brings it up to what the store holds (the node before may have
// played on). A game of no turns yet is begun. The game's lock is held.
func (lg *liveGame) hold() bool {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	st := lg.s.st
	ok, err := st.Claim(ctx, lg.id, lg.s.opts.Node)
	if err == nil && !ok {
		err = errors.New("it is over")
	}
	var recs [][]byte
	if err == nil {
		recs, err = st.Records(ctx, lg.id, lg.mem.Turns())
	}
	if err == nil {
		err = lg.foldRecords(recs)
	}
	if err != nil {
		lg.s.opts.Log("game %d could not be held: %v", lg.id, err)
		lg.letGo()
		return false
	}
	lg.held = true
	if lg.mem.Turns() == 0 {
		if note, err := lg.play(ctx, 0, &events.Begin{}); err != nil || note != nil {
			lg.s.opts.Log("game %d could not begin: %v%v", lg.id, err, note)
			return false
		}
	}
	// Whoever follows the game hears of the turns it holds, in case the
	// node before was killed between a commit and its notice.
	st.Tell(lg.id, lg.mem.Turns())
	return true
}

// release lets the game's claim go (another node's player takes it in
// any case), and leaves the digest of the game so far in its row, for
// the listings of every node. The game's lock is held.
func (lg *liveGame) release() {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := lg.s.st.SetDigest(ctx, lg.id, lg.mem.Turns(), lg.digest()); err != nil {
		lg.s.opts.Log("game %d: its digest was not kept: %v", lg.id, err)
	}
	if err := lg.s.st.Release(ctx, lg.id, lg.s.opts.Node); err != nil {
		lg.s.opts.Log("game %d: its claim was not let go: %v", lg.id, err)
	}
}

// foldRecords folds turns another node committed, as the store holds
// them, and sends them to the game's connections here. Each record
// must be the one this node's journal writes for its turn (its length,
// its chained CRC and its payload): a record that is not is an error.
// The game's lock is held.
func (lg *liveGame) foldRecords(recs [][]byte) error {
	if len(recs) > 0 && lg.dec == nil {
		lg.dec = wire.NewTurnDecoderFor(lg.g.Header.FormatVersion)
	}
	for _, rec := range recs {
		n := lg.mem.Turns()
		var t events.Turn
		if err := online.DecodeRecord(lg.dec, rec, &t); err != nil {
			return fmt.Errorf("the stored turn %d does not read: %w", n, err)
		}
		start := len(lg.mem.Bytes())
		if err := lg.mem.Append(&t); err != nil {
			return fmt.Errorf("the stored turn %d: %w", n, err)
		}
		if !bytes.Equal(lg.mem.Bytes()[start:], rec) {
			return fmt.Errorf("the stored turn %d is not the record that follows turn %d", n, n-1)
		}
		if err := lg.g.State.ApplyTurn(&t); err != nil {
			return fmt.Errorf("the stored turn %d does not fold: %w", n, err)
		}
		lg.offsets = append(lg.offsets, start)
		frame := online.Frame(online.FrameTurn, rec)
		for sub := range lg.subs {
			sub.send(frame)
		}
	}
	return nil
}

// digest is the digest of the game's state now, computed once a turn at
// most, when asked (a listing, a release): it costs about what deciding
// and folding a turn does, so a turn does not compute it. The game's
// lock is held.
func (lg *liveGame) digest() string {
	if lg.digestAt != lg.mem.Turns() || lg.digestOf == "" {
		lg.digestAt, lg.digestOf = lg.mem.Turns(), lg.g.State.Digest()
	}
	return lg.digestOf
}

// liveDigest is the digest of game id after turns turns if this node
// has it in memory at that turn, else "".
func (s *Server) liveDigest(id int64, turns int) string {
	s.mu.Lock()
	lg := s.live[id]
	s.mu.Unlock()
	if lg == nil {
		return ""
	}
	select {
	case <-lg.ready:
	default:
		return ""
	}
	if lg.err != nil {
		return ""
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.gone || lg.mem.Turns() != turns {
		return ""
	}
	return lg.digest()
}
