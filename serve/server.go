package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"strings"
	"time"

	"rogue/internal/netguard"
)

// Options are what rogue serve is run with.
type Options struct {
	// Dir is the folder of journals served.
	Dir string
	// MayNotExist serves a Dir that does not exist yet (the data folder
	// before the first game) as an empty folder until it does, creating
	// nothing.
	MayNotExist bool
	// Addr is the address to listen on, host:port (port 0: any free one).
	Addr string
	// Follow makes the address printed the page following the newest
	// journal of the folder (GET /follow), the one a game being played
	// in a terminal writes.
	Follow bool
	// Page is the page's files: index.html, rogue.wasm, wasm_exec.js and
	// the rest.
	Page fs.FS
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// FollowWait is how long GET /follow?wait waits for a first journal
	// (FollowWait when 0).
	FollowWait time.Duration
	// Limits bound the connections and their phases (netguard's
	// defaults where zero).
	Limits netguard.Limits
}

// Server serves the page and the journals of a folder. It is an
// http.Handler.
type Server struct {
	folder   *folder
	assets   assets
	lister   *lister
	loopback bool // only requests for a loopback host are answered
	// followWait and polled are for GET /follow?wait (see follow.go).
	followWait time.Duration
	polled     polled
	// Compressed is closed once the page's files are compressed (in
	// the background, from New): until then they are sent as they are.
	Compressed <-chan struct{}
}

// New is the server of o's folder and page. It reads the page's files
// once, here, and compresses them once, in the background.
func New(o Options) (*Server, error) {
	a, err := loadAssets(o.Page)
	if err != nil {
		return nil, err
	}
	f, err := openFolder(o.Dir, o.MayNotExist)
	if err != nil {
		return nil, err
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	wait := o.FollowWait
	if wait <= 0 {
		wait = FollowWait
	}
	return &Server{folder: f, assets: a, lister: &lister{folder: f, now: now}, loopback: true, followWait: wait, Compressed: a.compress()}, nil
}

// Close closes the folder.
func (s *Server) Close() error { return s.folder.Close() }

// ServeHTTP answers GET and HEAD requests for the page, the list and the
// journals; anything else is refused.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "rogue serve only reads", http.StatusMethodNotAllowed)
		return
	}
	if r.ContentLength != 0 {
		http.Error(w, "a request to rogue serve has no body", http.StatusRequestEntityTooLarge)
		return
	}
	if s.loopback && !loopbackHost(r.Host) {
		// A page of another site that had its name point at this
		// machine (DNS rebinding) must not read the journals.
		http.Error(w, "rogue serve answers requests for localhost only", http.StatusForbidden)
		return
	}
	p := r.URL.Path
	if why := badPath(p, r.URL.RawPath); why != "" {
		http.Error(w, why, http.StatusBadRequest)
		return
	}
	switch {
	case p == "/api/journals":
		s.serveList(w, r)
	case p == "/follow":
		s.serveFollow(w, r)
	case strings.HasPrefix(p, "/journals/"):
		s.serveJournal(w, r, strings.TrimPrefix(p, "/journals/"))
	case p == "/":
		s.assets["index.html"].serve(w, r)
	default:
		x := s.assets[strings.TrimPrefix(p, "/")]
		if x == nil {
			http.NotFound(w, r)
			return
		}
		x.serve(w, r)
	}
}

// badPath says why a request's path is refused outright, or "": a path
// that is not absolute, or holds a NUL, a backslash, a ".." segment or an
// encoded slash, whatever it asks for.
func badPath(p, raw string) string {
	switch {
	case !strings.HasPrefix(p, "/"):
		return "the path must begin with /"
	case strings.ContainsRune(p, 0):
		return "the path holds a NUL"
	case strings.Contains(p, "\\"):
		return "the path holds a backslash"
	case strings.Contains(strings.ToLower(raw), "%2f"), strings.Contains(strings.ToLower(raw), "%5c"):
		return "the path holds an encoded separator"
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." || seg == "." {
			return "the path holds a . or .. segment"
		}
	}
	return ""
}

// loopbackHost reports whether a request's Host names this machine by a
// loopback address or as localhost.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// serveList is GET /api/journals.
func (s *Server) serveList(w http.ResponseWriter, r *http.Request) {
	list, err := s.lister.list(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	b, err := json.Marshal(list)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.Write(b)
}

// Listen listens on o.Addr; Serve then serves on it.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("cannot listen on %s: %w", addr, err)
	}
	return ln, nil
}

// Serve serves s on ln until ctx is done, then stops, letting the
// requests under way finish for a few seconds. The connections are
// guarded by o.Limits (package netguard): capped per address and in all,
// each phase bounded, each limit logged on out where it trips. It prints where to open
// the page on out, and a warning when ln is not on a loopback address.
func Serve(ctx context.Context, s *Server, ln net.Listener, o Options, out io.Writer) error {
	addr := ln.Addr().(*net.TCPAddr)
	s.loopback = addr.IP.IsLoopback()
	host := ln.Addr().String()
	if addr.IP.IsUnspecified() {
		host = net.JoinHostPort("localhost", fmt.Sprint(addr.Port))
	}
	fmt.Fprintf(out, "rogue serve: the journals of %s, read-only\n", o.Dir)
	if s.folder.root() == nil {
		fmt.Fprintf(out, "rogue serve: %s does not exist yet: no game was played here, so the list is empty until one is\n", o.Dir)
	}
	if !s.loopback {
		// As asked for, with the port found (0.0.0.0 listens as [::]).
		asked, _, _ := net.SplitHostPort(o.Addr)
		fmt.Fprintf(out, "rogue serve: warning: %s is not a loopback address: anyone who can reach this machine can read these journals\n", net.JoinHostPort(asked, fmt.Sprint(addr.Port)))
	}
	if o.Follow {
		fmt.Fprintf(out, "rogue serve: open http://%s/follow to watch the newest game as it is played (Ctrl-C stops)\n", host)
	} else {
		fmt.Fprintf(out, "rogue serve: open http://%s/ (Ctrl-C stops)\n", host)
	}
	guard := netguard.New(o.Limits, log.New(out, "rogue serve: ", 0))
	srv := guard.Server(s)
	// A request waiting (GET /follow?wait) ends when the server stops.
	srv.BaseContext = func(net.Listener) context.Context { return ctx }
	done := make(chan error, 1)
	go func() { done <- srv.Serve(guard.Listen(ln)) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	stop, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := srv.Shutdown(stop); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	srv.Close()
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
