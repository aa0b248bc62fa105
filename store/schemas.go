package store

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
)

// NewSchema creates a new empty schema in the PostgreSQL database at base
// and returns base's URL with that schema as its search path: tests
// that share one database each have their own.
func NewSchema(base string) (string, error) {
	var b [6]byte
	rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])
	db, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		return "", err
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// DropSchema drops the schema NewSchema made, and all it holds.
func DropSchema(base, schemaURL string) error {
	u, err := url.Parse(schemaURL)
	if err != nil {
		return err
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.Exec(`DROP SCHEMA ` + u.Query().Get("search_path") + ` CASCADE`)
	return err
}
