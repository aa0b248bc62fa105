package host

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/fame"
	"rogue/store"
)

// TestFiguresOfACorpus gives the closing note's figures for a folder of
// journals (rogue bot --games N --player P --rules R --out DIR/...),
// on each database in turn: every journal stored as a game by
// rogue host --import's Import (a trusted import: not through the
// check, so that a journal the rules decide otherwise is there to be
// found), then
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
			imported := importCorpus(t, st, dir)
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

// importCorpus stores every journal of dir as rogue host --import does
// (Import), as games of account "corpus", and returns how many it
// stored.
func importCorpus(t *testing.T, st *store.Store, dir string) int {
	var out bytes.Buffer
	rep, err := Import(context.Background(), st, dir, "corpus", &out)
	require.NoError(t, err)
	t.Logf("%s: %s", st.Dialect(), strings.TrimSpace(out.String()))
	return rep.Imported
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
