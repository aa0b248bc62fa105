package netguard

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A body is bounded in bytes and in time, each with its status and line.
func TestABodyIsBoundedInBytesAndInTime(t *testing.T) {
	t.Parallel()
	var s *server
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.g.Body(w, r, 10)
		b, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), Status(err))
			return
		}
		fmt.Fprintf(w, "%d bytes", len(b))
	})
	s = serve(t, Limits{BodyTimeout: 200 * time.Millisecond}, h)
	cases := []struct {
		name, request string
		want          string
	}{
		{"a body within bounds", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", "HTTP/1.1 200 OK"},
		{"a body too large", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n" + strings.Repeat("a", 50), "HTTP/1.1 413 Request Entity Too Large"},
		{"a body too slow", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhe", "HTTP/1.1 408 Request Timeout"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn := s.dial(t, "127.0.0.1")
			_, err := io.WriteString(conn, c.request)
			require.NoError(t, err)
			conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			b := make([]byte, 64)
			n, _ := io.ReadAtLeast(conn, b, len(c.want))
			assert.Equal(t, c.want, string(b[:min(n, len(c.want))]))
		})
	}
	assert.Contains(t, s.log.String(), "127.0.0.1: refused a request body over 10 bytes\n")
	assert.Contains(t, s.log.String(), "127.0.0.1: refused a request body not whole within 200ms\n")
}
