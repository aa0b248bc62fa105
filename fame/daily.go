package fame

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"
)

// The daily challenge: every UTC day has one seed, derived from a secret
// the server keeps, so that nobody can know tomorrow's seed before the
// server plays it, and anyone told the secret afterwards can check it.

// MinSecret is the shortest server secret DailySeed takes, in bytes.
const MinSecret = 32

// dayLayout is how a day is written: 2006-01-02.
const dayLayout = "2006-01-02"

// Day is the UTC day of t, 2006-01-02.
func Day(t time.Time) string { return t.UTC().Format(dayLayout) }

// parseDay reads a day written as Day writes it.
func parseDay(day string) (time.Time, error) {
	t, err := time.Parse(dayLayout, day)
	if err != nil || t.Format(dayLayout) != day {
		return time.Time{}, fmt.Errorf("day %.40q: a day is YYYY-MM-DD", day)
	}
	return t, nil
}

// DailySeed is the seed of day's challenge (a day as Day writes it):
// the first 8 bytes, big-endian, of HMAC-SHA256 keyed with the server's
// secret over "rogue daily seed " and the day.
func DailySeed(secret []byte, day string) (uint64, error) {
	if len(secret) < MinSecret {
		return 0, fmt.Errorf("the daily seed's secret is %d bytes: it must be at least %d random bytes", len(secret), MinSecret)
	}
	if _, err := parseDay(day); err != nil {
		return 0, err
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("rogue daily seed " + day))
	return binary.BigEndian.Uint64(m.Sum(nil)), nil
}

// Week is the ISO 8601 week of t's UTC day, 2006-W01: weeks begin on
// Monday, and week 1 is the one that holds the year's first Thursday,
// so the last days of December may be week 1 of the next year and the
// first days of January week 52 or 53 of the last.
func Week(t time.Time) string {
	y, w := t.UTC().ISOWeek()
	return fmt.Sprintf("%04d-W%02d", y, w)
}

// WeekOfDay is the Week of a day as Day writes it.
func WeekOfDay(day string) (string, error) {
	t, err := parseDay(day)
	if err != nil {
		return "", err
	}
	return Week(t), nil
}

// validWeek is whether s is a week as Week writes it, of a week that
// exists.
func validWeek(s string) bool {
	var y, w int
	if n, err := fmt.Sscanf(s, "%04d-W%02d", &y, &w); n != 2 || err != nil || w < 1 || y < 1 {
		return false
	}
	// The Thursday of week w is 3 days after the Monday of week 1 plus
	// w-1 weeks; week 1's Monday is the Monday on or before January 4.
	jan4 := time.Date(y, time.January, 4, 0, 0, 0, 0, time.UTC)
	monday := jan4.AddDate(0, 0, -((int(jan4.Weekday()) + 6) % 7))
	return Week(monday.AddDate(0, 0, 7*(w-1)+3)) == s
}
