package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/fame"
	"rogue/internal/buildinfo"
	"rogue/journal"
	"rogue/online"
	"rogue/store"
)

// clock is a clock the tests move on.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// servedAt is servers with the server's clock at start, on a clock of
// each database's own that the test moves on.
func servedAt(t *testing.T, start time.Time, test func(t *testing.T, base string, s *Server, c *clock)) {
	serve := func(t *testing.T, st *store.Store) {
		c := &clock{t: start}
		s := New(st, Options{Node: "test", Now: c.now})
		hs := newTestServer(s)
		t.Cleanup(hs.Close)
		test(t, hs.URL, s, c)
	}
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "rogue.db"))
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() })
		serve(t, st)
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		base := os.Getenv("ROGUE_TEST_POSTGRES")
		if base == "" {
			t.Skip("ROGUE_TEST_POSTGRES is not set (e.g. postgres://rogue:rogue@127.0.0.1:5432/rogue): the PostgreSQL half is skipped")
		}
		u, err := store.NewSchema(base)
		require.NoError(t, err)
		t.Cleanup(func() { store.DropSchema(base, u) })
		st, err := store.Open(context.Background(), u)
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() })
		serve(t, st)
	})
}

func goldenBytes(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "golden", "testdata", name+".rogue"))
	require.NoError(t, err)
	return b
}

// storeJournal stores the golden journal name as player's game, and
// returns the game and the command of the last turn: live, all its
// turns but the last, each appended as a server game's turn is; with
// whole, finished with all of them, stored as a server game in one
// transaction (store.Import: thousands of turns committed one at a time
// would cost a commit, and an fsync, each).
func storeJournal(t *testing.T, st *store.Store, player, name string, whole bool) (int64, int, events.Command) {
	t.Helper()
	ctx := context.Background()
	b := goldenBytes(t, name)
	r, err := journal.NewBytesReader(b)
	require.NoError(t, err)
	head := r.Offset()
	var turns []events.Turn
	ends := []int64{head}
	for {
		var tn events.Turn
		if r.Next(&tn) != nil {
			break
		}
		turns = append(turns, tn)
		ends = append(ends, r.End())
	}
	last := turns[len(turns)-1].Command
	if whole {
		records := make([][]byte, len(turns))
		for i := range turns {
			records[i] = b[ends[i]:ends[i+1]]
		}
		l := store.Listing{Header: b[:head], Records: records, Rules: r.Header().RulesVersion, Outcome: "over", Turns: len(turns), Depth: 1}
		got, err := st.Import(ctx, player, store.SourceServer, []store.Listing{l}, []string{""})
		require.NoError(t, err)
		require.False(t, got[0].Already, "%s is stored once", name)
		return got[0].Game, len(turns), last
	}
	id, err := st.CreateGame(ctx, player, b[:head], r.Header().RulesVersion)
	require.NoError(t, err)
	n := len(turns) - 1
	for i := range n {
		require.NoError(t, st.Append(ctx, id, i, b[ends[i]:ends[i+1]], store.Progress{Turns: i + 1, Depth: 1}))
	}
	return id, n, last
}

