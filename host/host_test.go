package host

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
	"rogue/online"
	"rogue/store"
)

// servers runs test against a host on each database: SQLite in a
// temporary folder, and PostgreSQL when ROGUE_TEST_POSTGRES names one.
func servers(t *testing.T, test func(t *testing.T, base string, s *Server)) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "rogue.db"))
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() })
		serveOn(t, st, test)
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
		serveOn(t, st, test)
	})
}

func serveOn(t *testing.T, st *store.Store, test func(t *testing.T, base string, s *Server)) {
	s := New(st, Options{Node: "test"})
	t.Cleanup(s.Close)
	hs := newTestServer(s)
	t.Cleanup(hs.Close)
	test(t, hs.URL, s)
}

// newTestServer serves s on loopback with the server's own limits.
func newTestServer(s *Server) *httptest.Server {
	hs := httptest.NewUnstartedServer(s)
	hs.Config = s.HTTPServer()
	hs.Listener = s.Listen(hs.Listener)
	hs.Start()
	return hs
}

func signUp(t *testing.T, base, name string) string {
	t.Helper()
	tok, err := online.Account(context.Background(), base, name, "password-"+name, true)
	require.NoError(t, err)
	return tok
}

func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(b))
}

func TestASignInNeverTellsWhetherANameExists(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, _ *Server) {
		signUp(t, base, "ada")
		_, err := online.Account(context.Background(), base, "ada", "password-ada", false)
		require.NoError(t, err)
		wrongPassword, a := post(t, base+"/api/signin", `{"name":"ada","password":"not-hers-at-all"}`)
		noSuchName, b := post(t, base+"/api/signin", `{"name":"bob","password":"not-hers-at-all"}`)
		assert.Equal(t, []any{401, "wrong name or password"}, []any{wrongPassword, a})
		assert.Equal(t, []any{wrongPassword, a}, []any{noSuchName, b})
	})
}

func TestASignUpRefusesABadNameOrPasswordInOneLine(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, _ *Server) {
		for _, tc := range []struct{ body, want string }{
			{`{"name":"a","password":"long enough"}`, "a name is 2 to 20 letters, digits, _ or -"},
			{`{"name":"abcdefghijklmnopqrstu","password":"long enough"}`, "a name is 2 to 20 letters, digits, _ or -"},
			{`{"name":"ad a","password":"long enough"}`, "a name is 2 to 20 letters, digits, _ or -"},
			{`{"name":"ada","password":"short"}`, "a password is 8 to 128 bytes"},
			{`not json`, `the body is JSON {"name": ..., "password": ...} of at most 4096 bytes`},
			{`{"name":"ada","password":"` + strings.Repeat("x", 5000) + `"}`, `the body is JSON {"name": ..., "password": ...} of at most 4096 bytes`},
		} {
			status, line := post(t, base+"/api/signup", tc.body)
			assert.Equal(t, []any{400, tc.want}, []any{status, line}, tc.body[:min(len(tc.body), 40)])
		}
	})
}

func TestSignInsToOneNameAreLimited(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		signUp(t, base, "ada")
		stopLimits(s)
		var got []int
		for range 7 {
			status, _ := post(t, base+"/api/signin", `{"name":"ada","password":"guessing-1234"}`)
			got = append(got, status)
		}
		assert.Equal(t, []int{401, 401, 401, 401, 401, 429, 429}, got)
		status, line := post(t, base+"/api/signin", `{"name":"ada","password":"password-ada"}`)
		assert.Equal(t, []any{429, "too many sign-ins to that name: wait a minute"}, []any{status, line}, "even the right password waits")
	})
}

func TestAPlayerSendsCommandsAndGetsEachTurnBackWithoutTheSeed(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		tok := signUp(t, base, "ada")
		c, err := online.Dial(ctx, base, "/ws/play", tok)
		require.NoError(t, err)
		defer c.Close()
		assert.Equal(t, 1, c.Hello.Turns, "the game was begun")
		st, err := c.State()
		require.NoError(t, err)
		assert.Equal(t, uint64(0), st.Seed)
		turns := playSome(t, c, 5)
		rows := games(t, base)
		require.Len(t, rows, 1)
		assert.Equal(t, GameRow{ID: c.Hello.Game, Player: "ada", Rules: events.RulesVersion, Turns: 1 + turns, Depth: 1, Live: true,
			Digest: storedDigest(t, s, c.Hello.Game)}, rows[0], "a live game's digest is its state's so far")
		resp, err := http.Get(fmt.Sprintf("%s/games/%d.rogue", base, c.Hello.Game))
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, 404, resp.StatusCode, "a live game's journal holds its seed")
	})
}

