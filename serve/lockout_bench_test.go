package serve

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// BenchmarkLockout is how long two clients wait to be answered while
// one address attacks rogue serve, with main's settings before netguard
// (a blocking cap of 64 connections, a two-minute write timeout) and
// with netguard's defaults: 200 connections sending their headers a byte
// every 50 ms (slow-headers), or 70 downloads of a 16 MiB wasm never
// read (unread-downloads). other-s is the wait of a client of another
// address, same-s of one of the attacker's own; each at most 60 s. Run
// it with -benchtime 1x: main's settings take about a minute.
func BenchmarkLockout(b *testing.B) {
	attacks := []struct {
		name   string
		attack func(b *testing.B, base string, stop <-chan struct{})
	}{
		{"slow-headers", slowHeaders},
		{"unread-downloads", unreadDownloads},
	}
	servers := []struct {
		name  string
		serve func(b *testing.B, o Options) string
	}{
		{"main", serveAsMain},
		{"netguard", func(b *testing.B, o Options) string { base, _ := serveWith(b, o); return base }},
	}
	for _, a := range attacks {
		for _, s := range servers {
			b.Run(a.name+"/"+s.name, func(b *testing.B) {
				var other, same time.Duration
				for range b.N {
					base := s.serve(b, Options{Dir: b.TempDir(), Page: bigPage(16 << 20)})
					stop := make(chan struct{})
					a.attack(b, base, stop)
					var wg sync.WaitGroup
					var o, m time.Duration
					wg.Go(func() { o = waitServed(base, "127.0.0.2") })
					wg.Go(func() { m = waitServed(base, "127.0.0.1") })
					wg.Wait()
					close(stop)
					other += o
					same += m
				}
				b.ReportMetric(other.Seconds()/float64(b.N), "other-s")
				b.ReportMetric(same.Seconds()/float64(b.N), "same-s")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// waitServed is how long a client of from waits for a 200 to GET
// /api/journals, asking again at once after a refusal; 60 s at most.
func waitServed(base, from string) time.Duration {
	start := time.Now()
	for time.Since(start) < time.Minute {
		if code, err := getFrom(base, from, "/api/journals", time.Minute-time.Since(start)); err == nil && code == 200 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

// slowHeaders opens 200 connections from 127.0.0.1 that send a request's
// headers a byte every 50 ms, never to their end, until stop.
func slowHeaders(b *testing.B, base string, stop <-chan struct{}) {
	for range 200 {
		c := dialFrom(b, base, "127.0.0.1")
		go func() {
			for _, x := range []byte("GET /api/journals HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + strings.Repeat("a", 1000)) {
				if _, err := c.Write([]byte{x}); err != nil {
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
}

// unreadDownloads opens 70 connections from 127.0.0.1 that ask for the
// wasm and never read it.
func unreadDownloads(b *testing.B, base string, stop <-chan struct{}) {
	for range 70 {
		c := dialFrom(b, base, "127.0.0.1")
		_, err := io.WriteString(c, "GET /rogue.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		require.NoError(b, err)
	}
}

// serveAsMain serves o as rogue serve did before netguard, until the
// benchmark ends.
func serveAsMain(b *testing.B, o Options) string {
	s, err := New(o)
	require.NoError(b, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(b, err)
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 2 * time.Minute, IdleTimeout: time.Minute, MaxHeaderBytes: 16 << 10}
	go srv.Serve(&blocking{Listener: ln, slots: make(chan struct{}, 64)})
	b.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		srv.Close()
		s.Close()
	})
	return "http://" + ln.Addr().String()
}

// blocking is main's connection cap: Accept waits for a place.
type blocking struct {
	net.Listener
	slots chan struct{}
}

func (l *blocking) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &freeing{Conn: c, free: func() { <-l.slots }}, nil
}

type freeing struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *freeing) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.free)
	return err
}
