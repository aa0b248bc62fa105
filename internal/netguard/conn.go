package netguard

import (
	"bytes"
	"container/list"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"
)

// writeChunk is the most bytes one write to the connection holds: a
// larger write is cut, each piece with its own deadline.
const writeChunk = 64 << 10

// conn is an admitted connection: it frees its place when closed, closes
// itself when its client does not take what is written fast enough, and
// logs a header timeout and net/http's own refusals.
type conn struct {
	net.Conn
	g    *Guard
	key  netip.Prefix
	who  string
	addr *addrConns
	born time.Time // when it was accepted

	// Under g.mu.
	released          bool
	idleAll, idleAddr *list.Element

	// phase is the http.ConnState; read the bytes read since it last
	// became new or idle; handled whether a handler began since then;
	// timedOut whether a header timeout was counted; writeBy the
	// deadline set from outside (Unix nanoseconds, 0 for none).
	phase    atomic.Int32
	read     atomic.Int64
	handled  atomic.Bool
	timedOut atomic.Bool
	writeBy  atomic.Int64
	once     sync.Once

	// The writes since the connection last became new or idle: the
	// bytes written and the time spent waiting for the client to take
	// them.
	wmu     sync.Mutex
	wrote   int64
	waiting time.Duration
}

// newPhase starts a request's phase: nothing read, written or waited
// for yet.
func (c *conn) newPhase() {
	c.read.Store(0)
	c.handled.Store(false)
	c.wmu.Lock()
	c.wrote, c.waiting = 0, 0
	c.wmu.Unlock()
}

func (c *conn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	if err != nil && timeout(err) {
		c.readTimedOut()
	}
	return n, err
}

// readTimedOut logs a read that hit its deadline while the request's
// headers were awaited (a deadline inside a request is its handler's, or
// net/http's own way to stop a read, and says nothing).
func (c *conn) readTimedOut() {
	st := http.ConnState(c.phase.Load())
	got := c.read.Load()
	if st != http.StateNew && st != http.StateIdle || st == http.StateIdle && got == 0 {
		return // in a request, or the idle timeout: keep-alive ends
	}
	if !c.timedOut.CompareAndSwap(false, true) {
		return
	}
	c.g.counts.headerTimeouts.Add(1)
	if got == 0 {
		c.g.lines.say("header-timeout", c.who, "closed a connection that sent nothing within %v", c.g.limits.HeaderTimeout)
		return
	}
	c.g.lines.say("header-timeout", c.who, "closed a connection whose request's headers were not whole within %v (%d bytes came)", c.g.limits.HeaderTimeout, got)
}

// Write writes p in pieces of at most writeChunk bytes. Each piece of n
// bytes must be taken by the client within WriteGrace + n/MinWriteRate,
// and the time spent waiting for the pieces of one request's response
// adds up to WriteGrace + its bytes/MinWriteRate at most (or until the
// deadline set from outside, if that is sooner): a client that takes
// them slower is closed.
func (c *conn) Write(p []byte) (int, error) {
	if !c.handled.Load() {
		c.refusedByServer(p)
	}
	l := c.g.limits
	rate := func(n int64) time.Duration { return time.Duration(n) * time.Second / time.Duration(l.MinWriteRate) }
	c.wmu.Lock()
	defer c.wmu.Unlock()
	written := 0
	for len(p) > 0 {
		n := min(len(p), writeChunk)
		start := time.Now()
		left := min(l.WriteGrace+rate(int64(n)), l.WriteGrace+rate(c.wrote+int64(n))-c.waiting)
		by, ours := start.Add(left), true
		if outer := c.writeBy.Load(); outer != 0 && outer < by.UnixNano() {
			by, ours = time.Unix(0, outer), false
		}
		c.Conn.SetWriteDeadline(by)
		m, err := c.Conn.Write(p[:n])
		c.waiting += time.Since(start)
		c.wrote += int64(m)
		written += m
		if err != nil {
			if ours && timeout(err) {
				c.g.counts.slowWrites.Add(1)
				c.g.lines.say("slow-write", c.who, "closed a connection that took its response too slowly: %d bytes of it not taken within %v (%d bytes taken, the client may wait %v, and must read at %d KiB/s)",
					n-m, left.Round(time.Millisecond), c.wrote, l.WriteGrace, l.MinWriteRate>>10)
				c.Close()
			}
			return written, err
		}
		p = p[n:]
	}
	return written, nil
}

// refusedByServer logs net/http's answer to a request it would not read
// (headers too large, a malformed request): what it writes before a
// handler began.
func (c *conn) refusedByServer(p []byte) {
	line, _, _ := bytes.Cut(p, []byte("\r\n"))
	if !bytes.HasPrefix(line, []byte("HTTP/1.")) || len(line) < len("HTTP/1.1 ") {
		return
	}
	line = line[len("HTTP/1.1 "):min(len(line), 80)]
	c.g.lines.say("bad-request", c.who, "refused a request: %s", line)
}

// timeout reports whether err is a deadline's.
func timeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// SetDeadline and SetWriteDeadline set the deadline from outside, which
// the writes keep to when it is sooner than their own.
func (c *conn) SetDeadline(t time.Time) error {
	c.setWriteBy(t)
	return c.Conn.SetDeadline(t)
}

func (c *conn) SetWriteDeadline(t time.Time) error {
	c.setWriteBy(t)
	return c.Conn.SetWriteDeadline(t)
}

func (c *conn) setWriteBy(t time.Time) {
	if t.IsZero() {
		c.writeBy.Store(0)
		return
	}
	c.writeBy.Store(t.UnixNano())
}

// CloseWrite shuts the writing half, as net/http does before closing a
// connection whose request it did not read whole.
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// Close closes the connection and frees its place.
func (c *conn) Close() error {
	c.g.release(c)
	return c.closeRaw()
}

// closeRaw closes the connection, once.
func (c *conn) closeRaw() error {
	err := net.ErrClosed
	c.once.Do(func() { err = c.Conn.Close() })
	return err
}
