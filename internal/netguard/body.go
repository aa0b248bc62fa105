package netguard

import (
	"errors"
	"io"
	"net/http"
	"time"
)

// Body bounds r's body to max bytes, all read within the limits'
// BodyTimeout from now. A read past max fails with *http.MaxBytesError
// (and the connection closes once the response is sent), one too slow
// with a timeout (a net.Error); each logs one line. Status says what to
// answer to such an error.
func (g *Guard) Body(w http.ResponseWriter, r *http.Request, max int64) {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(g.limits.BodyTimeout)) // a writer that cannot: no deadline
	r.Body = &body{ReadCloser: http.MaxBytesReader(w, r.Body, max), g: g, rc: rc, who: g.ClientAddr(r).String(), max: max}
}

type body struct {
	io.ReadCloser
	g    *Guard
	rc   *http.ResponseController
	who  string
	max  int64
	done bool
}

func (b *body) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && !b.done {
		b.done = true
		var tooBig *http.MaxBytesError
		switch {
		case errors.Is(err, io.EOF):
			// Whole in time: later reads (net/http's, after the handler)
			// have no deadline. After a failure the deadline stays, so
			// that net/http's read of the rest fails at once and it
			// closes the connection after the answer.
			b.rc.SetReadDeadline(time.Time{})
		case errors.As(err, &tooBig):
			b.g.lines.say("body-size", b.who, "refused a request body over %d bytes", b.max)
		case timeout(err):
			b.g.lines.say("body-timeout", b.who, "refused a request body not whole within %v", b.g.limits.BodyTimeout)
		}
	}
	return n, err
}

// Status is the status to answer a request whose body read failed with
// err: 413 past its bound, 408 too slow, 400 otherwise.
func Status(err error) int {
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return http.StatusRequestEntityTooLarge
	case timeout(err):
		return http.StatusRequestTimeout
	}
	return http.StatusBadRequest
}
