package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTriesAreCountedInASlidingWindowAndTheirRowsArePruned(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		l := Limit{Max: 3, Window: time.Minute}
		bucket := time.UnixMilli(time.Now().UnixMilli() / 60_000 * 60_000)
		try := func(subject string, at time.Duration) bool {
			ok, err := s.Try(ctx, "signin-name", subject, l, bucket.Add(at))
			require.NoError(t, err)
			return ok
		}
		var got []bool
		for range 5 {
			got = append(got, try("ada", 30*time.Second))
		}
		assert.Equal(t, []bool{true, true, true, false, false}, got, "3 a minute; the refused are not counted")
		assert.True(t, try("bob", 30*time.Second), "each subject its own")
		ok, err := s.Try(ctx, "signup-address", "ada", l, bucket.Add(30*time.Second))
		require.NoError(t, err)
		assert.True(t, ok, "each kind its own")
		// A minute on, the 3 tries of the bucket before weigh what the
		// sliding window still covers of it: 3*(60-1)/60 leaves no room,
		// 3*(60-20)/60 = 2 leaves room for one.
		assert.Equal(t, []bool{false, true, false}, []bool{try("ada", 61*time.Second), try("ada", 80*time.Second), try("ada", 80*time.Second)})
		n, err := s.Count(ctx, "tries")
		require.NoError(t, err)
		require.Equal(t, 4, n, "a row a subject, a kind and a bucket")
		// Three minutes on every row's bucket is over: the next try
		// prunes them (its store last pruned at its first try).
		assert.True(t, try("ada", 3*time.Minute+30*time.Second))
		n, err = s.Count(ctx, "tries")
		require.NoError(t, err)
		assert.Equal(t, 1, n, "the rows of buckets over are pruned as tries come")
	})
}

func TestASpectatorsRowLapsesUnlessItsNodeRenewsIt(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		at := time.Now()
		require.NoError(t, s.SetWatchers(ctx, "a", map[int64]int{7: 2, 8: 1}, at.Add(time.Minute)))
		require.NoError(t, s.SetWatchers(ctx, "b", map[int64]int{7: 3}, at.Add(time.Second)))
		n, err := s.Watchers(ctx, 7, at)
		require.NoError(t, err)
		assert.Equal(t, 5, n, "the sum of the nodes' counts")
		all, err := s.AllWatchers(ctx, at.Add(2*time.Second))
		require.NoError(t, err)
		assert.Equal(t, map[int64]int{7: 2, 8: 1}, all, "node b's row lapsed: it was not renewed")
		require.NoError(t, s.SetWatchers(ctx, "a", map[int64]int{8: 0}, at.Add(time.Minute)))
		require.NoError(t, s.RenewWatchers(ctx, "a", at.Add(2*time.Minute), at.Add(2*time.Second)))
		rows, err := s.Count(ctx, "watchers")
		require.NoError(t, err)
		assert.Equal(t, 1, rows, "a count of 0 lets its row go, and the lapsed rows are deleted")
		all, err = s.AllWatchers(ctx, at.Add(90*time.Second))
		require.NoError(t, err)
		assert.Equal(t, map[int64]int{7: 2}, all, "node a's renewed row still counts")
		require.NoError(t, s.DropWatchers(ctx, "a"))
		all, err = s.AllWatchers(ctx, at)
		require.NoError(t, err)
		assert.Empty(t, all)
	})
}

// BenchmarkTry is what one try of a rate limit costs the database: a read
// of the bucket before and an upsert of the bucket now (a sign-in makes
// two, its address's and its name's). Subjects rotate over 1 000, all
// let in: the dearer path, a write each.
func BenchmarkTry(b *testing.B) {
	for _, db := range []string{"sqlite", "postgres"} {
		b.Run(db, func(b *testing.B) {
			s := benchStore(b, db)
			ctx := context.Background()
			l := Limit{Max: 1 << 30, Window: time.Minute}
			subjects := make([]string, 1000)
			for i := range subjects {
				subjects[i] = fmt.Sprintf("192.0.2.%d", i)
			}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				ok, err := s.Try(ctx, "signin-address", subjects[i%len(subjects)], l, time.Now())
				if err != nil || !ok {
					b.Fatal(ok, err)
				}
			}
		})
	}
}
