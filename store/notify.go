package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// Several nodes share one PostgreSQL: each tells the others of every
// turn it commits with NOTIFY on one channel (named after the schema, so
// that two schemas in one database do not hear each other), and each
// LISTENs on it. A notice carries only the game and how many turns it
// holds now; the records themselves are read from the records table, so
// a notice lost or coalesced costs a little delay, never a turn. The
// same channel carries the notices of other kinds (NoticeKind): a count
// of spectators changed, a digest asked for and kept. SQLite has one
// node: its turns are told nobody, and the other notices are heard in
// the process.

// Notice is what a node hears: of its Kind NoticeTurns, that game Game
// holds Turns turns. A Notice of game 0 says the listener was
// (re)connected and notices may have been missed meanwhile: whoever
// follows games reads them again.
type Notice struct {
	Kind  NoticeKind
	Game  int64
	Turns int
}

// NoticeKind is what a Notice says. Each is a line of a payload; a line a
// node does not read is left out, so an older node ignores newer kinds.
type NoticeKind byte

const (
	// NoticeTurns: Game holds Turns turns ("GAME TURNS").
	NoticeTurns NoticeKind = iota
	// NoticeWatchers: a node's count of Game's spectators changed, in
	// the watchers table ("w GAME").
	NoticeWatchers
	// NoticeAskDigest: a node lists live Game and wants its digest: its
	// holder keeps it in its row ("d GAME").
	NoticeAskDigest
	// NoticeDigest: Game's row holds its digest after Turns turns
	// ("D GAME TURNS").
	NoticeDigest
)

// line is the notice as a payload's line.
func (n Notice) line() string {
	switch n.Kind {
	case NoticeWatchers:
		return fmt.Sprintf("w %d\n", n.Game)
	case NoticeAskDigest:
		return fmt.Sprintf("d %d\n", n.Game)
	case NoticeDigest:
		return fmt.Sprintf("D %d %d\n", n.Game, n.Turns)
	}
	return fmt.Sprintf("%d %d\n", n.Game, n.Turns)
}

// maxPayload is the most bytes of one NOTIFY's payload (PostgreSQL takes
// under 8 000).
const maxPayload = 7000

// notifier sends the notices of the turns this node commits: it keeps
// the newest turn count of each game not sent yet, and sends them all in
// one statement when it can, so a burst of turns costs one NOTIFY.
type notifier struct {
	db      *sql.DB
	channel string
	mu      sync.Mutex
	pending map[int64]int
	others  map[Notice]bool // the notices of other kinds not sent yet
	wake    chan struct{}
	quit    chan struct{}
	done    chan struct{}
}

func newNotifier(db *sql.DB, channel string) *notifier {
	n := &notifier{db: db, channel: channel, pending: map[int64]int{}, others: map[Notice]bool{},
		wake: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
	go n.run()
	return n
}

// tell queues the notice that game id holds turns turns.
func (n *notifier) tell(id int64, turns int) {
	n.mu.Lock()
	if turns > n.pending[id] {
		n.pending[id] = turns
	}
	n.mu.Unlock()
	n.poke()
}

// send queues a notice of another kind than NoticeTurns.
func (n *notifier) send(notice Notice) {
	n.mu.Lock()
	n.others[notice] = true
	n.mu.Unlock()
	n.poke()
}

func (n *notifier) poke() {
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

func (n *notifier) run() {
	defer close(n.done)
	for {
		select {
		case <-n.wake:
		case <-n.quit:
			return
		}
		n.mu.Lock()
		pending, others := n.pending, n.others
		n.pending, n.others = map[int64]int{}, map[Notice]bool{}
		n.mu.Unlock()
		for _, payload := range payloads(pending, others) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			n.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, n.channel, payload)
			cancel()
		}
	}
}

func (n *notifier) stop() {
	close(n.quit)
	<-n.done
}

