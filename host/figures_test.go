package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/fame"
	"rogue/journal"
	"rogue/store"
)

// TestFiguresOfACorpus gives the closing note's figures for a folder of
// journals (rogue bot --games N --player P --rules R --out DIR/...),
// on each database in turn: every journal inserted into the store as a
// game (directly, as a trusted import: not through the check, so that a
// journal the rules decide otherwise is there to be found), then
// rogue host --reverify's run over them all on the queue; and the time
// from submit to listed of the first journals that rank, uploaded one
// at a time to a server on a fresh store. It is skipped unless
// ROGUE_FIGURES_CORPUS names the folder:
//
//	ROGUE_FIGURES_CORPUS=corpus/ go test ./host -run TestFiguresOfACorpus -v -timeout 3h
func TestFiguresOfACorpus(t *testing.T) {
	dir := os.Getenv("ROGUE_FIGURES_CORPUS")
	if dir == "" {
		t.Skip("ROGUE_FIGURES_CORPUS is not set: the figures of a corpus are not taken")
	}
	jobs, err := fame.JobsIn(os.DirFS(dir))
	require.NoError(t, err)
	require.NotEmpty(t, jobs)
	dbs := []string{"sqlite"}
	if os.Getenv("ROGUE_TEST_POSTGRES") != "" {
		dbs = append(dbs, "postgres")
	}
	if only := os.Getenv("ROGUE_FIGURES_DB"); only != "" {
		dbs = []string{only} // sqlite or postgres
	}
	for _, db := range dbs {
		t.Run(db, func(t *testing.T) {
			st := figuresStore(t, db)
			start := time.Now()
			imported := importCorpus(t, st, jobs)
			t.Logf("%s: %d journals imported in %v", db, imported, time.Since(start).Round(time.Second))
			var out bytes.Buffer
			rep, err := Reverify(context.Background(), st, Config{Node: "figures", Workers: runtime.GOMAXPROCS(0)}, &out)
			require.NoError(t, err)
			t.Logf("%s: rogue host --reverify:\n%s", db, out.String())
			assert.Equal(t, imported, rep.Jobs)
			assert.Empty(t, rep.Diverged)

			submitLatency(t, figuresStore(t, db), jobs, 200)
		})
	}
}

func figuresStore(t *testing.T, db string) *store.Store {
	t.Helper()
	u := filepath.Join(t.TempDir(), "rogue.db")
	if db == "postgres" {
		base := os.Getenv("ROGUE_TEST_POSTGRES")
		var err error
		u, err = store.NewSchema(base)
		require.NoError(t, err)
		t.Cleanup(func() { store.DropSchema(base, u) })
	}
	st, err := store.Open(context.Background(), u)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// importCorpus stores every journal of jobs as a game of account
// "corpus" (source "import"), its records as read (a torn tail left
// out), 100 games a transaction, and returns how many it stored.
func importCorpus(t *testing.T, st *store.Store, jobs []fame.Job) int {
	ctx := context.Background()
	require.NoError(t, st.CreateAccount(ctx, store.Account{Name: "corpus", Hash: []byte{0}, Role: RolePlayer}))
	n := 0
	var batch []store.Listing
	var sums []string
	flush := func() {
		require.NoError(t, st.Import(ctx, "corpus", "import", batch, sums))
		n += len(batch)
		batch, sums = batch[:0], sums[:0]
	}
	for _, j := range jobs {
		f, err := j.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(f)
		f.Close()
		require.NoError(t, err)
		r, err := journal.NewBytesReader(b)
		if err != nil {
			t.Logf("%s: not imported: %v", j.Name, err)
			continue
		}
		l := store.Listing{Header: b[:r.End()], Rules: r.Header().RulesVersion, Outcome: "imported", Build: "import"}
		var turn events.Turn
		for r.Next(&turn) == nil {
			l.Records = append(l.Records, b[r.Offset():r.End()])
		}
		l.Turns = len(l.Records)
		sum := sha256.Sum256(b)
		batch, sums = append(batch, l), append(sums, hex.EncodeToString(sum[:]))
		if len(batch) == 100 {
			flush()
		}
	}
	flush()
	return n
}

// submitLatency uploads the first n journals of jobs that rank, one at
// a time, to a server on st, and logs the time from submit to listed.
func submitLatency(t *testing.T, st *store.Store, jobs []fame.Job, n int) {
	s := New(st, Options{Node: "latency", Uploads: Uploads{PerAccount: n + 1, Workers: 1}})
	hs := newTestServer(s)
	t.Cleanup(hs.Close)
	working(t, s)
	tok := signUp(t, hs.URL, "ada")
	var took []time.Duration
	for _, j := range jobs {
		if len(took) == n {
			break
		}
		f, err := j.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(f)
		f.Close()
		require.NoError(t, err)
		var ref *fame.Refusal
		if _, err := fame.Check(bytes.NewReader(b), j.Name, fame.DefaultLimits()); errors.As(err, &ref) {
			continue // does not rank
		}
		start := time.Now()
		a := checked(t, hs.URL, tok, filepath.Base(j.Name), b)
		took = append(took, time.Since(start))
		require.True(t, a.Listed, a.Line)
	}
	slices.Sort(took)
	pct := func(p float64) time.Duration { return took[min(len(took)-1, int(p*float64(len(took))))] }
	t.Logf("%s: %d uploads, submit to listed: p50 %v, p99 %v, max %v", st.Dialect(), len(took), pct(0.5).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), took[len(took)-1].Round(time.Millisecond))
}
