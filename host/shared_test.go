package host

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/online"
	"rogue/store"
)

// nodePairs runs test on two nodes sharing one database, on each
// database: on SQLite two servers of one process on one store (a SQLite
// host is one process: its nodes hear each other in it), on PostgreSQL
// two stores on one schema, as two rogue host processes are (twoNodes).
func nodePairs(t *testing.T, test func(t *testing.T, a, b string, sa, sb *Server)) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "rogue.db"))
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() })
		node := func(name string) (string, *Server) {
			s := New(st, Options{Node: name})
			t.Cleanup(s.Close)
			hs := newTestServer(s)
			t.Cleanup(hs.Close)
			return hs.URL, s
		}
		a, sa := node("a")
		b, sb := node("b")
		test(t, a, b, sa, sb)
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		a, b, sa, sb := twoNodes(t)
		test(t, a, b, sa, sb)
	})
}

func TestSignInLimitsAreCountedOnceForEveryNode(t *testing.T) {
	t.Parallel()
	nodePairs(t, func(t *testing.T, a, b string, sa, sb *Server) {
		signUp(t, a, "ada")
		stopLimits(sa, sb)
		var got []int
		for i := range 7 {
			status, _ := post(t, []string{a, b}[i%2]+"/api/signin", `{"name":"ADA","password":"guessing-1234"}`)
			got = append(got, status)
		}
		assert.Equal(t, []int{401, 401, 401, 401, 401, 429, 429}, got, "5 a minute to a name, on the two nodes together")
		status, line := post(t, b+"/api/signin", `{"name":"ada","password":"password-ada"}`)
		assert.Equal(t, []any{429, "too many sign-ins to that name: wait a minute"}, []any{status, line})
		// The address tried 8 times so far (a refusal for the name is a
		// try of the address): 2 more are let in, then none, on either.
		got = nil
		for i := range 4 {
			status, _ := post(t, []string{a, b}[i%2]+"/api/signin", fmt.Sprintf(`{"name":"name%d","password":"guessing-1234"}`, i))
			got = append(got, status)
		}
		assert.Equal(t, []int{401, 401, 429, 429}, got, "10 a minute from an address, on the two nodes together")
		status, line = post(t, a+"/api/signin", `{"name":"`+strings.Repeat("\xff", 100)+`","password":"guessing-1234"}`)
		assert.Equal(t, []any{429, "too many sign-ins from your address: wait a minute"}, []any{status, line})
	})
}

func TestReportsAreLimitedPerAccountOnEveryNodeTogether(t *testing.T) {
	t.Parallel()
	nodePairs(t, func(t *testing.T, a, b string, sa, sb *Server) {
		tok := signUp(t, a, "ada")
		journal := goldenJournal(t, "slain")
		for i := range reportsAnHour {
			status, body := sendReport(t, []string{a, b}[i%2], tok, "bug.rogue", fmt.Sprintf("bug %d", i), journal)
			require.Equal(t, 200, status, "report %d: %s", i, body)
		}
		for _, base := range []string{a, b} {
			status, line := sendReport(t, base, tok, "bug.rogue", "one more", journal)
			assert.Equal(t, 429, status)
			assert.True(t, strings.HasPrefix(line, "rogue report: 10 reports an hour at most for an account: the next one is taken from "), line)
		}
		n, err := sa.st.Count(context.Background(), "reports")
		require.NoError(t, err)
		assert.Equal(t, reportsAnHour, n)
		status, body := sendReport(t, b, signUp(t, b, "bob"), "bug.rogue", "mine", journal)
		assert.Equal(t, 200, status, "another account has its own: %s", body)
	})
}

func TestThePlayerSeesTheSpectatorsOfEveryNode(t *testing.T) {
	t.Parallel()
	nodePairs(t, func(t *testing.T, a, b string, sa, sb *Server) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		p, err := online.Dial(ctx, a, "/ws/play", signUp(t, a, "ada"))
		require.NoError(t, err)
		defer p.Close()
		watching := func(want int) {
			t.Helper()
			for {
				m, err := p.Next(ctx)
				require.NoError(t, err, "waiting to be told %d watch", want)
				if m.Note.Watchers != nil && *m.Note.Watchers == want {
					return
				}
			}
		}
		path := fmt.Sprintf("/ws/watch/%d", p.Hello.Game)
		var ws []*online.Conn
		for _, base := range []string{b, b, a} {
			w, err := online.Dial(ctx, base, path, "")
			require.NoError(t, err)
			defer w.Close()
			ws = append(ws, w)
		}
		watching(3)
		require.NoError(t, ws[0].Close())
		watching(2)
		require.NoError(t, ws[2].Close())
		watching(1)
		// The player moves to node b: there the count is every node's too.
		p2, err := online.Dial(ctx, b, fmt.Sprintf("/ws/play?game=%d", p.Hello.Game), signIn(t, b, "ada"))
		require.NoError(t, err)
		defer p2.Close()
		p = p2
		if p2.Hello.Watchers != 1 {
			watching(1)
		}
		w, err := online.Dial(ctx, a, path, "")
		require.NoError(t, err)
		defer w.Close()
		watching(2)
	})
}

func TestALiveGamesDigestIsListedAlikeOnEveryNode(t *testing.T) {
	t.Parallel()
	nodePairs(t, func(t *testing.T, a, b string, sa, sb *Server) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		p, err := online.Dial(ctx, a, "/ws/play", signUp(t, a, "ada"))
		require.NoError(t, err)
		defer p.Close()
		require.Equal(t, 3, playSome(t, p, 3))
		want := storedDigest(t, sa, p.Hello.Game)
		onA, onB := games(t, a), games(t, b)
		require.Len(t, onA, 1)
		require.Len(t, onB, 1)
		assert.Equal(t, GameRow{ID: p.Hello.Game, Player: "ada", Rules: onA[0].Rules, Turns: 4, Depth: 1, Live: true, Digest: want}, onA[0], "node a holds it")
		assert.Equal(t, onA, onB, "node b, which has it not in memory, lists what a does")
		p.Hello.Turns = 4
		require.Equal(t, 2, playSome(t, p, 2))
		want = storedDigest(t, sa, p.Hello.Game)
		onB = games(t, b)
		require.Len(t, onB, 1)
		assert.Equal(t, []any{6, want}, []any{onB[0].Turns, onB[0].Digest}, "and after each turn")
	})
}

// signIn is a new token of name, whose password is signUp's.
func signIn(t *testing.T, base, name string) string {
	t.Helper()
	tok, err := online.Account(context.Background(), base, name, "password-"+name, false)
	require.NoError(t, err)
	return tok
}
