package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/online"
	"rogue/reducer"
	"rogue/store"
)

// node is a rogue host process of the failover test, on its own port.
type node struct {
	name string
	cmd  *exec.Cmd
	port string
}

// startNode starts bin host on 127.0.0.1:port (0: any) with the database
// at db, and waits for the address it prints.
func startNode(t *testing.T, bin, name, port, db string) *node {
	t.Helper()
	cmd := exec.Command(bin, "host", "--addr", "127.0.0.1:"+port, "--db", db)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(stdout)
	var base string
	if lines.Scan() {
		if m := regexp.MustCompile(`^rogue host: http://(\S+?)/ `).FindStringSubmatch(lines.Text()); m != nil {
			base = m[1]
		}
	}
	require.NotEmpty(t, base, "rogue host printed no address")
	go io.Copy(io.Discard, stdout)
	return &node{name: name, cmd: cmd, port: base[strings.LastIndex(base, ":")+1:]}
}

func (n *node) base() string { return "http://127.0.0.1:" + n.port }

// freePort is a port nothing listens on just now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return fmt.Sprint(l.Addr().(*net.TCPAddr).Port)
}

// startBalancer runs haproxy in front of the nodes, sending every new
// connection to the first of them that is up (so the test knows where
// the player is), and returns its base URL.
func startBalancer(t *testing.T, haproxy string, nodes ...*node) string {
	t.Helper()
	port := freePort(t)
	cfg := fmt.Sprintf(`global
	maxconn 512
defaults
	mode http
	timeout connect 1s
	timeout client 1m
	timeout server 1m
	timeout tunnel 1h
	retries 3
	option redispatch
frontend players
	bind 127.0.0.1:%s
	default_backend nodes
backend nodes
	balance first
`, port)
	for _, n := range nodes {
		cfg += fmt.Sprintf("\tserver %s 127.0.0.1:%s check inter 100ms fall 1 rise 1\n", n.name, n.port)
	}
	path := filepath.Join(t.TempDir(), "haproxy.cfg")
	require.NoError(t, os.WriteFile(path, []byte(cfg), 0o644))
	cmd := exec.Command(haproxy, "-db", "-f", path)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := "http://127.0.0.1:" + port
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/api/games")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	}, 20*time.Second, 20*time.Millisecond, "haproxy serves")
	return base
}

// player is a scripted client: the built-in player, through the
// balancer, reconnecting from the turns it holds whenever its
// connection drops, as rogue play --online does.
type player struct {
	base, token string
	id          int64
	c           *online.Conn
	s           *reducer.State
	records     [][]byte    // every turn acknowledged, in order
	acked       []time.Time // when each came back
	reconnected time.Time   // when the last connection was made again
}

func (p *player) dial(ctx context.Context, t *testing.T) {
	for {
		path := "/ws/play"
		if p.id != 0 {
			path = fmt.Sprintf("/ws/play?game=%d&from=%d", p.id, len(p.records))
		}
		c, err := online.Dial(ctx, p.base, path, p.token)
		if err == nil {
			p.c, p.id, p.reconnected = c, c.Hello.Game, time.Now()
			if p.s == nil {
				require.Equal(t, 1, c.Hello.Turns)
				p.s, err = c.State()
				require.NoError(t, err)
				p.records = make([][]byte, 1) // Begin, which it holds as a state
				p.acked = make([]time.Time, 1)
			} else {
				require.Equal(t, len(p.records), c.Hello.Turns, "the server goes on from the turns the client holds")
				require.Empty(t, c.Hello.Snapshot)
			}
			return
		}
		require.NoError(t, ctx.Err(), "no node took the player back: %v", err)
		time.Sleep(20 * time.Millisecond)
	}
}

// play plays n turns (fewer if the game ends), reconnecting as need be.
func (p *player) play(ctx context.Context, t *testing.T, n int) {
	refused := false
	for end := len(p.records) + n; len(p.records) < end && !p.s.Over; {
		cmd := bot.Choose(p.s)
		if refused {
			cmd = &events.Wait{}
		}
		if err := p.c.Send(ctx, len(p.records), cmd); err != nil {
			p.c.Close()
			p.dial(ctx, t)
			continue
		}
		for answered := false; !answered; {
			m, err := p.c.Next(ctx)
			if err != nil {
				p.c.Close()
				p.dial(ctx, t)
				break
			}
			switch {
			case m.Turn != nil:
				require.NoError(t, p.s.ApplyTurn(m.Turn))
				p.records = append(p.records, m.Record)
				p.acked = append(p.acked, time.Now())
				refused, answered = false, true
			case m.Note.Refused != "" && !refused:
				refused, answered = true, true
			case m.Note.Watchers != nil:
			case m.Note.Error != "":
				answered = true // a command for a turn already played: play on from the server's
			default:
				t.Fatalf("turn %d was answered %+v", len(p.records), m.Note)
			}
		}
	}
}

// spectator follows the game on one node, and keeps every turn it sees.
type spectator struct {
	mu      sync.Mutex
	from    int
	records [][]byte
	seen    []time.Time
	done    chan struct{}
}

