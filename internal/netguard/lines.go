package netguard

import (
	"fmt"
	"log"
	"sync"
	"time"
)

// lines logs at most one line per key every interval, and says how many
// were left out in the next line of that key. It keeps at most maxKeys
// keys: past that, the keys of one limit share one.
type lines struct {
	mu    sync.Mutex
	out   *log.Logger
	every time.Duration
	now   func() time.Time
	seen  map[string]*seen
}

type seen struct {
	last    time.Time
	skipped int
}

const maxKeys = 512

// say logs the line of limit for who, unless one was logged within the
// interval.
func (l *lines) say(limit, who, format string, args ...any) {
	if l.out == nil {
		return
	}
	key := limit + " " + who
	l.mu.Lock()
	now := l.now()
	s := l.seen[key]
	if s == nil && len(l.seen) >= maxKeys {
		for k, v := range l.seen {
			if now.Sub(v.last) >= l.every {
				delete(l.seen, k)
			}
		}
		if len(l.seen) >= maxKeys {
			key = limit + " *"
			s = l.seen[key]
		}
	}
	if s != nil && now.Sub(s.last) < l.every {
		s.skipped++
		l.mu.Unlock()
		return
	}
	skipped := 0
	if s != nil {
		skipped = s.skipped
	}
	l.seen[key] = &seen{last: now}
	l.mu.Unlock()
	line := who + ": " + fmt.Sprintf(format, args...)
	if skipped > 0 {
		line += fmt.Sprintf(" (and %d more like it since the last such line)", skipped)
	}
	l.out.Print(line)
}

// Write logs what net/http's ErrorLog says, one line per kind of message
// every interval.
func (l *lines) Write(p []byte) (int, error) {
	msg := string(p)
	for len(msg) > 0 && msg[len(msg)-1] == '\n' {
		msg = msg[:len(msg)-1]
	}
	kind := msg
	if len(kind) > 24 {
		kind = kind[:24]
	}
	l.say("server "+kind, "the server", "%s", msg)
	return len(p), nil
}