func get(t *testing.T, url, token string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

type jsonPage struct {
	Board string       `json:"board"`
	Rank  int          `json:"rank"`
	Next  string       `json:"next"`
	Rows  []fame.Entry `json:"rows"`
}

func boardJSON(t *testing.T, url string) jsonPage {
	t.Helper()
	status, body := get(t, url, "")
	require.Equal(t, 200, status, body)
	var p jsonPage
	require.NoError(t, json.Unmarshal([]byte(body), &p))
	return p
}

func TestAGameThatEndsGoesOnItsBoardWithItsLastTurn(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		tok := signUp(t, base, "ada")
		id, turn, last := storeJournal(t, s.st, "ada", "r3-shot-dead", false)
		c, err := online.Dial(ctx, base, fmt.Sprintf("/ws/play?game=%d", id), tok)
		require.NoError(t, err)
		defer c.Close()
		require.NoError(t, c.Send(ctx, turn, last))
		for {
			m, err := c.Next(ctx)
			require.NoError(t, err)
			if m.Turn != nil {
				break
			}
		}
		status, journalBytes := get(t, fmt.Sprintf("%s/games/%d.rogue", base, id), "")
		require.Equal(t, 200, status)
		v, err := fame.Check(strings.NewReader(journalBytes), "x.rogue", fame.DefaultLimits())
		require.NoError(t, err, "the stored journal checks")
		want := v.Entry()
		want.ID, want.Account, want.Build, want.Seeded = id, "ada", buildinfo.Build(), fame.SeedServer
		sum := sha256.Sum256([]byte(journalBytes))
		require.Equal(t, hex.EncodeToString(sum[:]), want.Digest)
		require.Equal(t, "killed from afar by a Goblin Archer on depth 1", want.Outcome)

		p := boardJSON(t, base+"/api/boards/rules/3")
		assert.Equal(t, jsonPage{Board: "rules/3", Rank: 1, Rows: []fame.Entry{want}}, p)
		assert.Equal(t, p, boardJSON(t, base+"/api/boards/rules"), "rules is this build's rules")
		assert.Empty(t, boardJSON(t, base+"/api/boards/rules/2").Rows)
		assert.Empty(t, boardJSON(t, base+"/api/boards/offline/3").Rows)

		status, logfile := get(t, base+"/api/logfile", "")
		assert.Equal(t, []any{200, fame.LogfileLine(want) + "\n"}, []any{status, logfile})
		status, logfile = get(t, base+"/api/logfile/rules/3", "")
		assert.Equal(t, []any{200, fame.LogfileLine(want) + "\n"}, []any{status, logfile})

		status, html := get(t, base+"/boards/rules/3", "")
		assert.Equal(t, 200, status)
		assert.Contains(t, html, fmt.Sprintf(`<a href="/game/%d">game %d</a>`, id, id))
		assert.Contains(t, html, "<td>killed from afar by a Goblin Archer on depth 1</td>")
		_, index := get(t, base+"/boards", "")
		assert.Contains(t, index, `<a href="/boards/rules/3">rules/3</a>`)
	})
}

func TestABadBoardOrCursorIsOneLine(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		for _, tc := range []struct{ path, want string }{
			{"/api/boards/nonsense", `board "nonsense": a board is rules/N, offline/N, daily/YYYY-MM-DD or weekly/YYYY-Www`},
			{"/api/boards/rules/3?after=zz", `cursor "zz": a page cursor is the key of a board's row, 42 hex digits`},
			{"/boards/rules/3?n=1000", `n="1000": a page holds 1 to 100 rows`},
			{"/api/logfile/daily/2026-13-01", `board "daily/2026-13-01": a board is rules/N, offline/N, daily/YYYY-MM-DD or weekly/YYYY-Www`},
			{"/api/logfile?after=-1", `after="-1": the logfile goes on after a game's id`},
			{"/api/boards/rules/3?after=" + strings.Repeat("0", 42) + "&rank=x", `rank="x": a page's first rank is a number, 2 or more`},
		} {
			status, line := get(t, base+tc.path, "")
			assert.Equal(t, []any{400, tc.want + "\n"}, []any{status, line}, tc.path)
		}
	})
}

// rankEntries puts entries on their boards, each as a stored game of
// its account's.
func rankEntries(t *testing.T, st *store.Store, entries []fame.Entry) []fame.Entry {
	t.Helper()
	ctx := context.Background()
	var out []fame.Entry
	for _, e := range entries {
		id, err := st.CreateGame(ctx, "ada", []byte("H"), 3)
		require.NoError(t, err)
		require.NoError(t, st.Append(ctx, id, 0, []byte("r"), store.Progress{Turns: 1, Over: true}))
		e.ID = id
		rows, err := boardRowsOf(e)
		require.NoError(t, err)
		require.NoError(t, st.Rank(ctx, id, rows))
		out = append(out, e)
	}
	return out
}

