package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// finishedGames stores n games that are over, of one turn each.
func finishedGames(t *testing.T, s *Store, n int) []int64 {
	t.Helper()
	ctx := withAda(t, s)
	var ids []int64
	for i := range n {
		id, err := s.CreateGame(ctx, "ada", fmt.Appendf(nil, "H%d", i), 3)
		require.NoError(t, err)
		require.NoError(t, s.Append(ctx, id, 0, []byte("r"), Progress{Turns: 1, Over: true, Outcome: "slain"}))
		ids = append(ids, id)
	}
	return ids
}

func TestARunQueuesEveryGameOverAndReportsWhatItsJobsFound(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		ids := finishedGames(t, s, 3)
		_, err := s.CreateGame(ctx, "ada", []byte("live"), 3) // live: not queued
		require.NoError(t, err)
		run, n, err := s.QueueRun(ctx, "build-1")
		require.NoError(t, err)
		require.Equal(t, 3, n)
		results := map[int64]string{ids[0]: "verified", ids[1]: "diverged", ids[2]: "unverified"}
		for range 3 {
			j, err := s.Take(ctx, "node-a", time.Minute)
			require.NoError(t, err)
			require.Equal(t, run, j.Run)
			require.NoError(t, s.Finish(ctx, j, results[j.Game], "line of "+j.Name, "build-1"))
		}
		_, err = s.Take(ctx, "node-a", time.Minute)
		assert.ErrorIs(t, err, ErrNotFound)
		rep, err := s.Run(ctx, run)
		require.NoError(t, err)
		assert.Equal(t, []any{3, 3, 2, 1}, []any{rep.Jobs, rep.Done, rep.Checked, rep.Verified})
		require.Len(t, rep.Diverged, 1)
		require.Len(t, rep.Unchecked, 1)
		assert.Equal(t, []any{ids[1], fmt.Sprintf("line of %d.rogue", ids[1])}, []any{rep.Diverged[0].Game, rep.Diverged[0].Line})
		assert.Equal(t, ids[2], rep.Unchecked[0].Game)
	})
}

func TestAKilledWorkersJobIsTakenAgainOnceItsLeaseLapses(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		finishedGames(t, s, 1)
		_, _, err := s.QueueRun(ctx, "b")
		require.NoError(t, err)
		dead, err := s.Take(ctx, "killed", 2*time.Second)
		require.NoError(t, err)
		// While its lease holds, nobody else takes it.
		_, err = s.Take(ctx, "other", time.Minute)
		require.ErrorIs(t, err, ErrNotFound)
		var again Job
		require.Eventually(t, func() bool {
			again, err = s.Take(ctx, "other", time.Minute)
			return err == nil
		}, 10*time.Second, 10*time.Millisecond, "the lapsed job is taken again")
		assert.Equal(t, []any{dead.ID, 2, "other"}, []any{again.ID, again.Tries, again.LeaseNode})
		// The killed worker, back, can neither renew nor finish it.
		assert.ErrorIs(t, s.Renew(ctx, dead, time.Minute), ErrConflict)
		assert.ErrorIs(t, s.Finish(ctx, dead, "diverged", "stale", "b"), ErrConflict)
		require.NoError(t, s.Renew(ctx, again, time.Minute))
		require.NoError(t, s.Finish(ctx, again, "verified", "", "b"))
		j, err := s.GetJob(ctx, dead.ID)
		require.NoError(t, err)
		assert.Equal(t, []any{Done, "verified", "other"}, []any{j.State, j.Result, j.LeaseNode})
	})
}

func TestWorkersSharingTheQueueDoEachJobOnce(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		const games = 60
		finishedGames(t, s, games)
		run, _, err := s.QueueRun(ctx, "b")
		require.NoError(t, err)
		// Three workers, one of which dies holding its second job: its
		// lease lapses and another does it.
		var mu sync.Mutex
		doneBy := map[int64][]string{}
		var wg sync.WaitGroup
		for _, node := range []string{"a", "b", "dies"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				taken := 0
				for {
					lease := time.Minute
					if node == "dies" {
						lease = 100 * time.Millisecond
					}
					j, err := s.Take(ctx, node, lease)
					if err == ErrNotFound {
						rep, err := s.Run(ctx, run)
						if err != nil || rep.Done == games {
							return
						}
						continue
					}
					if !assert.NoError(t, err) {
						return
					}
					taken++
					if node == "dies" && taken == 2 {
						return // killed holding j
					}
					if err := s.Finish(ctx, j, "verified", j.Name, node); err == nil {
						mu.Lock()
						doneBy[j.ID] = append(doneBy[j.ID], node)
						mu.Unlock()
					}
				}
			}()
		}
		wg.Wait()
		rep, err := s.Run(ctx, run)
		require.NoError(t, err)
		assert.Equal(t, []any{games, games, games}, []any{rep.Jobs, rep.Done, rep.Verified})
		assert.Len(t, doneBy, games)
		for id, by := range doneBy {
			assert.Len(t, by, 1, "job %d finished by %v", id, by)
		}
	})
}

