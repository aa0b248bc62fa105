package netguard

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"time"
)

// refusers is how many refused connections are answered at once; past
// that a refused connection is closed without an answer.
const refusers = 32

// refuseFor is how long a refused connection is given to send its
// request and take its answer, so that closing it does not reset the
// answer away.
const refuseFor = 200 * time.Millisecond

// readRequest reads what the client sends up to the end of its
// request's headers, at most 16 KiB, until the deadline: the answer must
// come after a request, or a client takes it for none.
func readRequest(c net.Conn) {
	var buf [16 << 10]byte
	n := 0
	for n < len(buf) {
		m, err := c.Read(buf[n:])
		n += m
		if err != nil || bytes.Contains(buf[max(0, n-m-3):n], []byte("\r\n\r\n")) {
			return
		}
	}
}

// What a refused connection is told.
const (
	tooManyFromYou = "too many connections from your address: close some, then try again\n"
	serverFull     = "the server is full: try again in a moment\n"
)

// refuse logs why raw is refused, answers it with a 503 saying text and
// closes it, from a bounded number of goroutines.
func (g *Guard) refuse(raw net.Conn, limit, who, text, format string, args ...any) {
	g.counts.refused.Add(1)
	g.lines.say(limit, who, format, args...)
	select {
	case g.refusing <- struct{}{}:
	default:
		raw.Close()
		return
	}
	go func() {
		defer func() { <-g.refusing }()
		raw.SetDeadline(time.Now().Add(refuseFor))
		readRequest(raw)
		fmt.Fprintf(raw, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", len(text), text)
		if cw, ok := raw.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		}
		io.Copy(io.Discard, io.LimitReader(raw, 64<<10))
		raw.Close()
	}()
}
