package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"rogue/internal/netguard"
	"rogue/online"
	"rogue/reducer/content"
	"rogue/store"
)

// Limits on what one client may take of the server.
const (
	// MaxBody is the most bytes of a request's body (a name and a password).
	MaxBody = 4 << 10
	// MaxHeaderBytes is the most bytes of a request's headers.
	MaxHeaderBytes = 8 << 10
	// ConnsPerAddress is the most websockets one address holds open,
	// unless Options say otherwise.
	ConnsPerAddress = 32
	// MaxConns is the most connections open at once in all: a node holds
	// hundreds of games and thousands of spectators.
	MaxConns = 16 << 10
)

// Options are what rogue host was started with.
type Options struct {
	// Node names this process among those sharing the database; a game
	// is held by one node at a time (its lease).
	Node string
	// Log gets one line per thing worth knowing (a node's start, a
	// broken game); nil for none.
	Log func(format string, args ...any)
	// ConnsPerAddress is the most websockets one address holds open; 0
	// for ConnsPerAddress (a load test from one machine needs more).
	ConnsPerAddress int
	// Now is the clock the daily challenge's day is read from; nil for
	// time.Now.
	Now func() time.Time
	// Uploads bound the journals sent to the server (host/uploads.go).
	Uploads Uploads
	// Proxies are the reverse proxies in front (a TLS proxy, a
	// balancer), trusted to say for whom they connect
	// (X-Forwarded-For): each client's limits are then its own, not the
	// proxy's (see netguard.Limits).
	Proxies []netip.Prefix
}

// Server is rogue host's HTTP handler and its live games.
type Server struct {
	st   *store.Store
	opts Options
	tbl  *content.Tables

	// signIns (per address), names (per name signed in to) and signUps
	// (per address) are this node's pre-checks before the limits the
	// database counts (host/limit.go).
	signIns, names, signUps *limiter
	// clock is what the limits' tries are counted at (tests stop it).
	clock func() time.Time
	// seed is each new game's secret seed (secretSeed; tests choose
	// theirs).
	seed      func() uint64
	hashSlot  chan struct{}
	wake      chan struct{} // a job was queued here (host/uploads.go)
	checkSlot chan struct{} // checks a client waits for (a report's)
	// watch counts the spectators of every node (host/watchers.go);
	// digests wait for the digests other nodes keep (host/digests.go).
	watch   presence
	digests digestWaits
	// guard caps the connections, per address and in all, and bounds
	// every phase of a request (package netguard).
	guard *netguard.Guard

	mu    sync.Mutex
	live  map[int64]*liveGame
	conns map[string]int // websockets open per address
	mux   *http.ServeMux
	page  pageFiles  // the browser page's files (page.go)
	hof   hallOfFame // the boards and the daily challenge (boards.go, daily.go)
	// stopNodes stops listening to the other nodes.
	stopNodes context.CancelFunc
}

// New is a server of the games in st.
func New(st *store.Store, opts Options) *Server {
	if opts.Node == "" {
		h, _ := os.Hostname()
		opts.Node = h
	}
	if opts.ConnsPerAddress == 0 {
		opts.ConnsPerAddress = ConnsPerAddress
	}
	opts.Uploads = opts.Uploads.withDefaults()
	if opts.Log == nil {
		opts.Log = func(string, ...any) {}
	}
	logf := opts.Log
	s := &Server{
		st: st, opts: opts, tbl: content.Default(),
		// A connection of a request beside an address's websockets is
		// let in, so that its websockets' cap answers in one line.
		guard: netguard.New(netguard.Limits{PerAddr: opts.ConnsPerAddress + 8, Total: MaxConns, MaxHeaderBytes: MaxHeaderBytes, Proxies: opts.Proxies},
			log.New(logWriter(func(line string) { logf("%s", line) }), "", 0)),
		signIns:   precheck(signInsPerAddress),
		names:     precheck(signInsPerName),
		signUps:   precheck(signUpsPerAddress),
		clock:     time.Now,
		seed:      secretSeed,
		hashSlot:  make(chan struct{}, 2), // argon2id takes 19 MiB each
		live:      map[int64]*liveGame{},
		conns:     map[string]int{},
		mux:       http.NewServeMux(),
		hof:       newHallOfFame(opts),
		wake:      make(chan struct{}, opts.Uploads.Workers),
		checkSlot: make(chan struct{}, 2),
		watch:     newPresence(),
	}
	s.mux.HandleFunc("POST /api/signup", s.signUp)
	s.mux.HandleFunc("POST /api/signin", s.signIn)
	s.mux.HandleFunc("GET /api/games", s.listGames)
	s.mux.HandleFunc("GET /games/{file}", s.download)
	s.mux.HandleFunc("GET /ws/play", s.playSocket)
	s.mux.HandleFunc("GET /ws/watch/{id}", s.watchSocket)
	s.pageRoutes()
	s.routeBoards()
	s.routeUploads()
	s.startNodes()
	return s
}

