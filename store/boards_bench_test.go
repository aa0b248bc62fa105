package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
// the host asks) holding 1 000, 10 000 and 100 000 games, the first page
// and one from the middle of the board, on SQLite and, with
// ROGUE_TEST_POSTGRES, on PostgreSQL; it logs the plan of the query.
// The time should not grow with the games stored.
func BenchmarkBoardPage(b *testing.B) {
	dbs := []string{"sqlite", "postgres"}
	for _, db := range dbs {
		b.Run(db, func(b *testing.B) {
			ctx := context.Background()
			var s *Store
			if db == "sqlite" {
				var err error
				s, err = Open(ctx, filepath.Join(b.TempDir(), "rogue.db"))
				require.NoError(b, err)
			} else {
				base := os.Getenv("ROGUE_TEST_POSTGRES")
				if base == "" {
					b.Skip("ROGUE_TEST_POSTGRES is not set")
				}
				u, err := NewSchema(base)
				require.NoError(b, err)
				b.Cleanup(func() { DropSchema(base, u) })
				s, err = Open(ctx, u)
				require.NoError(b, err)
			}
			b.Cleanup(func() { s.Close() })
			stored := 0
			for _, n := range []int{1000, 10000, 100000} {
				require.NoError(b, fillBoard(ctx, s, stored, n))
				stored = n
				// The key in the middle of the board, for the deep page.
				var mid []byte
				require.NoError(b, s.db.QueryRowContext(ctx, `SELECT rank_key FROM board_rows WHERE board = 'rules/3' ORDER BY rank_key LIMIT 1 OFFSET $1`, n/2).Scan(&mid))
				plan, err := s.Explain(ctx, BoardPageQuery, "rules/3", mid, 101)
				require.NoError(b, err)
				b.Logf("%s, %d games: %s", db, n, strings.Join(plan, " / "))
				for _, at := range []struct {
					name  string
					after string
				}{{"first", ""}, {"middle", fmt.Sprintf("%x", mid)}} {
					b.Run(fmt.Sprintf("games=%d/page=%s", n, at.name), func(b *testing.B) {
						for b.Loop() {
							rows, err := s.BoardPage(ctx, "rules/3", at.after, 101)
							if err != nil || len(rows) != 101 {
								b.Fatalf("%d rows, %v", len(rows), err)
							}
						}
					})
				}
			}
		})
	}
}
