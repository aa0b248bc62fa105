package host

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"

	"rogue/online"
)

// The argon2id parameters (OWASP's: 19 MiB, two passes, one lane).
const (
	argonTime    = 2
	argonMemory  = 19 << 10 // KiB
	argonThreads = 1
	argonKeyLen  = 32
)

// checkPassword says what is wrong with a new password.
func checkPassword(pw string) error {
	if len(pw) < online.MinPassword || len(pw) > online.MaxPassword {
		return fmt.Errorf("a password is %d to %d bytes", online.MinPassword, online.MaxPassword)
	}
	return nil
}

// hashPassword is the argon2id hash of pw with a new salt, encoded with
// its parameters.
func hashPassword(pw string) []byte {
	salt := make([]byte, 16)
	rand.Read(salt)
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Appendf(nil, "argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		enc.EncodeToString(salt), enc.EncodeToString(key))
}

// dummyHash is checked against when a name has no account, so that
// signing in to one costs what signing in to an account does. It is
// hashed on the first sign-in, not at init: every rogue command links
// this package, and an argon2id hash costs 19 MB and tens of milliseconds.
var dummyHash = sync.OnceValue(func() []byte { return hashPassword("no account has this password") })

// passwordMatches reports whether pw hashes to the encoded hash.
func passwordMatches(encoded []byte, pw string) bool {
	parts := strings.Split(string(encoded), "$")
	if len(parts) != 5 || parts[0] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[2], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m > 1<<20 || t > 10 || p == 0 {
		return false
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[3])
	key, err2 := enc.DecodeString(parts[4])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1
}

// newToken is a new random sign-in token, and the hash the store keeps.
func newToken() (string, []byte) {
	b := make([]byte, 32)
	rand.Read(b)
	tok := hex.EncodeToString(b)
	return tok, tokenHash(tok)
}

func tokenHash(tok string) []byte {
	h := sha256.Sum256([]byte(tok))
	return h[:]
}
