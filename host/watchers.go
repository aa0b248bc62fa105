package host

import (
	"context"
	"sync"
	"time"

	"rogue/online"
	"rogue/store"
)

// The player sees how many watch, on every node: each node keeps its
// count of each game's spectators in the store (store.SetWatchers), a
// row a game and a node, and tells the other nodes when one changes
// (store.NoticeWatchers); the node where the game's player is connected
// sums the rows and tells the player when the sum moves. A node renews
// its rows every watchBeat, and rows not renewed for watchLease (a
// killed node's) stop being counted: the player's node reads the sums
// again at each beat, so those spectators leave the count within a
// lease and a beat.

const (
	watchBeat  = 5 * time.Second
	watchLease = 3 * watchBeat
)

// presence is what the node's count of spectators has to do next.
type presence struct {
	mu      sync.Mutex
	changed map[int64]bool // games whose spectators here came or went
	recount map[int64]bool // games whose player here is told the count again
	wake    chan struct{}
}

func newPresence() presence {
	return presence{changed: map[int64]bool{}, recount: map[int64]bool{}, wake: make(chan struct{}, 1)}
}

// mark puts game id in the set changed (or recount), and wakes the
// count.
func (p *presence) mark(changed bool, id int64) {
	p.mu.Lock()
	if changed {
		p.changed[id] = true
	} else {
		p.recount[id] = true
	}
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// watchChanged: a spectator of game id came or went here.
func (s *Server) watchChanged(id int64) { s.watch.mark(true, id) }

// watchRecount: the player of game id, if connected here, is told the
// count again (another node's changed, or the player just came).
func (s *Server) watchRecount(id int64) { s.watch.mark(false, id) }

// countWatchers keeps this node's rows of spectators and tells the
// players here the sums, until ctx ends; then the rows are let go.
func (s *Server) countWatchers(ctx context.Context) {
	node := s.opts.Node
	if err := s.st.DropWatchers(ctx, node); err != nil { // a run before this one's
		s.opts.Log("the spectators of a run before were not let go: %v", err)
	}
	beat := time.NewTicker(watchBeat)
	defer beat.Stop()
	for {
		all := false
		select {
		case <-ctx.Done():
			dctx, cancel := context.WithTimeout(context.Background(), time.Second)
			s.st.DropWatchers(dctx, node)
			cancel()
			return
		case <-s.watch.wake:
		case <-beat.C:
			all = true
		}
		s.watch.mu.Lock()
		changed, recount := s.watch.changed, s.watch.recount
		s.watch.changed, s.watch.recount = map[int64]bool{}, map[int64]bool{}
		s.watch.mu.Unlock()
		now := time.Now()
		if len(changed) > 0 {
			counts := map[int64]int{}
			for id := range changed {
				counts[id] = s.spectatorsHere(id)
				recount[id] = true
			}
			if err := s.st.SetWatchers(ctx, node, counts, now.Add(watchLease)); err != nil {
				s.opts.Log("the count of spectators was not kept: %v", err)
			}
			for id := range changed {
				s.st.Send(store.Notice{Kind: store.NoticeWatchers, Game: id})
			}
		}
		if all {
			if err := s.st.RenewWatchers(ctx, node, now.Add(watchLease), now); err != nil {
				s.opts.Log("the count of spectators was not renewed: %v", err)
			}
			sums, err := s.st.AllWatchers(ctx, now)
			if err != nil {
				s.opts.Log("the spectators could not be counted: %v", err)
				continue
			}
			for _, lg := range s.playedHere() {
				lg.tellWatchers(sums[lg.id])
			}
			continue
		}
		for id := range recount {
			lg := s.liveHere(id)
			if lg == nil || !lg.hasPlayer() {
				continue
			}
			n, err := s.st.Watchers(ctx, id, now)
			if err != nil {
				s.opts.Log("game %d: its spectators could not be counted: %v", id, err)
				continue
			}
			lg.tellWatchers(n)
		}
	}
}

// liveHere is game id if this node has it in memory, else nil.
func (s *Server) liveHere(id int64) *liveGame {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.live[id]
}

// playedHere are the games in memory whose player is connected here.
func (s *Server) playedHere() []*liveGame {
	s.mu.Lock()
	games := make([]*liveGame, 0, len(s.live))
	for _, lg := range s.live {
		games = append(games, lg)
	}
	s.mu.Unlock()
	out := games[:0]
	for _, lg := range games {
		if lg.hasPlayer() {
			out = append(out, lg)
		}
	}
	return out
}

// spectatorsHere is how many spectators of game id are connected here.
func (s *Server) spectatorsHere(id int64) int {
	lg := s.liveHere(id)
	if lg == nil {
		return 0
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	return lg.watchers()
}

func (lg *liveGame) hasPlayer() bool {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	return lg.playerHere()
}

// tellWatchers tells the player how many watch on every node, if that
// is not what they were told last.
func (lg *liveGame) tellWatchers(n int) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if n == lg.told || !lg.playerHere() {
		return
	}
	lg.told = n
	frame := online.JSONFrame(online.FrameNote, online.Note{Watchers: &n})
	for sub := range lg.subs {
		if sub.playing {
			sub.send(frame)
		}
	}
}