// payloads spells the notices as lines (Notice.line), the turns' then
// the others', in payloads of at most maxPayload bytes.
func payloads(pending map[int64]int, others map[Notice]bool) []string {
	ids := make([]int64, 0, len(pending))
	for id := range pending {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	lines := make([]string, 0, len(ids)+len(others))
	for _, id := range ids {
		lines = append(lines, Notice{Game: id, Turns: pending[id]}.line())
	}
	rest := make([]string, 0, len(others))
	for n := range others {
		rest = append(rest, n.line())
	}
	slices.Sort(rest)
	lines = append(lines, rest...)
	var out []string
	var b strings.Builder
	for _, line := range lines {
		if b.Len()+len(line) > maxPayload {
			out = append(out, b.String())
			b.Reset()
		}
		b.WriteString(line)
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// parseNotices reads a payload; lines that do not read are left out.
func parseNotices(payload string) []Notice {
	var out []Notice
	for line := range strings.SplitSeq(payload, "\n") {
		f := strings.Fields(line)
		kind := NoticeTurns
		if len(f) > 0 {
			switch f[0] {
			case "w":
				kind, f = NoticeWatchers, f[1:]
			case "d":
				kind, f = NoticeAskDigest, f[1:]
			case "D":
				kind, f = NoticeDigest, f[1:]
			}
		}
		want := 2
		if kind == NoticeWatchers || kind == NoticeAskDigest {
			want = 1
		}
		if len(f) != want {
			continue
		}
		n := Notice{Kind: kind}
		var err error
		n.Game, err = strconv.ParseInt(f[0], 10, 64)
		if err == nil && want == 2 {
			n.Turns, err = strconv.Atoi(f[1])
		}
		if err == nil && n.Game > 0 && n.Turns >= 0 {
			out = append(out, n)
		}
	}
	return out
}

// Send tells every node sharing the database (this one too) a notice of
// another kind than NoticeTurns (which Tell sends). On SQLite it is
// heard by the listeners of this process: the only nodes there are.
func (s *Store) Send(n Notice) {
	if s.notes != nil {
		s.notes.send(n)
		return
	}
	s.localMu.Lock()
	defer s.localMu.Unlock()
	for c := range s.local {
		select {
		case c <- n:
		default: // a listener that falls behind misses it: a notice lost costs a delay
		}
	}
}

// Tell tells every node that game id holds turns turns, as Append does
// for each turn it commits (a node that takes a game over tells it too,
// so that a notice lost with a killed node is made good).
func (s *Store) Tell(id int64, turns int) {
	if s.notes != nil {
		s.notes.tell(id, turns)
	}
}

// Shared reports whether other nodes may share the database
// (PostgreSQL): then they hear of each other's turns through Listen.
func (s *Store) Shared() bool { return s.notes != nil }

// Listen calls f with every notice of a turn committed by any node
// sharing the database, this one too, and every notice Sent, until ctx
// ends. On SQLite, where one process is the only node, it hears the
// notices Sent in this process, and no turns'. f is called from one
// goroutine, in order, and must not block for long. After each
// (re)connection it calls f with the Notice of game 0 (see Notice). A
// connection lost is made again, after a pause that grows to 2 s.
func (s *Store) Listen(ctx context.Context, f func(Notice)) {
	if s.notes == nil {
		s.listenHere(ctx, f)
		return
	}
	wait := 50 * time.Millisecond
	for ctx.Err() == nil {
		if s.listenOnce(ctx, f) {
			wait = 50 * time.Millisecond
		}
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(2*wait, 2*time.Second)
	}
}

// listenOnce listens on one connection until it fails; it reports
// whether it got as far as listening.
func (s *Store) listenOnce(ctx context.Context, f func(Notice)) bool {
	c, err := pgx.Connect(ctx, s.url)
	if err != nil {
		return false
	}
	defer c.Close(context.Background())
	if _, err := c.Exec(ctx, `LISTEN `+pgx.Identifier{s.notes.channel}.Sanitize()); err != nil {
		return false
	}
	f(Notice{})
	for {
		n, err := c.WaitForNotification(ctx)
		if err != nil {
			return true
		}
		for _, notice := range parseNotices(n.Payload) {
			f(notice)
		}
	}
}

// channelOf is the NOTIFY channel of the database's current schema.
func channelOf(ctx context.Context, db *sql.DB) (string, error) {
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return "", err
	}
	return "rogue_turns_" + schema, nil
}

// listenHere hears the notices Sent in this process, until ctx ends.
func (s *Store) listenHere(ctx context.Context, f func(Notice)) {
	c := make(chan Notice, 1024)
	s.localMu.Lock()
	if s.local == nil {
		s.local = map[chan Notice]bool{}
	}
	s.local[c] = true
	s.localMu.Unlock()
	defer func() {
		s.localMu.Lock()
		delete(s.local, c)
		s.localMu.Unlock()
	}()
	f(Notice{})
	for {
		select {
		case n := <-c:
			f(n)
		case <-ctx.Done():
			return
		}
	}
}
