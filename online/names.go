package online

import (
	"fmt"
)

// The bounds on what a client may send as a name or a password.
const (
	MinPassword = 8
	MaxPassword = 128
)

// CheckName says what is wrong with an account's name, nil if nothing:
// a name is ^[A-Za-z0-9_-]{2,20}$ (checked without a regexp, which would
// cost every command its compilation at init).
func CheckName(name string) error {
	ok := len(name) >= 2 && len(name) <= 20
	for _, c := range []byte(name) {
		ok = ok && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-')
	}
	if !ok {
		return fmt.Errorf("a name is 2 to 20 letters, digits, _ or -")
	}
	return nil
}

// GameRow is a row of GET /api/games.
type GameRow struct {
	ID      int64  `json:"id"`
	Player  string `json:"player"`
	Rules   int    `json:"rules"`
	Turns   int    `json:"turns"`
	Depth   int    `json:"depth"`
	Outcome string `json:"outcome"`
	// Digest is the state's digest after the last turn; that of the
	// journal's fold once the game is over.
	Digest string `json:"digest"`
	Live   bool   `json:"live"`
}
