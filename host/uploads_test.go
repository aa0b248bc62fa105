package host

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/fame"
	"rogue/internal/buildinfo"
	"rogue/internal/forge"
	"rogue/internal/hostile"
	"rogue/journal"
	"rogue/reducer"
	"rogue/store"
)

func goldenJournal(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "golden", "testdata", name+".rogue"))
	require.NoError(t, err)
	return b
}

// working starts s's workers on the queue until the test ends.
// working runs s's workers until the test ends, or until the function
// it returns has stopped them.
func working(t *testing.T, s *Server) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	wait := s.Work(ctx)
	stop = func() { cancel(); wait() }
	t.Cleanup(stop)
	return stop
}

// sendUpload posts b as an upload named name, signed in with tok.
func sendUpload(t *testing.T, base, tok, name string, b []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/api/uploads?name="+url.QueryEscape(name), bytes.NewReader(b))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(body))
}

// checked uploads b and waits for its check: the answer once done.
func checked(t *testing.T, base, tok, name string, b []byte) UploadAnswer {
	t.Helper()
	status, body := sendUpload(t, base, tok, name, b)
	require.Equal(t, http.StatusAccepted, status, body)
	var a UploadAnswer
	require.NoError(t, json.Unmarshal([]byte(body), &a))
	deadline := time.Now().Add(2 * time.Minute)
	for a.State != store.Done {
		require.True(t, time.Now().Before(deadline), "upload %d is not checked in time", a.Upload)
		req, err := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/api/uploads/%d?wait=1", base, a.Upload), nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&a))
		resp.Body.Close()
	}
	return a
}

// storedNothing checks that no game, record or upload's bytes are kept.
func storedNothing(t *testing.T, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	games, err := st.Count(ctx, "games")
	require.NoError(t, err)
	records, err := st.Count(ctx, "records")
	require.NoError(t, err)
	queued, err := st.JournalBytesQueued(ctx)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 0, 0}, []int{games, records, queued}, "games, records, bytes in the queue")
}

func TestAnOfflineGameIsReverifiedThenListedOnce(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		working(t, s)
		ada, bob := signUp(t, base, "ada"), signUp(t, base, "bob")
		b := goldenJournal(t, "r3-won")
		a := checked(t, base, ada, "won.rogue", b)
		require.True(t, a.Listed, a.Line)
		e := mustCheck(t, b).Entry()
		assert.Equal(t, fmt.Sprintf("rogue submit: won.rogue: verified by %s and listed as game %d on the offline board of rules 3: %s, turn %d, depth %d, level %d",
			buildinfo.Build(), a.Game, e.Outcome, e.Turns, e.Depth, e.Level), a.Line)
		// The game is stored as its file: its download is the bytes sent.
		resp, err := http.Get(fmt.Sprintf("%s/games/%d.rogue", base, a.Game))
		require.NoError(t, err)
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, b, got)
		g, err := s.st.Game(context.Background(), a.Game)
		require.NoError(t, err)
		assert.Equal(t, []any{"ada", 3, false, true, "won"}, []any{g.Player, g.Rules, g.Live, g.Over, g.Outcome})
		src, _, err := s.st.Source(context.Background(), a.Game)
		require.NoError(t, err)
		assert.Equal(t, store.SourceOffline, src)
		// The same bytes again: recognised by their SHA-256, from ada or bob.
		status, line := sendUpload(t, base, ada, "again.rogue", b)
		assert.Equal(t, []any{409, fmt.Sprintf("rogue submit: again.rogue: you sent this journal already (the same SHA-256): it is game %d", a.Game)}, []any{status, line})
		status, line = sendUpload(t, base, bob, "mine.rogue", b)
		assert.Equal(t, []any{409, fmt.Sprintf("rogue submit: mine.rogue: this journal (the same SHA-256) is game %d, sent or played by ada first: a game ranks once, for whoever sent it first", a.Game)}, []any{status, line})
		n, err := s.st.Count(context.Background(), "games")
		require.NoError(t, err)
		assert.Equal(t, 1, n)
	})
}

