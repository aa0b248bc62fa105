package host

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"

	"rogue/online"
	"rogue/store"
)

// limiter allows each key burst tries, then one every per: a token
// bucket per key. It forgets keys whose bucket is full again, so that its
// memory stays bounded by the keys active in one refill.
type limiter struct {
	mu      sync.Mutex
	burst   float64
	per     time.Duration
	buckets map[string]*bucket
	now     func() time.Time
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// maxKeys is the most keys a limiter tracks; past it, it refuses every
// new key until a sweep frees room (a flood of names cannot grow it).
const maxKeys = 100_000

func newLimiter(burst int, per time.Duration) *limiter {
	return &limiter{burst: float64(burst), per: per, buckets: map[string]*bucket{}, now: time.Now}
}

// allow takes a try for key, reporting whether one was left.
func (l *limiter) allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) > l.per*time.Duration(l.burst) {
		l.sweep(now)
	}
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= maxKeys {
			return false
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+float64(now.Sub(b.at))/float64(l.per))
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

func (l *limiter) sweep(now time.Time) {
	l.swept = now
	for k, b := range l.buckets {
		if b.tokens+float64(now.Sub(b.at))/float64(l.per) >= l.burst {
			delete(l.buckets, k)
		}
	}
}

// The limits on signing in and up, counted in the database (store.Try),
// so that they hold across every node sharing it: N nodes allow what one
// does. Each node's own limiter, at twice the rate, turns a flood away
// before it costs the database a query.
var (
	signInsPerAddress = store.Limit{Max: 10, Window: time.Minute}
	signInsPerName    = store.Limit{Max: 5, Window: time.Minute}
	signUpsPerAddress = store.Limit{Max: 5, Window: time.Minute}
)

// The kinds of tries the database counts.
const (
	trySignInAddress = "signin-address"
	trySignInName    = "signin-name"
	trySignUpAddress = "signup-address"
)

// precheck is a node's limiter in front of l: twice its rate.
func precheck(l store.Limit) *limiter {
	return newLimiter(2*l.Max, l.Window/time.Duration(2*l.Max))
}

// allowed counts a try of subject under the limit kind: first on this
// node's pre-check, then in the database, whose count is the truth.
// Past either, or when the try cannot be counted, it answers in one line
// and reports false.
func (s *Server) allowed(w http.ResponseWriter, r *http.Request, kind, subject string, l store.Limit, pre *limiter, refusal string) bool {
	if pre.allow(subject) {
		ok, err := s.st.Try(r.Context(), kind, subject, l, s.clock())
		if err != nil {
			say(w, http.StatusServiceUnavailable, "the try could not be counted: %v", err)
			return false
		}
		if ok {
			return true
		}
	}
	say(w, http.StatusTooManyRequests, "%s", refusal)
	return false
}

// nameSubject is the subject a name's tries are counted under: the name
// in lower case, or, for what cannot be a name (no account has it, so
// telling so tells nothing), a digest of it, bounded and printable.
func nameSubject(name string) string {
	if online.CheckName(name) == nil {
		return strings.ToLower(name)
	}
	sum := sha256.Sum256([]byte(name))
	return "~" + hex.EncodeToString(sum[:16])
}
