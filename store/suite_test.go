package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// drivers runs test against each database: SQLite in a temporary folder,
// and PostgreSQL when ROGUE_TEST_POSTGRES names one (each test in a schema
// of its own, dropped after).
func drivers(t *testing.T, test func(t *testing.T, s *Store)) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		s, err := Open(context.Background(), filepath.Join(t.TempDir(), "rogue.db"))
		require.NoError(t, err)
		t.Cleanup(func() { s.Close() })
		test(t, s)
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		s := openPostgres(t)
		test(t, s)
	})
}

// openPostgres opens a fresh schema of the database ROGUE_TEST_POSTGRES
// names, or skips the test saying so.
func openPostgres(t *testing.T) *Store {
	t.Helper()
	base := os.Getenv("ROGUE_TEST_POSTGRES")
	if base == "" {
		t.Skip("ROGUE_TEST_POSTGRES is not set (e.g. postgres://rogue:rogue@127.0.0.1:5432/rogue): the PostgreSQL half is skipped")
	}
	u, err := NewSchema(base)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, DropSchema(base, u)) })
	s, err := Open(context.Background(), u)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// benchStore opens a store on db ("sqlite" or "postgres") for a
// benchmark, or skips it when PostgreSQL is not configured.
func benchStore(b *testing.B, db string) *Store {
	var url string
	if db == "sqlite" {
		url = filepath.Join(b.TempDir(), "rogue.db")
	} else {
		base := os.Getenv("ROGUE_TEST_POSTGRES")
		if base == "" {
			b.Skip("ROGUE_TEST_POSTGRES is not set")
		}
		var err error
		url, err = NewSchema(base)
		require.NoError(b, err)
		b.Cleanup(func() { DropSchema(base, url) })
	}
	s, err := Open(context.Background(), url)
	require.NoError(b, err)
	b.Cleanup(func() { s.Close() })
	return s
}

// withAda makes the account ada in s, the player most tests play as,
// and returns the context the test goes on with.
func withAda(tb testing.TB, s *Store) context.Context {
	tb.Helper()
	ctx := context.Background()
	require.NoError(tb, s.CreateAccount(ctx, Account{Name: "ada", Hash: []byte{1}, Role: "player"}))
	return ctx
}