// mustCheck is fame.Check of b.
func mustCheck(t *testing.T, b []byte) *fame.Verified {
	t.Helper()
	v, err := fame.Check(bytes.NewReader(b), "x.rogue", fame.DefaultLimits())
	require.NoError(t, err)
	return v
}

// rewrite is forge.Rewrite of b.
func rewrite(t *testing.T, b []byte, header func(*journal.Header), last func(*reducer.State) []events.Fact) []byte {
	t.Helper()
	out, err := forge.Rewrite(b, header, last)
	require.NoError(t, err)
	return out
}

func TestHostileUploadsAreRefusedInOneLineAndStoredNowhere(t *testing.T) {
	t.Parallel()
	type upload struct {
		name string
		b    []byte
	}
	flipped := bytes.Clone(goldenJournal(t, "slain"))
	flipped[len(flipped)-3] ^= 0x10
	won := goldenJournal(t, "r3-won")
	uploads := []upload{
		{"rules-1-claims-a-win-under-rules-3.rogue", rewrite(t, goldenJournal(t, "deep"), func(h *journal.Header) { h.RulesVersion = 3 }, forge.Wins)},
		{"a-death-spliced-into-a-win.rogue", rewrite(t, goldenJournal(t, "r3-deep-death"), func(*journal.Header) {}, forge.Wins)},
		{"rules-9.rogue", rewrite(t, goldenJournal(t, "slain"), func(h *journal.Header) { h.RulesVersion = 9 }, nil)},
		{"damaged.rogue", flipped},
		{"cut-short.rogue", won[:len(won)/2]},
		{"not-a-journal.gif", []byte("GIF89a, not a journal at all")},
	}
	for _, j := range hostile.AllOf(64 << 10) {
		uploads = append(uploads, upload{j.Name + ".rogue", j.Bytes})
	}
	servers(t, func(t *testing.T, base string, s *Server) {
		s.opts.Uploads.PerAccount = 1000
		working(t, s)
		tok := signUp(t, base, "ada")
		for _, u := range uploads {
			_, want := fame.Check(bytes.NewReader(u.b), u.name, fame.DefaultLimits())
			require.Error(t, want, u.name)
			a := checked(t, base, tok, u.name, u.b)
			assert.Equal(t, UploadAnswer{Upload: a.Upload, State: store.Done, Line: want.Error()}, a, u.name)
			assert.NotContains(t, a.Line, "\n", u.name)
		}
		storedNothing(t, s.st)
	})
}

// counting counts the bytes read from it: n bytes of zeros.
type counting struct{ n, read int64 }

func (c *counting) Read(p []byte) (int, error) {
	if c.read >= c.n {
		return 0, io.EOF
	}
	k := min(int64(len(p)), c.n-c.read)
	clear(p[:k])
	c.read += k
	return int(k), nil
}

func TestA100MBUploadIsRefusedHavingReadAtMostTheCap(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		tok := signUp(t, base, "ada")
		want := "rogue submit: big.rogue: more than 4194304 bytes, the most a journal may be here (the size up to which reading any journal costs a bounded time)"
		// Its length unsaid (chunked): read to the cap and one byte.
		body := &counting{n: 100 << 20}
		req := httptest.NewRequest(http.MethodPost, "/api/uploads?name=big.rogue", body)
		req.ContentLength = -1
		req.Header.Set("Authorization", "Bearer "+tok)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		assert.Equal(t, []any{413, want}, []any{w.Code, strings.TrimSpace(w.Body.String())})
		assert.Equal(t, int64(fame.DefaultMaxBytes+1), body.read)
		// Its length said, over the network as rogue submit sends it
		// (Expect: 100-continue): refused before a byte is sent.
		body = &counting{n: 100 << 20}
		req, err := http.NewRequest(http.MethodPost, base+"/api/uploads?name=big.rogue", body)
		require.NoError(t, err)
		req.ContentLength = body.n
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Expect", "100-continue")
		resp, err := uploadTransport().RoundTrip(req)
		require.NoError(t, err)
		line, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, []any{413, want}, []any{resp.StatusCode, strings.TrimSpace(string(line))})
		assert.Equal(t, int64(0), body.read)
		storedNothing(t, s.st)
	})
}