func watch(ctx context.Context, t *testing.T, base string, id int64) *spectator {
	c, err := online.Dial(ctx, base, fmt.Sprintf("/ws/watch/%d", id), "")
	require.NoError(t, err)
	w := &spectator{from: c.Hello.Turns, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for {
			m, err := c.Next(ctx)
			if err != nil {
				return
			}
			if m.Turn != nil {
				w.mu.Lock()
				w.records = append(w.records, m.Record)
				w.seen = append(w.seen, time.Now())
				w.mu.Unlock()
			}
		}
	}()
	return w
}

// upTo waits until the spectator has seen the turns before turns.
func (w *spectator) upTo(t *testing.T, turns int) {
	require.Eventually(t, func() bool {
		w.mu.Lock()
		defer w.mu.Unlock()
		return w.from+len(w.records) >= turns
	}, 20*time.Second, 5*time.Millisecond, "the spectator sees the turns up to %d", turns)
}

// Several rogue host nodes on one PostgreSQL behind haproxy: the node
// that holds a game is killed with SIGKILL mid-game, three times over;
// each time the player's client reconnects through the balancer and the
// other node goes on at the same turn, a spectator on the other node
// sees every turn, no acknowledged turn is lost nor doubled, and the
// finished game's journal verifies with the digest listed.
func TestKillingTheNodeThatHoldsAGameMovesItToAnotherAndLosesNoTurn(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		haproxy = "/usr/sbin/haproxy"
		if _, err := os.Stat(haproxy); err != nil {
			t.Skip("haproxy is not installed (apt-get install haproxy): the failover test puts it in front of two nodes")
		}
	}
	pg := os.Getenv("ROGUE_TEST_POSTGRES")
	if pg == "" {
		t.Skip("ROGUE_TEST_POSTGRES is not set: the failover test runs two nodes on one PostgreSQL")
	}
	if testing.Short() {
		t.Skip("the failover test builds the binary and runs two nodes and haproxy")
	}
	t.Parallel()
	bin := rogueBinary(t)
	db, err := store.NewSchema(pg)
	require.NoError(t, err)
	t.Cleanup(func() { store.DropSchema(pg, db) })
	nodes := []*node{startNode(t, bin, "a", "0", db), startNode(t, bin, "b", "0", db)}
	lb := startBalancer(t, haproxy, nodes...)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()

	token, err := online.Account(ctx, lb, "ada", "password-ada", true)
	require.NoError(t, err)
	p := &player{base: lb, token: token}
	p.dial(ctx, t) // on node a, the first up
	p.play(ctx, t, 20)

	var failovers, lags []time.Duration
	holder := 0 // the balancer sends to the first node up
	for range 3 {
		other := 1 - holder
		w := watch(ctx, t, nodes[other].base(), p.id)
		p.play(ctx, t, 20)
		before := len(p.records)
		killed := time.Now()
		require.NoError(t, nodes[holder].cmd.Process.Kill())
		nodes[holder].cmd.Wait()
		p.play(ctx, t, 30)
		require.False(t, p.reconnected.Before(killed), "the player reconnected")
		require.Greater(t, len(p.records), before+1)
		failovers = append(failovers, p.acked[before].Sub(killed))
		w.upTo(t, len(p.records))
		w.mu.Lock()
		assert.Equal(t, p.records[w.from:], w.records, "the spectator on node %s saw every turn, in order, as the player", nodes[other].name)
		for i, at := range w.seen {
			lags = append(lags, max(0, at.Sub(p.acked[w.from+i])))
		}
		w.mu.Unlock()
		// The node killed comes back on its port; the player stays where
		// it is, on the other.
		nodes[holder] = startNode(t, bin, nodes[holder].name, nodes[holder].port, db)
		holder = other
	}

	stored, err := storeRecords(ctx, db, p.id)
	require.NoError(t, err)
	assert.Equal(t, p.records[1:], stored[1:], "every acknowledged turn is stored once, and no other")

	for !p.s.Over {
		p.play(ctx, t, 500)
		require.NoError(t, ctx.Err())
	}
	rows := liveRows(t, lb)
	require.Len(t, rows, 1)
	require.False(t, rows[0].Live)
	assert.Equal(t, len(p.records), rows[0].Turns)
	resp, err := http.Get(fmt.Sprintf("%s/games/%d.rogue", lb, p.id))
	require.NoError(t, err)
	journal, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, 200, resp.StatusCode, "%s", journal)
	file := filepath.Join(t.TempDir(), "online.rogue")
	require.NoError(t, os.WriteFile(file, journal, 0o644))
	out, err := exec.Command(bin, "verify", file).CombinedOutput()
	require.NoError(t, err, "rogue verify: %s", out)
	out, err = exec.Command(bin, "replay", "--headless", file).CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Regexp(t, `(?m)^digest:\s+`+rows[0].Digest+`$`, string(out), "the digest listed is the journal's")

	slices.Sort(failovers)
	slices.Sort(lags)
	t.Logf("failover (kill to the next turn acknowledged on the other node): %v", failovers)
	t.Logf("a spectator on the other node sees a turn after the player: p50 %v, p99 %v, max %v over %d turns",
		lags[len(lags)/2], lags[len(lags)*99/100], lags[len(lags)-1], len(lags))
}

// storeRecords are the game's stored records, with the header in place
// of turn 0's (the player holds Begin as a state, not a record).
func storeRecords(ctx context.Context, db string, id int64) ([][]byte, error) {
	st, err := store.Open(ctx, db)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return st.Records(ctx, id, 0)
}