func TestAnUploadIsListedOnceAndItsBytesLeaveTheQueue(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		for _, n := range []string{"ada", "bob"} {
			require.NoError(t, s.CreateAccount(ctx, Account{Name: n, Hash: []byte{1}, Role: "player"}))
		}
		u := Upload{Account: "ada", Name: "won.rogue", SHA256: "aa", Journal: []byte("HEADr0r1"), Max: 2, Window: time.Hour}
		id, err := s.QueueUpload(ctx, u)
		require.NoError(t, err)
		// The same bytes again, from ada or from bob, while it waits.
		for _, who := range []string{"ada", "bob"} {
			u2 := u
			u2.Account = who
			_, err = s.QueueUpload(ctx, u2)
			assert.Equal(t, &Duplicate{Job: id, Account: "ada"}, err)
		}
		j, err := s.Take(ctx, "n", time.Minute)
		require.NoError(t, err)
		assert.Equal(t, []any{JobUpload, "ada", "won.rogue", []byte("HEADr0r1")}, []any{j.Kind, j.Account, j.Name, j.Journal})
		game, err := s.List(ctx, j, Listing{Header: []byte("HEAD"), Records: [][]byte{[]byte("r0"), []byte("r1")}, Rules: 3,
			Outcome: "won", Turns: 2, Depth: 9, Digest: "d", Build: "b1"}, func(g int64, err error) string { return fmt.Sprint("listed as ", g, err) })
		require.NoError(t, err)
		b, err := s.Journal(ctx, game)
		require.NoError(t, err)
		assert.Equal(t, "HEADr0r1", string(b))
		g, err := s.Game(ctx, game)
		require.NoError(t, err)
		assert.Equal(t, []any{false, true, "won", 2, 9}, []any{g.Live, g.Over, g.Outcome, g.Turns, g.Depth})
		src, sha, err := s.Source(ctx, game)
		require.NoError(t, err)
		assert.Equal(t, []any{SourceOffline, "aa"}, []any{src, sha})
		j, err = s.GetJob(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []any{Done, "listed", game, []byte(nil), fmt.Sprint("listed as ", game, nil)}, []any{j.State, j.Result, j.Game, j.Journal, j.Line})
		// Listed, the same bytes are that game, whoever sends them.
		u.Account = "bob"
		_, err = s.QueueUpload(ctx, u)
		assert.Equal(t, &Duplicate{Game: game, Account: "ada"}, err)
		// Another journal of the same game (its header) is refused when listed.
		id2, err := s.QueueUpload(ctx, Upload{Account: "bob", Name: "x.rogue", SHA256: "bb", Journal: []byte("HEADr0"), Max: 2, Window: time.Hour})
		require.NoError(t, err)
		j2, err := s.Take(ctx, "n", time.Minute)
		require.NoError(t, err)
		require.Equal(t, id2, j2.ID)
		_, err = s.List(ctx, j2, Listing{Header: []byte("HEAD"), Records: [][]byte{[]byte("r0")}, Build: "b1"},
			func(_ int64, err error) string { return "refused: " + err.Error() })
		assert.Equal(t, &SameGame{Game: game, Account: "ada"}, err)
		refusal := "refused: " + err.Error()
		j2, err = s.GetJob(ctx, id2)
		require.NoError(t, err)
		assert.Equal(t, []any{Done, "duplicate", refusal, []byte(nil)}, []any{j2.State, j2.Result, j2.Line, j2.Journal})
		n, err := s.Count(ctx, "games")
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		q, err := s.JournalBytesQueued(ctx)
		require.NoError(t, err)
		assert.Equal(t, 0, q)
	})
}

func TestAnAccountsUploadsAreLimitedInTheWindow(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		start := time.Now()
		for i := range 3 {
			_, err := s.QueueUpload(ctx, Upload{Account: "ada", SHA256: fmt.Sprint(i), Journal: []byte("x"), Max: 3, Window: time.Hour})
			require.NoError(t, err)
		}
		_, err := s.QueueUpload(ctx, Upload{Account: "ada", SHA256: "4", Journal: []byte("x"), Max: 3, Window: time.Hour})
		var rl *RateLimited
		require.ErrorAs(t, err, &rl)
		assert.Equal(t, []any{3, time.Hour}, []any{rl.Max, rl.Window})
		assert.WithinRange(t, rl.Next, start.Add(time.Hour).Add(-time.Second), time.Now().Add(time.Hour))
	})
}