// playSome sends up to n waits and moves, returning how many turns came
// back.
func playSome(t *testing.T, c *online.Conn, n int) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	turn, played := c.Hello.Turns, 0
	for i := 0; i < n; i++ {
		require.NoError(t, c.Send(ctx, turn, &events.Wait{}))
		for {
			m, err := c.Next(ctx)
			require.NoError(t, err)
			if m.Turn != nil {
				turn++
				played++
				break
			}
			if m.Note.Watchers == nil {
				t.Fatalf("a wait was answered %+v", m.Note)
			}
		}
	}
	return played
}

func games(t *testing.T, base string) []GameRow {
	t.Helper()
	resp, err := http.Get(base + "/api/games")
	require.NoError(t, err)
	defer resp.Body.Close()
	var rows []GameRow
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&rows))
	return rows
}

// nextNote is the next note, skipping the count of watchers.
func nextNote(t *testing.T, c *online.Conn) online.Note {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		m, err := c.Next(ctx)
		require.NoError(t, err)
		require.Nil(t, m.Turn, "a turn came where a note was expected")
		if m.Note.Watchers == nil {
			return m.Note
		}
	}
}

func TestABadFrameOrACommandOutOfTurnGetsOneLineAndLeavesTheGame(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		c, err := online.Dial(ctx, base, "/ws/play", signUp(t, base, "ada"))
		require.NoError(t, err)
		defer c.Close()
		enc := wire.NewTurnEncoderFor(c.Hello.Format)
		wait, err := online.EncodeCommand(enc, 1, &events.Wait{})
		require.NoError(t, err)
		begin, err := online.EncodeCommand(enc, 1, &events.Begin{})
		require.NoError(t, err)
		fact, err := enc.Encode(&events.Turn{Command: &events.Wait{}, Draws: 3, Facts: []events.Fact{&events.Moved{Actor: 1, Dir: 2}}})
		require.NoError(t, err)
		for _, tc := range []struct {
			name  string
			frame []byte
			want  string
		}{
			{"empty", []byte{}, "a bad frame: an empty frame"},
			{"unknown kind", []byte{'z', 1}, "a bad frame: a frame of unknown kind 122"},
			{"no turn", []byte{'c'}, "a bad frame: a frame without its turn number"},
			{"garbage", append([]byte{'c', 1}, 0xc1, 0xc1), "a bad frame: a command that does not read: "},
			{"facts", append([]byte{'c', 1}, fact...), "a bad frame: a client sends commands, never draws or facts"},
			{"begin", begin, "a bad frame: a client never sends Begin: the server begins a game"},
			{"job", []byte{'j', 1, 9, 0, 0}, "a bad frame: a job frame is its kind, a direction and 0 or 1, and a walk's tile"},
			{"past turn", append([]byte{'c', 0}, wait[2:]...), "that command is for turn 0, and the game is at turn 1: it was not played"},
			{"future turn", append([]byte{'c', 7}, wait[2:]...), "that command is for turn 7, and the game is at turn 1: it was not played"},
		} {
			require.NoError(t, c.SendRaw(ctx, tc.frame))
			got := nextNote(t, c).Error
			if strings.HasSuffix(tc.want, ": ") {
				assert.True(t, strings.HasPrefix(got, tc.want), "%s: %s", tc.name, got)
			} else {
				assert.Equal(t, tc.want, got, tc.name)
			}
		}
		assert.Equal(t, 1, playSome(t, c, 1), "the game goes on at turn 1")
	})
}

