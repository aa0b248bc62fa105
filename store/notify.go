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
// a notice lost or coalesced costs a little delay, never a turn. SQLite
// has one node: it sends and hears nothing.

// Notice is what a node hears: game Game holds Turns turns. A Notice of
// game 0 says the listener was (re)connected and notices may have been
// missed meanwhile: whoever follows games reads them again.
type Notice struct {
	Game  int64
	Turns int
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
	wake    chan struct{}
	quit    chan struct{}
	done    chan struct{}
}

func newNotifier(db *sql.DB, channel string) *notifier {
	n := &notifier{db: db, channel: channel, pending: map[int64]int{},
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
		pending := n.pending
		n.pending = map[int64]int{}
		n.mu.Unlock()
		for _, payload := range payloads(pending) {
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

// payloads spells the notices as lines "GAME TURNS", in payloads of at
// most maxPayload bytes.
func payloads(pending map[int64]int) []string {
	ids := make([]int64, 0, len(pending))
	for id := range pending {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out []string
	var b strings.Builder
	for _, id := range ids {
		line := fmt.Sprintf("%d %d\n", id, pending[id])
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
		idText, turnsText, ok := strings.Cut(line, " ")
		id, err1 := strconv.ParseInt(idText, 10, 64)
		turns, err2 := strconv.Atoi(turnsText)
		if ok && err1 == nil && err2 == nil && id > 0 {
			out = append(out, Notice{Game: id, Turns: turns})
		}
	}
	return out
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
// sharing the database, this one too, until ctx ends; on SQLite it
// returns at once. f is called from one goroutine, in order, and must
// not block for long. After each (re)connection it calls f with the
// Notice of game 0 (see Notice). A connection lost is made again, after
// a pause that grows to 2 s.
func (s *Store) Listen(ctx context.Context, f func(Notice)) {
	if s.notes == nil {
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