// ServeHTTP serves the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// HTTPServer is an http.Server for s with every phase bounded
// (netguard's): headers are read in 5 s and hold at most MaxHeaderBytes,
// every write is taken at a minimum rate, bodies have their deadline
// (websockets have theirs, per frame). Serve it on Listen's listener.
func (s *Server) HTTPServer() *http.Server { return s.guard.Server(s) }

// Listen is l with the caps on the connections open at once, per
// address and in all (netguard's).
func (s *Server) Listen(l net.Listener) net.Listener { return s.guard.Listen(l) }

// logWriter is a log.Logger's output as lines to a log func.
type logWriter func(line string)

func (f logWriter) Write(p []byte) (int, error) {
	f(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Serve serves on l until ctx ends, then lets the connections go.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	hs := s.HTTPServer()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(s.Listen(l)) }()
	defer s.Close()
	go s.sweep(ctx)
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
		return nil
	}
}

// address is the client's address, the key of its limits: behind a
// trusted proxy, the one it connects for.
func (s *Server) address(r *http.Request) string {
	if a := s.guard.ClientAddr(r); a.IsValid() {
		return a.String()
	}
	return r.RemoteAddr
}

// bounded limits the request's body, in bytes and in time (the answer's
// writes are bounded by the guard).
func (s *Server) bounded(w http.ResponseWriter, r *http.Request) {
	s.guard.Body(w, r, MaxBody)
}

// say answers with status and one line of text.
func say(w http.ResponseWriter, status int, format string, args ...any) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintf(w, format+"\n", args...)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// GameRow is a row of GET /api/games (online.GameRow, which its clients
// read).
type GameRow = online.GameRow

// listGames is GET /api/games: the newest games (?live=1: the live ones).
func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	s.bounded(w, r)
	games, err := s.st.Games(r.Context(), r.URL.Query().Get("live") == "1", 200)
	if err != nil {
		say(w, http.StatusInternalServerError, "the games could not be listed: %v", err)
		return
	}
	for i, g := range games {
		if g.Live && g.Digest == "" {
			games[i].Digest = s.liveDigest(g.ID, g.Turns)
		}
	}
	s.othersDigests(r.Context(), games)
	rows := make([]GameRow, 0, len(games))
	for _, g := range games {
		rows = append(rows, GameRow{ID: g.ID, Player: g.Player, Rules: g.Rules, Turns: g.Turns, Depth: g.Depth,
			Outcome: g.Outcome, Digest: g.Digest, Live: g.Live})
	}
	writeJSON(w, rows)
}

// download is GET /games/ID.rogue: a finished game's journal. A live
// game's is not served: its header holds the seed.
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	s.bounded(w, r)
	idText, ok := strings.CutSuffix(r.PathValue("file"), ".rogue")
	id, err := strconv.ParseInt(idText, 10, 64)
	if !ok || err != nil {
		say(w, http.StatusNotFound, "no such game: a game's journal is /games/ID.rogue")
		return
	}
	g, err := s.st.Game(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound) || err == nil && g.Live:
		say(w, http.StatusNotFound, "game %d is not over: its journal is served once it is", id)
		return
	case err != nil:
		say(w, http.StatusInternalServerError, "game %d: %v", id, err)
		return
	}
	if line, err := s.closedDaily(r.Context(), r, g); line != "" || err != nil {
		say(w, http.StatusForbidden, "%s%v", line, orNothing(err))
		return
	}
	b, err := s.st.Journal(r.Context(), id)
	if err != nil {
		say(w, http.StatusInternalServerError, "game %d: %v", id, err)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
}
