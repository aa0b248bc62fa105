package netguard

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Connections that never finish their headers fill an address's places
// (those past them make room or are refused, as they come before or after
// the server began to read the others); a newcomer from the same address
// closes the longest idle of them, and another address is never held up.
func TestAFloodOfSlowHeadersLocksNobodyOut(t *testing.T) {
	t.Parallel()
	s := serve(t, Limits{PerAddr: 4, HeaderTimeout: time.Minute}, ok)
	for range 40 {
		c := s.dial(t, "127.0.0.1")
		_, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n")
		require.NoError(t, err)
	}
	waitFor(t, 5*time.Second, "the flood is in", func() bool { st := s.g.Stats(); return st.Shed+st.Refused == 36 })
	for _, from := range []string{"127.0.0.2", "127.0.0.1"} {
		code, body, err := s.get(from, "/")
		require.NoError(t, err, from)
		assert.Equal(t, []any{200, "ok"}, []any{code, body}, from)
	}
	assert.Contains(t, s.log.String(), "127.0.0.1: closed its longest idle connection to make room for a new one (4 open from this address, the most one may hold)")
}

// A connection in a request is never closed to make room: when every
// place of an address is in one, a newcomer is told why in a 503 and
// closed, while another address is served.
func TestConnectionsInARequestAreKeptAndANewcomerIsRefused(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	entered := make(chan struct{}, 10)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/wait" {
			entered <- struct{}{}
			<-release
		}
		io.WriteString(w, "ok")
	})
	s := serve(t, Limits{PerAddr: 2}, h)
	waits := make(chan error, 2)
	for range 2 {
		go func() {
			code, _, err := s.get("127.0.0.1", "/wait")
			if err == nil && code != 200 {
				err = fmt.Errorf("status %d", code)
			}
			waits <- err
		}()
		<-entered
	}
	code, body, err := s.get("127.0.0.1", "/")
	require.NoError(t, err)
	assert.Equal(t, []any{503, tooManyFromYou}, []any{code, body})
	code, body, err = s.get("127.0.0.2", "/")
	require.NoError(t, err)
	assert.Equal(t, []any{200, "ok"}, []any{code, body})
	close(release)
	require.NoError(t, <-waits)
	require.NoError(t, <-waits)
	assert.Contains(t, s.log.String(), "127.0.0.1: refused a connection: 2 open from this address already, the most one address may hold, and none idle\n")
	assert.Equal(t, int64(1), s.g.Stats().Refused)
}

// Over the total, the longest idle connection of any address makes room
// (one still sending its headers).
func TestOverTheTotalTheIdlestConnectionOfAnyAddressMakesRoom(t *testing.T) {
	t.Parallel()
	s := serve(t, Limits{Total: 3, HeaderTimeout: time.Minute}, ok)
	var idle net.Conn
	for i, from := range []string{"127.0.0.3", "127.0.0.4", "127.0.0.5"} {
		c := s.dial(t, from)
		_, err := io.WriteString(c, "GET / HTTP/1.1\r\n") // and never the rest
		require.NoError(t, err)
		waitFor(t, 5*time.Second, "it is counted", func() bool { return s.g.Stats().Open == i+1 })
		if idle == nil {
			idle = c
		}
	}
	code, body, err := s.get("127.0.0.2", "/")
	require.NoError(t, err)
	assert.Equal(t, []any{200, "ok"}, []any{code, body})
	assert.True(t, closedByServer(idle, 5*time.Second), "the longest idle was closed")
	assert.Contains(t, s.log.String(), "127.0.0.3: closed its longest idle connection to make room for one of 127.0.0.2 (3 open in all, the most the server holds)\n")
}

// Headers not whole within the header timeout close the connection, with
// a line that says so; so does a connection that sends nothing.
func TestHeadersThatDoNotComeInTimeCloseTheConnection(t *testing.T) {
	t.Parallel()
	s := serve(t, Limits{HeaderTimeout: 100 * time.Millisecond}, ok)
	slow := s.dial(t, "127.0.0.1")
	_, err := io.WriteString(slow, "GET / HTTP/1.1\r\n")
	require.NoError(t, err)
	silent := s.dial(t, "127.0.0.2")
	assert.True(t, closedByServer(slow, 5*time.Second))
	assert.True(t, closedByServer(silent, 5*time.Second))
	waitFor(t, 5*time.Second, "both are counted", func() bool { return s.g.Stats().HeaderTimeouts == 2 && s.g.Stats().Open == 0 })
	assert.Contains(t, s.log.String(), "127.0.0.1: closed a connection whose request's headers were not whole within 100ms (16 bytes came)\n")
	assert.Contains(t, s.log.String(), "127.0.0.2: closed a connection that sent nothing within 100ms\n")
}

// A client that stops reading a large response is closed within the
// write grace, and one that reads gets every byte.
func TestAClientThatStopsReadingIsClosedWithinTheGrace(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("rogue.wasm ", 3<<20) // 33 MB, more than loopback buffers
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, big) })
	s := serve(t, Limits{WriteGrace: time.Second, MinWriteRate: 1 << 20}, h)
	stalled := s.dial(t, "127.0.0.1")
	_, err := io.WriteString(stalled, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	require.NoError(t, err)
	waitFor(t, 10*time.Second, "the stalled client is closed", func() bool { return s.g.Stats().SlowWrites == 1 && s.g.Stats().Open == 0 })
	assert.Regexp(t, `127\.0\.0\.1: closed a connection that took its response too slowly: \d+ bytes of it not taken within 1\.00\ds \(\d+ bytes taken, the client may wait 1s, and must read at 1024 KiB/s\)\n`, s.log.String())
	code, body, err := s.get("127.0.0.1", "/")
	require.NoError(t, err)
	assert.Equal(t, []any{200, len(big)}, []any{code, len(body)})
}

// A handler's own write deadline is kept when it is sooner than the
// per-write one.
func TestAHandlersOwnWriteDeadlineIsKept(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", 32<<20)
	failed := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(50 * time.Millisecond))
		_, err := io.WriteString(w, big)
		failed <- err
	})
	s := serve(t, Limits{WriteGrace: time.Minute}, h)
	c := s.dial(t, "127.0.0.1")
	_, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	require.NoError(t, err)
	select {
	case err := <-failed:
		assert.ErrorContains(t, err, "timeout")
	case <-time.After(10 * time.Second):
		t.Fatal("the handler's deadline was not kept")
	}
	assert.Equal(t, int64(0), s.g.Stats().SlowWrites, "not the guard's limit")
}

// Headers over the bound get net/http's 431, and a line.
func TestHeadersTooLargeAreRefusedWithALine(t *testing.T) {
	t.Parallel()
	s := serve(t, Limits{MaxHeaderBytes: 1 << 10}, ok)
	c := s.dial(t, "127.0.0.1")
	_, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\nCookie: "+strings.Repeat("a", 8<<10)+"\r\n\r\n")
	require.NoError(t, err)
	reply, _ := io.ReadAll(c)
	assert.True(t, strings.HasPrefix(string(reply), "HTTP/1.1 431 "), "%q", reply)
	waitFor(t, 5*time.Second, "the line", func() bool {
		return strings.Contains(s.log.String(), "127.0.0.1: refused a request: 431 Request Header Fields Too Large\n")
	})
}
