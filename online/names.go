package online

import (
	"fmt"
	"regexp"
)

// The bounds on what a client may send as a name or a password.
const (
	MinPassword = 8
	MaxPassword = 128
)

var nameRE = regexp.MustCompile(`^[A-Za-z0-9_-]{2,20}$`)

// CheckName says what is wrong with an account's name, nil if nothing.
func CheckName(name string) error {
	if !nameRE.MatchString(name) {
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
