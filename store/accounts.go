package store

import (
	"context"
	"database/sql"
	"errors"
)

// Account is a player's account.
type Account struct {
	Name string
	Hash []byte // the password's hash, as the host encodes it
	Role string // "player" or "admin"
}

// CreateAccount adds an account; ErrExists if the name is taken.
func (s *Store) CreateAccount(ctx context.Context, a Account) error {
	_, err := s.exec(ctx, `INSERT INTO accounts (name, hash, role, created) VALUES ($1, $2, $3, $4)`,
		a.Name, a.Hash, a.Role, now())
	if unique(err) {
		return ErrExists
	}
	return err
}

// Account returns the account of that name, or ErrNotFound.
func (s *Store) Account(ctx context.Context, name string) (Account, error) {
	a := Account{Name: name}
	err := s.db.QueryRowContext(ctx, `SELECT hash, role FROM accounts WHERE name = $1`, name).Scan(&a.Hash, &a.Role)
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	return a, err
}

// AddToken keeps the hash of a token the account signs in with.
func (s *Store) AddToken(ctx context.Context, hash []byte, account string) error {
	_, err := s.exec(ctx, `INSERT INTO tokens (hash, account, created) VALUES ($1, $2, $3)`, hash, account, now())
	return err
}

// TokenAccount is the account whose token has that hash, or ErrNotFound.
func (s *Store) TokenAccount(ctx context.Context, hash []byte) (string, error) {
	var name string
	err := s.db.QueryRowContext(ctx, `SELECT account FROM tokens WHERE hash = $1`, hash).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return name, err
}
