package host

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/online"
	"rogue/store"
)

func TestSignInsFromOneAddressAreLimitedWhateverTheName(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		stopLimits(s)
		var got []int
		for i := range 12 {
			status, _ := post(t, base+"/api/signin", fmt.Sprintf(`{"name":"name%d","password":"guessing-1234"}`, i))
			got = append(got, status)
		}
		assert.Equal(t, []int{401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 429, 429}, got)
	})
}

// stopLimits stops the clock s counts its limits' tries at, the
// database's and the pre-checks', in the middle of a minute's bucket, so
// that no try comes back while a slow machine hashes the passwords.
// Servers stopped at once share one time.
func stopLimits(servers ...*Server) {
	at := time.UnixMilli(time.Now().UnixMilli()/60_000*60_000 + 30_000)
	for _, s := range servers {
		s.clock = func() time.Time { return at }
		for _, l := range []*limiter{s.signIns, s.names, s.signUps} {
			l.mu.Lock()
			l.now = s.clock
			l.mu.Unlock()
		}
	}
}

func TestOneAddressHoldsAtMostItsShareOfWebsockets(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		p, err := online.Dial(ctx, base, "/ws/play", signUp(t, base, "ada"))
		require.NoError(t, err)
		defer p.Close()
		path := fmt.Sprintf("/ws/watch/%d", p.Hello.Game)
		for range ConnsPerAddress - 1 {
			w, err := online.Dial(ctx, base, path, "")
			require.NoError(t, err)
			defer w.Close()
		}
		_, err = online.Dial(ctx, base, path, "")
		assert.EqualError(t, err, fmt.Sprintf("too many connections from your address (%d)", ConnsPerAddress))
		assert.Equal(t, 1, playSome(t, p, 1), "the player plays on")
	})
}

func TestAClientThatSendsItsHeadersSlowlyIsCutOff(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		require.NoError(t, err)
		defer c.Close()
		_, err = c.Write([]byte("GET /api/games HTTP/1.1\r\nHost: x\r\n"))
		require.NoError(t, err)
		start := time.Now()
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		_, err = c.Read(make([]byte, 1))
		assert.Error(t, err, "the server closes the connection")
		assert.Less(t, time.Since(start), 20*time.Second)
		resp, err := http.Get(base + "/api/games")
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, 200, resp.StatusCode, "others are served meanwhile")
	})
}

func TestHeadersOverTheLimitAreRefused(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		req, err := http.NewRequest("GET", base+"/api/games", nil)
		require.NoError(t, err)
		req.Header.Set("X-Big", strings.Repeat("x", 2*MaxHeaderBytes))
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, resp.StatusCode)
	})
}

func TestBehindATrustedProxyEachClientHasItsOwnLimitsAndOthersCannotForgeOne(t *testing.T) {
	t.Parallel()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "rogue.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	tries := 0
	signIn := func(s *Server, base, from string) int {
		tries++ // a name of its own each time: the limit per name is not this test's
		req, err := http.NewRequest("POST", base+"/api/signin", strings.NewReader(fmt.Sprintf(`{"name":"name%d","password":"guessing-1234"}`, tries)))
		require.NoError(t, err)
		req.Header.Set("X-Forwarded-For", from)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, tc := range []struct {
		name    string
		proxies []netip.Prefix
		want    []int // the 11th sign-in of client 1, then client 2's first
	}{
		{"behind the proxy", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, []int{429, 401}},
		{"a client's own header", nil, []int{429, 429}},
	} {
		s := New(st, Options{Node: tc.name, Proxies: tc.proxies})
		t.Cleanup(s.Close)
		hs := newTestServer(s)
		t.Cleanup(hs.Close)
		stopLimits(s)
		for range 10 {
			require.Equal(t, 401, signIn(s, hs.URL, "192.0.2.1"), tc.name)
		}
		assert.Equal(t, tc.want, []int{signIn(s, hs.URL, "192.0.2.1"), signIn(s, hs.URL, "192.0.2.2")}, tc.name)
	}
}
