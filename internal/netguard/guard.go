package netguard

import (
	"container/list"
	"context"
	"crypto/tls"
	"log"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"
)

// Guard holds the connections of one server to its Limits.
type Guard struct {
	limits Limits
	lines  *lines

	mu    sync.Mutex
	open  int
	addrs map[netip.Prefix]*addrConns
	// idle is the connections not in a request, the longest idle first:
	// the ones closed to make room.
	idle list.List

	// refusing bounds the goroutines that answer refused connections.
	refusing chan struct{}
	counts   counts
}

// addrConns is what one address holds.
type addrConns struct {
	open int
	idle list.List
}

// Stats are what a Guard has done since it was made.
type Stats struct {
	// Open is the connections open now.
	Open int
	// Refused counts connections refused at a cap, Shed idle ones closed
	// to make room, HeaderTimeouts those whose headers did not come in
	// time, SlowWrites those that did not take a write in time.
	Refused, Shed, HeaderTimeouts, SlowWrites int64
}

type counts struct {
	refused, shed, headerTimeouts, slowWrites atomic.Int64
}

// New is a guard of the limits l (a zero field takes its default), that
// logs where a limit trips on out (nil: nowhere).
func New(l Limits, out *log.Logger) *Guard {
	l = l.filled()
	return &Guard{
		limits:   l,
		lines:    &lines{out: out, every: l.LogEvery, now: time.Now, seen: map[string]*seen{}},
		addrs:    map[netip.Prefix]*addrConns{},
		refusing: make(chan struct{}, refusers),
	}
}

// Limits are the guard's limits, the defaults filled in.
func (g *Guard) Limits() Limits { return g.limits }

// Stats are what the guard has done so far.
func (g *Guard) Stats() Stats {
	g.mu.Lock()
	open := g.open
	g.mu.Unlock()
	return Stats{Open: open, Refused: g.counts.refused.Load(), Shed: g.counts.shed.Load(),
		HeaderTimeouts: g.counts.headerTimeouts.Load(), SlowWrites: g.counts.slowWrites.Load()}
}

// Server is an http.Server of h with the guard's timeouts and header
// bound, and its ConnState. Serve it on a listener of Listen.
func (g *Guard) Server(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           g.handler(h),
		ConnContext:       func(ctx context.Context, nc net.Conn) context.Context { return context.WithValue(ctx, connKey{}, nc) },
		ReadHeaderTimeout: g.limits.HeaderTimeout,
		IdleTimeout:       g.limits.IdleTimeout,
		MaxHeaderBytes:    g.limits.MaxHeaderBytes,
		ConnState:         g.connState,
		ErrorLog:          log.New(g.lines, "", 0),
	}
}

// connKey is the key of a request's connection in its context.
type connKey struct{}

// handler is h, telling the connection that a handler began: what is
// written from then on is a response, not net/http's own refusal.
func (g *Guard) handler(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := unwrap(r.Context().Value(connKey{})); ok {
			c.handled.Store(true)
		}
		h.ServeHTTP(w, r)
	})
}

// unwrap is the guard's conn under v (a net.Conn, or a TLS one over it).
func unwrap(v any) (*conn, bool) {
	if tc, ok := v.(*tls.Conn); ok {
		v = tc.NetConn()
	}
	c, ok := v.(*conn)
	return c, ok
}

// Listen is ln with the guard's caps on the connections it accepts.
func (g *Guard) Listen(ln net.Listener) net.Listener { return &listener{Listener: ln, g: g} }

type listener struct {
	net.Listener
	g *Guard
}

// Accept returns the next connection admitted; the refused ones are
// answered and closed on the side.
func (l *listener) Accept() (net.Conn, error) {
	for {
		raw, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if c := l.g.admit(raw); c != nil {
			return c, nil
		}
	}
}

