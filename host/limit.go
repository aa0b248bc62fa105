package host

import (
	"sync"
	"time"
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