func uploadTransport() *http.Transport {
	return &http.Transport{ExpectContinueTimeout: 5 * time.Second}
}

func TestAnAccountsUploadsAreLimitedAnHourSayingWhenToComeBack(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		s.opts.Uploads.PerAccount = 2
		tok := signUp(t, base, "ada")
		for i := range 2 {
			status, line := sendUpload(t, base, tok, "a.rogue", []byte{byte(i)})
			require.Equal(t, http.StatusAccepted, status, line)
		}
		status, line := sendUpload(t, base, tok, "third.rogue", []byte("3"))
		assert.Equal(t, 429, status)
		next := time.Now().Add(time.Hour).UTC()
		m := regexp.MustCompile(`^rogue submit: third\.rogue: 2 uploads in 1h0m0s at most for an account: the next one is taken from (\d\d:\d\d:\d\d) UTC \(in (59m\d\ds|1h0m0s)\)$`).FindStringSubmatch(line)
		require.NotNil(t, m, line)
		at, err := time.Parse("15:04:05", m[1])
		require.NoError(t, err)
		late := (next.Hour()*3600 + next.Minute()*60 + next.Second()) - (at.Hour()*3600 + at.Minute()*60 + at.Second())
		assert.True(t, late >= 0 && late < 60 || late+86400 < 60, "the time to come back, %s, is an hour after the first upload (%s)", m[1], next.Format("15:04:05"))
		other := signUp(t, base, "bob")
		status, _ = sendUpload(t, base, other, "b.rogue", []byte("b"))
		assert.Equal(t, http.StatusAccepted, status, "another account has its own")
	})
}

func TestReverifyingFindsTheStoredJournalThatDiverges(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		s.opts.Uploads.PerAccount = 100
		stopWorking := working(t, s)
		tok := signUp(t, base, "ada")
		for _, name := range []string{"r3-won", "slain", "r2-slain", "deep"} {
			if a := checked(t, base, tok, name+".rogue", goldenJournal(t, name)); !a.Listed {
				t.Logf("%s: %s", name, a.Line) // not over: not listed
			}
		}
		// A forgery in the store, as a build whose rules changed would
		// find an old game: listed without the check, which the node's
		// own workers, stopped first, would make.
		stopWorking()
		forged := rewrite(t, goldenJournal(t, "r3-deep-death"), func(*journal.Header) {}, forge.Wins)
		id, err := s.st.QueueUpload(ctx, store.Upload{Account: "ada", Name: "forged.rogue", SHA256: "f", Journal: forged})
		require.NoError(t, err)
		var forgedGame int64
		require.Eventually(t, func() bool {
			j, err := s.st.Take(ctx, "forger", time.Minute)
			if err != nil {
				return false
			}
			require.Equal(t, id, j.ID)
			r, err := journal.NewBytesReader(forged)
			require.NoError(t, err)
			l := store.Listing{Header: forged[:r.End()], Rules: 3, Outcome: "won"}
			var turn events.Turn
			for r.Next(&turn) == nil {
				l.Records = append(l.Records, forged[r.Offset():r.End()])
			}
			forgedGame, err = s.st.List(ctx, j, l, func(int64, error) string { return "" })
			require.NoError(t, err)
			return true
		}, 30*time.Second, 10*time.Millisecond)
		games, err := s.st.Count(ctx, "games")
		require.NoError(t, err)
		var out bytes.Buffer
		rep, err := Reverify(ctx, s.st, Config{Node: "reverify", Workers: 2}, &out)
		require.NoError(t, err)
		assert.Equal(t, []any{games, games, games - 1}, []any{rep.Jobs, rep.Done, rep.Verified})
		require.Len(t, rep.Diverged, 1, out.String())
		assert.Equal(t, forgedGame, rep.Diverged[0].Game)
		_, want := fame.VerifyBytes(forged, fmt.Sprintf("%d.rogue", forgedGame), fame.DefaultLimits())
		assert.Contains(t, out.String(), fmt.Sprintf("diverged: game %d of ada: %s\n", forgedGame, want.Error()))
		assert.Contains(t, out.String(), fmt.Sprintf("checked %d journals: %d verified, 1 diverged, 0 could not be checked\n", games, games-1))
	})
}
