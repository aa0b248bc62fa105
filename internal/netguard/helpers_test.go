package netguard

import (
	"bytes"
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// logged is a log the tests read.
type logged struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logged) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logged) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// server is a guarded server on a free port of 127.0.0.1.
type server struct {
	g    *Guard
	addr string
	log  *logged
}

// serve serves h under limits until the test ends.
func serve(t *testing.T, limits Limits, h http.Handler) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s := &server{log: &logged{}, addr: ln.Addr().String()}
	s.g = New(limits, log.New(s.log, "", 0))
	srv := s.g.Server(h)
	done := make(chan struct{})
	go func() { srv.Serve(s.g.Listen(ln)); close(done) }()
	t.Cleanup(func() { srv.Close(); <-done })
	return s
}

// dial connects to the server from the loopback address from.
func (s *server) dial(t *testing.T, from string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", s.addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// get is the status and body of a GET of path from the loopback address
// from, on a connection of its own, or the error.
func (s *server) get(from, path string) (int, string, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	client := http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return d.DialContext(ctx, network, addr)
		},
	}}
	resp, err := client.Get("http://" + s.addr + path)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// waitFor waits until cond holds, for at most d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(d); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("not within %v: %s", d, what)
		}
	}
}

// closedByServer reports whether the server closed c, reading it within
// d (what it had sent is read and dropped).
func closedByServer(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	return err == nil || !strings.Contains(err.Error(), "timeout")
}

// ok is a handler that answers "ok".
var ok = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