func TestOnlyAGamesPlayerPlaysIt(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		c, err := online.Dial(ctx, base, "/ws/play", signUp(t, base, "ada"))
		require.NoError(t, err)
		defer c.Close()
		bob := signUp(t, base, "bob")
		_, err = online.Dial(ctx, base, fmt.Sprintf("/ws/play?game=%d", c.Hello.Game), bob)
		assert.EqualError(t, err, fmt.Sprintf("game %d is not yours: only its player plays a game", c.Hello.Game))
		_, err = online.Dial(ctx, base, "/ws/play", "")
		assert.EqualError(t, err, "sign in first (rogue login URL NAME)")
		_, err = online.Dial(ctx, base, "/ws/play", strings.Repeat("0", 64))
		assert.EqualError(t, err, "sign in first (rogue login URL NAME)")
		assert.Equal(t, 1, playSome(t, c, 1), "ada's game goes on")
	})
}

func TestAFrameOverTheLimitEndsTheConnectionAndNotTheGame(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		tok := signUp(t, base, "ada")
		c, err := online.Dial(ctx, base, "/ws/play", tok)
		require.NoError(t, err)
		require.NoError(t, c.SendRaw(ctx, bytes.Repeat([]byte{'c'}, online.MaxClientFrame+1)))
		rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		for {
			if _, err := c.Next(rctx); err != nil {
				assert.NotErrorIs(t, err, context.DeadlineExceeded)
				break
			}
		}
		again, err := online.Dial(ctx, base, "/ws/play", tok)
		require.NoError(t, err)
		defer again.Close()
		assert.Equal(t, []any{c.Hello.Game, 1}, []any{again.Hello.Game, again.Hello.Turns})
	})
}

func TestASpectatorJoinsFromASnapshotAndThePlayerSeesThemWatch(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		p, err := online.Dial(ctx, base, "/ws/play", signUp(t, base, "ada"))
		require.NoError(t, err)
		defer p.Close()
		playSome(t, p, 3)
		w, err := online.Dial(ctx, base, fmt.Sprintf("/ws/watch/%d", p.Hello.Game), "")
		require.NoError(t, err)
		defer w.Close()
		assert.Equal(t, []any{4, false}, []any{w.Hello.Turns, w.Hello.Playing})
		ws, err := w.State()
		require.NoError(t, err)
		assert.Equal(t, uint64(0), ws.Seed)
		m, err := p.Next(ctx)
		require.NoError(t, err)
		require.NotNil(t, m.Note.Watchers)
		assert.Equal(t, 1, *m.Note.Watchers)
		require.NoError(t, p.Send(ctx, 4, &events.Wait{}))
		pm, err := p.Next(ctx)
		require.NoError(t, err)
		wm, err := w.Next(ctx)
		require.NoError(t, err)
		require.NotNil(t, wm.Turn)
		assert.Equal(t, pm.Record, wm.Record, "the spectator gets the player's turn")
		require.NoError(t, ws.ApplyTurn(wm.Turn), "the spectator folds it without dice")
	})
}

func TestAPlayerWhoReconnectsGetsTheTurnsAfterThoseTheyHold(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		tok := signUp(t, base, "ada")
		p, err := online.Dial(ctx, base, "/ws/play", tok)
		require.NoError(t, err)
		playSome(t, p, 3)
		w, err := online.Dial(ctx, base, fmt.Sprintf("/ws/watch/%d", p.Hello.Game), "")
		require.NoError(t, err) // keeps the game in memory meanwhile
		defer w.Close()
		p.Close()
		again, err := online.Dial(ctx, base, fmt.Sprintf("/ws/play?game=%d&from=2", p.Hello.Game), tok)
		require.NoError(t, err)
		defer again.Close()
		assert.Equal(t, []any{2, 0}, []any{again.Hello.Turns, len(again.Hello.Snapshot)})
		var got int
		for got < 2 {
			m, err := again.Next(ctx)
			require.NoError(t, err)
			if m.Turn != nil {
				got++
			}
		}
		require.NoError(t, again.Send(ctx, 4, &events.Wait{}), "the turn after those is 4")
		m, err := again.Next(ctx)
		for err == nil && m.Note.Watchers != nil { // the count of spectators may come any time
			m, err = again.Next(ctx)
		}
		require.NoError(t, err)
		assert.NotNil(t, m.Turn)
	})
}