func TestABoardIsPagedByItsKeyWithItsRanksAndItsNamesEscaped(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		signUp(t, base, "ada")
		var es []fame.Entry
		for i, d := range []int{3, 9, 1, 7, 5} {
			es = append(es, fame.Entry{Account: fmt.Sprintf("<b>p%d</b>", i), Outcome: fmt.Sprintf("slain on depth %d", d),
				Depth: d, Level: 1, Turns: 100, Rules: 3, Seeded: fame.SeedServer, Started: time.Unix(0, 0).UTC()})
		}
		es = rankEntries(t, s.st, es)
		var got []string
		var ranks []int
		url := base + "/api/boards/rules/3?n=2"
		for url != "" {
			p := boardJSON(t, url)
			ranks = append(ranks, p.Rank)
			for _, e := range p.Rows {
				got = append(got, e.Outcome)
			}
			url = ""
			if p.Next != "" {
				url = fmt.Sprintf("%s/api/boards/rules/3?n=2&after=%s&rank=%d", base, p.Next, p.Rank+len(p.Rows))
			}
		}
		assert.Equal(t, []string{"slain on depth 9", "slain on depth 7", "slain on depth 5", "slain on depth 3", "slain on depth 1"}, got)
		assert.Equal(t, []int{1, 3, 5}, ranks)

		_, html := get(t, base+"/boards/rules/3?n=2", "")
		fame.SortBoard(es)
		assert.Contains(t, html, `<td class="n">1</td><td>&lt;b&gt;p1&lt;/b&gt;</td>`)
		assert.NotContains(t, html, "<b>p")
		assert.Contains(t, html, fmt.Sprintf(`<a href="/boards/rules/3?after=%s&amp;rank=3">the next 2 games</a>`, es[1].Key()))
		_, page2 := get(t, fmt.Sprintf("%s/boards/rules/3?n=2&after=%s&rank=3", base, es[1].Key()), "")
		assert.Contains(t, page2, `<td class="n">3</td><td>&lt;b&gt;p4&lt;/b&gt;</td>`)
		_, unranked := get(t, fmt.Sprintf("%s/boards/rules/3?n=2&after=%s", base, es[1].Key()), "")
		assert.Contains(t, unranked, `<td class="n"></td><td>&lt;b&gt;p4&lt;/b&gt;</td>`, "without the link's rank, no rank")
	})
}

func TestAFinishedGameWithoutRowsIsRankedByTheSweepAndAnOfflineOneOnlyOffline(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		signUp(t, base, "ada")
		server, _, _ := storeJournal(t, s.st, "ada", "r3-shot-dead", true)
		offline, _, _ := storeJournal(t, s.st, "ada", "r3-deep-death", true)
		require.NoError(t, s.st.MarkOffline(ctx, offline))
		storeJournal(t, s.st, "ada", "r3-summoned", false) // live: not ranked
		bad, err := s.st.CreateGame(ctx, "ada", []byte("not a journal"), 3)
		require.NoError(t, err)
		require.NoError(t, s.st.Append(ctx, bad, 0, []byte("x"), store.Progress{Turns: 1, Over: true}))
		var lines []string
		s.opts.Log = func(f string, a ...any) { lines = append(lines, fmt.Sprintf(f, a...)) }
		n, err := s.rankFinished(ctx, 10)
		require.NoError(t, err)
		assert.Equal(t, 2, n)
		require.Len(t, lines, 1)
		assert.Contains(t, lines[0], fmt.Sprintf("game %d cannot rank: rogue verify: journal %d.rogue", bad, bad))
		n, err = s.rankFinished(ctx, 10)
		require.NoError(t, err)
		assert.Equal(t, 0, n, "each once")

		ids := func(board string) []int64 {
			var out []int64
			for _, e := range boardJSON(t, base+"/api/boards/"+board).Rows {
				out = append(out, e.ID)
			}
			return out
		}
		assert.Equal(t, []int64{server}, ids("rules/3"))
		assert.Equal(t, []int64{offline}, ids("offline/3"))
		p := boardJSON(t, base+"/api/boards/offline/3")
		assert.Equal(t, []any{fame.SeedPlayer, "slain by an Ogre on depth 10"}, []any{p.Rows[0].Seeded, p.Rows[0].Outcome})
	})
}

// journalSeed is the seed in the header of game id's journal.
func journalSeed(t *testing.T, st *store.Store, id int64) uint64 {
	t.Helper()
	g, err := st.Game(context.Background(), id)
	require.NoError(t, err)
	r, err := journal.NewReader(bytes.NewReader(g.Header), int64(len(g.Header)), "h")
	require.NoError(t, err)
	return r.Header().Seed
}
