package host

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"rogue/online"
	"rogue/store"
)

// Credentials are the body of a sign-up or a sign-in.
type Credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

// TokenAnswer is the answer to a sign-up or a sign-in.
type TokenAnswer struct {
	Name  string `json:"name"`
	Token string `json:"token"`
}

func (s *Server) readCredentials(w http.ResponseWriter, r *http.Request) (Credentials, bool) {
	s.bounded(w, r)
	var c Credentials
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		say(w, http.StatusBadRequest, "the body is JSON {\"name\": ..., \"password\": ...} of at most %d bytes", MaxBody)
		return c, false
	}
	return c, true
}

// hashing runs f in one of the few slots for argon2id (each takes 19 MiB):
// a flood of sign-ins waits rather than takes the memory.
func (s *Server) hashing(ctx context.Context, f func()) error {
	select {
	case s.hashSlot <- struct{}{}:
		defer func() { <-s.hashSlot }()
		f()
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// signUp is POST /api/signup: a new account, and its first token.
func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	c, ok := s.readCredentials(w, r)
	if !ok {
		return
	}
	if err := online.CheckName(c.Name); err != nil {
		say(w, http.StatusBadRequest, "%v", err)
		return
	}
	if err := checkPassword(c.Password); err != nil {
		say(w, http.StatusBadRequest, "%v", err)
		return
	}
	if !s.allowed(w, r, trySignUpAddress, s.address(r), signUpsPerAddress, s.signUps, "too many sign-ups from your address: wait a minute") {
		return
	}
	var hash []byte
	if s.hashing(r.Context(), func() { hash = hashPassword(c.Password) }) != nil {
		return
	}
	err := s.st.CreateAccount(r.Context(), store.Account{Name: c.Name, Hash: hash, Role: "player"})
	if errors.Is(err, store.ErrExists) {
		say(w, http.StatusConflict, "the name %s is taken", c.Name)
		return
	}
	if err != nil {
		say(w, http.StatusInternalServerError, "the account could not be made: %v", err)
		return
	}
	s.giveToken(w, r, c.Name)
}

// signIn is POST /api/signin: a new token for a name and its password.
// Whether the name has an account is never told: a wrong name and a
// wrong password get the same answer at the same cost.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	if !s.allowed(w, r, trySignInAddress, s.address(r), signInsPerAddress, s.signIns, "too many sign-ins from your address: wait a minute") {
		return
	}
	c, ok := s.readCredentials(w, r)
	if !ok {
		return
	}
	// Counted whether the name has an account or not.
	if !s.allowed(w, r, trySignInName, nameSubject(c.Name), signInsPerName, s.names, "too many sign-ins to that name: wait a minute") {
		return
	}
	a, err := s.st.Account(r.Context(), c.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		say(w, http.StatusInternalServerError, "signing in failed: %v", err)
		return
	}
	hash := a.Hash
	if hash == nil {
		hash = dummyHash()
	}
	var match bool
	if s.hashing(r.Context(), func() { match = passwordMatches(hash, c.Password) }) != nil {
		return
	}
	if !match || a.Hash == nil {
		say(w, http.StatusUnauthorized, "wrong name or password")
		return
	}
	s.giveToken(w, r, c.Name)
}

func (s *Server) giveToken(w http.ResponseWriter, r *http.Request, name string) {
	tok, hash := newToken()
	if err := s.st.AddToken(r.Context(), hash, name); err != nil {
		say(w, http.StatusInternalServerError, "no token could be kept: %v", err)
		return
	}
	writeJSON(w, TokenAnswer{Name: name, Token: tok})
}

// account is the account whose token the request carries
// ("Authorization: Bearer TOKEN"), or "" with none or a wrong one.
func (s *Server) account(r *http.Request) string {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || len(tok) != 64 {
		return ""
	}
	name, err := s.st.TokenAccount(r.Context(), tokenHash(tok))
	if err != nil {
		return ""
	}
	return name
}
