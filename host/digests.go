package host

import (
	"context"
	"sync"
	"time"

	"rogue/store"
)

// A live game's digest in GET /api/games is its state's after the turns
// listed, which only a node that has the game in memory at those turns
// knows: a turn's row has no digest (it costs about what the turn does,
// see liveGame.digest). A node that lists a live game another node holds
// asks the holder (store.NoticeAskDigest); the holder keeps its digest
// in the game's row (store.SetDigest, once a turn at most, however many
// ask) and says so (store.NoticeDigest); the node that asked reads the
// row again. A holder that does not answer within digestWait (a killed
// node, until the game's player connects again) leaves the digest blank,
// never a stale one.

// digestWait is the longest a listing waits for other nodes' digests.
const digestWait = time.Second

// digestWaits are the listings waiting for a game's digest.
type digestWaits struct {
	mu    sync.Mutex
	waits map[int64][]chan struct{}
}

func (d *digestWaits) wait(id int64) chan struct{} {
	c := make(chan struct{})
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.waits == nil {
		d.waits = map[int64][]chan struct{}{}
	}
	d.waits[id] = append(d.waits[id], c)
	return c
}

// answered wakes the listings waiting for game id's digest.
func (d *digestWaits) answered(id int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, c := range d.waits[id] {
		close(c)
	}
	delete(d.waits, id)
}

// forget lets c go, if still waiting.
func (d *digestWaits) forget(id int64, c chan struct{}) {
	d.mu.Lock()
	defer d.mu.Unlock()
	cs := d.waits[id]
	for i := range cs {
		if cs[i] == c {
			d.waits[id] = append(cs[:i], cs[i+1:]...)
			break
		}
	}
	if len(d.waits[id]) == 0 {
		delete(d.waits, id)
	}
}

// othersDigests fills in the digests of the live games in games that
// other nodes hold, asking them; a row whose holder answered is read
// again (its turns may have moved on with it).
func (s *Server) othersDigests(ctx context.Context, games []store.Game) {
	var ask []int
	for i, g := range games {
		if g.Live && g.Digest == "" && g.LeaseNode != "" && g.LeaseNode != s.opts.Node {
			ask = append(ask, i)
		}
	}
	if len(ask) == 0 {
		return
	}
	waits := make([]chan struct{}, len(ask))
	ids := make([]int64, len(ask))
	for k, i := range ask {
		ids[k] = games[i].ID
		waits[k] = s.digests.wait(ids[k])
		s.st.Send(store.Notice{Kind: store.NoticeAskDigest, Game: ids[k]})
	}
	timer := time.NewTimer(digestWait)
	defer timer.Stop()
	for k, c := range waits {
		select {
		case <-c:
			continue
		case <-timer.C:
		case <-ctx.Done():
		}
		for j := k; j < len(waits); j++ {
			s.digests.forget(ids[j], waits[j])
		}
		break
	}
	again, err := s.st.GamesIn(ctx, ids)
	if err != nil {
		return
	}
	for k, i := range ask {
		if g, ok := again[ids[k]]; ok && g.Digest != "" {
			games[i] = g
		}
	}
}

// keepDigest keeps the digest of game id in its row, if this node holds
// it, and says so to the node that asked.
func (s *Server) keepDigest(id int64) {
	lg := s.liveHere(id)
	if lg == nil {
		return
	}
	select {
	case <-lg.ready:
	default:
		return
	}
	if lg.err != nil {
		return
	}
	lg.mu.Lock()
	if lg.gone || !lg.held {
		lg.mu.Unlock()
		return
	}
	turns, digest, kept := lg.mem.Turns(), lg.digest(), lg.keptAt == lg.mem.Turns()
	lg.keptAt = turns
	lg.mu.Unlock()
	if !kept {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		if err := s.st.SetDigest(ctx, id, turns, digest); err != nil {
			s.opts.Log("game %d: its digest was not kept: %v", id, err)
			return
		}
	}
	s.st.Send(store.Notice{Kind: store.NoticeDigest, Game: id, Turns: turns})
}
