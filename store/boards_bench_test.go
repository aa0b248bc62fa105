package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fillBoard stores the games from+1 to to, each over and on the board
// rules/3 under a key in no particular order, in a few transactions, and
// has the database gather its statistics.
func fillBoard(ctx context.Context, s *Store, from, to int) error {
	if from == 0 {
		if err := s.CreateAccount(ctx, Account{Name: "ada", Hash: []byte{1}, Role: "player"}); err != nil {
			return err
		}
	}
	for lo := from; lo < to; lo += 5000 {
		err := s.inTx(ctx, func(tx *sql.Tx) error {
			for i := lo + 1; i <= min(lo+5000, to); i++ {
				if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, account, header, rules, status, outcome, turns, depth, digest, lease_node, lease_until, created, ranked)
					VALUES ($1, 'ada', $2, 3, 'over', 'won', 1, 1, '', '', 0, 0, 1)`, i, []byte("H")); err != nil {
					return err
				}
				var k [21]byte
				binary.BigEndian.PutUint64(k[1:], uint64(i)*2654435761%(1<<32)) // scattered
				binary.BigEndian.PutUint64(k[13:], uint64(i))
				if _, err := tx.ExecContext(ctx, `INSERT INTO board_rows (board, rank_key, game, account, outcome, turns, depth, level, build, entry)
					VALUES ('rules/3', $1, $2, 'ada', 'slain by a Naga on depth 12', 4000, 12, 9, 'bench', $3)`,
					k[:], i, fmt.Sprintf(`{"id":%d,"account":"ada","outcome":"slain by a Naga on depth 12","turns":4000,"depth":12,"level":9}`, i)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	_, err := s.db.ExecContext(ctx, `ANALYZE`)
	return err
}

// BenchmarkBoardPage reads a page of 100 rows of a board (LIMIT 101, as
// the host asks) holding 1 000, 10 000 and 100 000 games, in three
// databases of each kind (SQLite, and PostgreSQL with
// ROGUE_TEST_POSTGRES), the first page and one from the middle of the
// board. The sizes are timed in turn, round after round, so that a
// machine whose speed drifts slows them alike (each size first in
// turn); it reports each size's
// median time a page and the ratio of 100 000's to 1 000's, and logs
// the plan of the query (on PostgreSQL with the buffers it touched,
// a count the load does not change). The time should not grow with the
// games stored. Run with -benchtime 1x.
func BenchmarkBoardPage(b *testing.B) {
	sizes := []int{1000, 10000, 100000}
	for _, db := range []string{"sqlite", "postgres"} {
		b.Run(db, func(b *testing.B) {
			ctx := context.Background()
			open := func() *Store {
				if db == "sqlite" {
					s, err := Open(ctx, filepath.Join(b.TempDir(), "rogue.db"))
					require.NoError(b, err)
					return s
				}
				base := os.Getenv("ROGUE_TEST_POSTGRES")
				if base == "" {
					b.Skip("ROGUE_TEST_POSTGRES is not set")
				}
				u, err := NewSchema(base)
				require.NoError(b, err)
				b.Cleanup(func() { DropSchema(base, u) })
				s, err := Open(ctx, u)
				require.NoError(b, err)
				return s
			}
			type board struct {
				s      *Store
				n      int
				middle string
			}
			var boards []board
			for _, n := range sizes {
				s := open()
				b.Cleanup(func() { s.Close() })
				require.NoError(b, fillBoard(ctx, s, 0, n))
				var mid []byte
				require.NoError(b, s.db.QueryRowContext(ctx, `SELECT rank_key FROM board_rows WHERE board = 'rules/3' ORDER BY rank_key LIMIT 1 OFFSET $1`, n/2).Scan(&mid))
				plan, err := s.Explain(ctx, BoardPageQuery, "rules/3", mid, 101)
				require.NoError(b, err)
				if db == "postgres" {
					plan, err = s.explainAnalyze(ctx, BoardPageQuery, "rules/3", mid, 101)
					require.NoError(b, err)
				}
				b.Logf("%s, %d games: %s", db, n, strings.Join(plan, " / "))
				boards = append(boards, board{s: s, n: n, middle: fmt.Sprintf("%x", mid)})
			}
			const rounds, reads = 15, 100
			for _, at := range []string{"first", "middle"} {
				times := make([][]time.Duration, len(boards))
				for r := range rounds {
					for j := range boards {
						i := (j + r) % len(boards) // each size first in turn
						bd := boards[i]
						after := ""
						if at == "middle" {
							after = bd.middle
						}
						start := time.Now()
						for range reads {
							rows, err := bd.s.BoardPage(ctx, "rules/3", after, 101)
							if err != nil || len(rows) != 101 {
								b.Fatalf("%d rows, %v", len(rows), err)
							}
						}
						times[i] = append(times[i], time.Since(start)/reads)
					}
				}
				var medians []time.Duration
				for i, bd := range boards {
					slices.Sort(times[i])
					medians = append(medians, times[i][rounds/2])
					b.ReportMetric(float64(times[i][rounds/2].Microseconds()), fmt.Sprintf("µs/page-%s-%d", at, bd.n))
				}
				b.ReportMetric(float64(medians[2])/float64(medians[0]), "ratio-"+at+"-100k/1k")
			}
		})
	}
}

// explainAnalyze is PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of query.
func (s *Store) explainAnalyze(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, "EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, SUMMARY OFF) "+query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return nil, err
		}
		out = append(out, strings.TrimSpace(line))
	}
	return out, rows.Err()
}