func TestAReportKeepsItsJournalAndAMaintainerIsARole(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		r := Report{Account: "ada", Name: "bug.rogue", Version: "rogue devel", What: "the door", SHA256: "cc",
			Journal: []byte("JJ"), Verify: "rogue verify: x", Screen: "@"}
		id, err := s.CreateReport(ctx, r, Limit{})
		require.NoError(t, err)
		got, err := s.GetReport(ctx, id)
		require.NoError(t, err)
		r.ID, r.Created = id, got.Created
		assert.Equal(t, r, got)
		list, err := s.Reports(ctx, 0, 10)
		require.NoError(t, err)
		r.Journal = nil
		assert.Equal(t, []Report{r}, list)
		_, err = s.GetReport(ctx, id+1)
		assert.ErrorIs(t, err, ErrNotFound)
		require.NoError(t, s.SetRole(ctx, "ada", "maintainer"))
		a, err := s.Account(ctx, "ada")
		require.NoError(t, err)
		assert.Equal(t, "maintainer", a.Role)
		assert.ErrorIs(t, s.SetRole(ctx, "nobody", "maintainer"), ErrNotFound)
	})
}

func TestAnImportStoresFinishedGamesThatARunThenChecks(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		require.NoError(t, s.CreateAccount(ctx, Account{Name: "corpus", Hash: []byte{1}, Role: "player"}))
		games := []Listing{{Header: []byte("H1"), Records: [][]byte{[]byte("a"), []byte("b")}, Rules: 1, Turns: 2},
			{Header: []byte("H2"), Records: [][]byte{[]byte("c")}, Rules: 3, Turns: 1}}
		got, err := s.Import(ctx, "corpus", SourceImport, games, []string{"s1", "s2"})
		require.NoError(t, err)
		list, err := s.Games(ctx, false, 10)
		require.NoError(t, err)
		require.Len(t, list, 2)
		b, err := s.Journal(ctx, list[1].ID)
		require.NoError(t, err)
		assert.Equal(t, "H1ab", string(b))
		assert.Equal(t, []Imported{{Game: list[1].ID}, {Game: list[0].ID}}, got)
		_, n, err := s.QueueRun(ctx, "b")
		require.NoError(t, err)
		assert.Equal(t, 2, n)
	})
}

func TestAnImportStoresEachJournalOnceAndEveryRecordOfALongGame(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		require.NoError(t, s.CreateAccount(ctx, Account{Name: "corpus", Hash: []byte{1}, Role: "player"}))
		// A game of more records than one statement adds, and one of a
		// whole number of statements' worth.
		long, even := Listing{Header: []byte("L")}, Listing{Header: []byte("E")}
		want := "L"
		for i := range 2*recordsAtOnce + 7 {
			r := fmt.Sprintf("<%d>", i)
			long.Records = append(long.Records, []byte(r))
			want += r
		}
		for i := range recordsAtOnce {
			even.Records = append(even.Records, []byte{byte(i)})
		}
		first, err := s.Import(ctx, "corpus", SourceImport, []Listing{long, {Header: []byte("none")}}, []string{"long", "none"})
		require.NoError(t, err)
		b, err := s.Journal(ctx, first[0].Game)
		require.NoError(t, err)
		assert.Equal(t, want, string(b))
		// Again, with a new one twice: the stored one and the second copy
		// are not stored again, each named by the game that holds it.
		again, err := s.Import(ctx, "corpus", SourceImport, []Listing{even, long, even}, []string{"even", "long", "even"})
		require.NoError(t, err)
		require.NotZero(t, again[0].Game)
		assert.Equal(t, []Imported{{Game: again[0].Game}, {Game: first[0].Game, Already: true}, {Game: again[0].Game, Already: true}}, again)
		b, err = s.Journal(ctx, again[0].Game)
		require.NoError(t, err)
		assert.Len(t, b, 1+recordsAtOnce)
		// Other bytes of a game that begins as a stored one (a game
		// played here has no SHA-256, and its download those bytes):
		// the same game, not stored again.
		same, err := s.Import(ctx, "corpus", SourceImport, []Listing{{Header: []byte("L"), Records: [][]byte{[]byte("x")}}}, []string{"other"})
		require.NoError(t, err)
		assert.Equal(t, []Imported{{Game: first[0].Game, Already: true}}, same)
		n, err := s.Count(ctx, "games")
		require.NoError(t, err)
		assert.Equal(t, 3, n)
		n, err = s.Count(ctx, "records")
		require.NoError(t, err)
		assert.Equal(t, 3*recordsAtOnce+7, n)
		source, sha, err := s.Source(ctx, again[0].Game)
		require.NoError(t, err)
		assert.Equal(t, [2]string{SourceImport, "even"}, [2]string{source, sha})
	})
}