// admit counts raw in, making room by closing an idle connection when a
// cap is reached, or refuses it (nil).
func (g *Guard) admit(raw net.Conn) *conn {
	key, exempt := g.key(raw.RemoteAddr())
	who := key.Addr().String()
	if key.Bits() != key.Addr().BitLen() {
		who = key.String()
	}
	var shed []*conn
	g.mu.Lock()
	a := g.addrs[key]
	if a == nil {
		a = &addrConns{}
		g.addrs[key] = a
	}
	if !exempt && a.open >= g.limits.PerAddr {
		v := oldest(&a.idle)
		if v == nil {
			g.forget(key, a)
			g.mu.Unlock()
			g.refuse(raw, "per-address", who, tooManyFromYou,
				"refused a connection: %d open from this address already, the most one address may hold, and none idle", g.limits.PerAddr)
			return nil
		}
		g.releaseLocked(v)
		shed = append(shed, v)
	}
	if g.open >= g.limits.Total {
		v := oldest(&g.idle)
		if v == nil {
			g.forget(key, a)
			g.mu.Unlock()
			g.refuse(raw, "total", who, serverFull,
				"refused a connection: %d open in all, the most the server holds, and none idle", g.limits.Total)
			return nil
		}
		g.releaseLocked(v)
		shed = append(shed, v)
	}
	c := &conn{Conn: raw, g: g, key: key, who: who, addr: a, born: time.Now()}
	c.phase.Store(int32(http.StateNew))
	a.open++
	g.open++
	g.markIdle(c)
	g.mu.Unlock()
	for _, v := range shed {
		g.counts.shed.Add(1)
		if v.key == key {
			g.lines.say("shed", who, "closed its longest idle connection to make room for a new one (%d open from this address, the most one may hold)", g.limits.PerAddr)
		} else {
			g.lines.say("shed", v.who, "closed its longest idle connection to make room for one of %s (%d open in all, the most the server holds)", who, g.limits.Total)
		}
		v.closeRaw()
	}
	return c
}

// forget drops a, the entry of key, if it holds nothing.
func (g *Guard) forget(key netip.Prefix, a *addrConns) {
	if a.open == 0 {
		delete(g.addrs, key)
	}
}

// oldest is the longest idle connection of an idle list that may be
// closed to make room, or nil: of the first shedScan, the first that is
// not one just accepted whose request the server has not begun to read
// (younger than shedAge, nothing read), which may well be a client
// whose request is waiting to be read.
func oldest(l *list.List) *conn {
	now := time.Now()
	e := l.Front()
	for range shedScan {
		if e == nil {
			return nil
		}
		c := e.Value.(*conn)
		if http.ConnState(c.phase.Load()) != http.StateNew || c.read.Load() > 0 || now.Sub(c.born) >= shedAge {
			return c
		}
		e = e.Next()
	}
	return nil
}

// shedAge and shedScan: see oldest.
const (
	shedAge  = 250 * time.Millisecond
	shedScan = 64
)

// markIdle puts c at the back of the idle lists (g.mu held).
func (g *Guard) markIdle(c *conn) {
	g.unmarkIdle(c)
	c.idleAll = g.idle.PushBack(c)
	c.idleAddr = c.addr.idle.PushBack(c)
}

// unmarkIdle takes c out of the idle lists (g.mu held).
func (g *Guard) unmarkIdle(c *conn) {
	if c.idleAll != nil {
		g.idle.Remove(c.idleAll)
		c.addr.idle.Remove(c.idleAddr)
		c.idleAll, c.idleAddr = nil, nil
	}
}

// releaseLocked counts c out, once (g.mu held).
func (g *Guard) releaseLocked(c *conn) {
	if c.released {
		return
	}
	c.released = true
	g.unmarkIdle(c)
	c.addr.open--
	g.open--
	g.forget(c.key, c.addr)
}

func (g *Guard) release(c *conn) {
	g.mu.Lock()
	g.releaseLocked(c)
	g.mu.Unlock()
}

// connState follows each connection from request to request: only one
// not in a request may be closed to make room.
func (g *Guard) connState(nc net.Conn, st http.ConnState) {
	c, ok := unwrap(nc)
	if !ok {
		return
	}
	if st == http.StateNew || st == http.StateIdle {
		c.newPhase()
	}
	c.phase.Store(int32(st))
	g.mu.Lock()
	defer g.mu.Unlock()
	if c.released {
		return
	}
	switch st {
	case http.StateNew, http.StateIdle:
		g.markIdle(c)
	case http.StateActive, http.StateHijacked:
		g.unmarkIdle(c)
	case http.StateClosed:
		g.releaseLocked(c)
	}
}
