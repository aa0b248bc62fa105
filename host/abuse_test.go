package host

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/online"
)

func TestSignInsFromOneAddressAreLimitedWhateverTheName(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		stopClock(s.signIns)
		var got []int
		for i := range 12 {
			status, _ := post(t, base+"/api/signin", fmt.Sprintf(`{"name":"name%d","password":"guessing-1234"}`, i))
			got = append(got, status)
		}
		assert.Equal(t, []int{401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 429, 429}, got)
	})
}

// stopClock stops l's clock, so that no try comes back while a slow
// machine hashes the passwords.
func stopClock(l *limiter) {
	at := time.Now()
	l.mu.Lock()
	l.now = func() time.Time { return at }
	l.mu.Unlock()
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
