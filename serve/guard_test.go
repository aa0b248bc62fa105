package serve

import (
	"context"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/internal/netguard"
)

// dialFrom connects to base from the loopback address from, for as long
// as the test runs.
func dialFrom(t testing.TB, base, from string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", strings.TrimPrefix(base, "http://"))
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// getFrom is the status of a GET of base+path from the loopback address
// from, on a connection of its own, given at most within to answer.
func getFrom(base, from, path string, within time.Duration) (int, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	client := http.Client{Timeout: within, Transport: &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return d.DialContext(ctx, network, addr)
		},
	}}
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		return 0, err
	}
	req.Host = "127.0.0.1"
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, err
}

// bigPage is the test page with a wasm of n bytes that gzip cannot
// shrink, as large as the real one.
func bigPage(n int) fstest.MapFS {
	page := testPage()
	b := make([]byte, n)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	copy(b, "\x00asm\x01\x00\x00\x00")
	page[WasmName] = &fstest.MapFile{Data: b}
	return page
}

// 200 connections that send their headers slowly (one byte at a time,
// never the end) lock nobody out: another client, from their address or
// from another, is served within a second.
func TestTwoHundredSlowHeaderConnectionsDoNotStopAnotherClient(t *testing.T) {
	t.Parallel()
	base, out := serveWith(t, Options{Dir: t.TempDir(), Page: testPage()})
	stop := make(chan struct{})
	defer close(stop)
	for range 200 {
		c := dialFrom(t, base, "127.0.0.1")
		go func() {
			for _, b := range []byte("GET /api/journals HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") {
				if _, err := c.Write([]byte{b}); err != nil {
					return
				}
				select {
				case <-stop:
					return
				case <-time.After(50 * time.Millisecond):
				}
			}
		}()
	}
	for _, from := range []string{"127.0.0.2", "127.0.0.1"} {
		code, err := getFrom(base, from, "/api/journals", time.Second)
		require.NoError(t, err, from)
		assert.Equal(t, 200, code, from)
	}
	assert.Contains(t, out.String(), "rogue serve: 127.0.0.1: closed its longest idle connection to make room for a new one (32 open from this address, the most one may hold)")
}

// 70 clients that ask for the wasm and never read it hold nobody else
// off: another address is served at once, and theirs once the server has
// closed them, within the write grace.
func TestSeventyDownloadsNeverReadDoNotHoldOthersOff(t *testing.T) {
	t.Parallel()
	grace := 500 * time.Millisecond
	base, out := serveWith(t, Options{Dir: t.TempDir(), Page: bigPage(16 << 20), Limits: netguard.Limits{WriteGrace: grace}})
	for range 70 {
		c := dialFrom(t, base, "127.0.0.1")
		_, err := io.WriteString(c, "GET /rogue.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		require.NoError(t, err)
	}
	code, err := getFrom(base, "127.0.0.2", "/api/journals", time.Second)
	require.NoError(t, err)
	assert.Equal(t, 200, code)
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if code, err := getFrom(base, "127.0.0.1", "/api/journals", time.Second); err == nil && code == 200 {
			break
		}
		require.False(t, time.Now().After(end), "their own address was never served again")
	}
	assert.Contains(t, out.String(), "rogue serve: 127.0.0.1: closed a connection that took its response too slowly: ")
	assert.Contains(t, out.String(), "rogue serve: 127.0.0.1: refused a connection: 32 open from this address already, the most one address may hold, and none idle")
}

// A flood of requests held open from one address (each waiting for the
// folder's first journal) fills that address's places only: another
// address is served at once.
func TestAFloodFromOneAddressDoesNotLockOutAnother(t *testing.T) {
	t.Parallel()
	base, out := serveWith(t, Options{Dir: t.TempDir(), Page: testPage(), FollowWait: time.Minute})
	for range 60 {
		c := dialFrom(t, base, "127.0.0.1")
		_, err := io.WriteString(c, "GET /follow?wait HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		require.NoError(t, err)
	}
	for end := time.Now().Add(10 * time.Second); !strings.Contains(out.String(), "refused a connection: 32 open"); time.Sleep(10 * time.Millisecond) {
		require.False(t, time.Now().After(end), "the flood was never refused: %s", out)
	}
	code, err := getFrom(base, "127.0.0.2", "/api/journals", time.Second)
	require.NoError(t, err)
	assert.Equal(t, 200, code)
	code, err = getFrom(base, "127.0.0.1", "/api/journals", time.Second)
	require.NoError(t, err)
	assert.Equal(t, 503, code, "the flooding address is told it holds too many")
}
