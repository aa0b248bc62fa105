package fame

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testSecret = []byte("the secret of a test server, 32+")

func TestTheDailySeedIsTheHMACOfTheDayUnderTheServersSecret(t *testing.T) {
	t.Parallel()
	// printf 'rogue daily seed 2026-12-02' | openssl dgst -sha256 -hmac 'the secret of a test server, 32+'
	seed, err := DailySeed(testSecret, "2026-12-02")
	require.NoError(t, err)
	assert.Equal(t, uint64(0x6d51a0789f822e53), seed)
	next, err := DailySeed(testSecret, "2026-12-03")
	require.NoError(t, err)
	assert.NotEqual(t, seed, next, "another day, another seed")
	other, err := DailySeed(append([]byte("another "), testSecret...), "2026-12-02")
	require.NoError(t, err)
	assert.NotEqual(t, seed, other, "another secret, another seed")
	_, err = DailySeed(testSecret[:31], "2026-12-02")
	assert.EqualError(t, err, "the daily seed's secret is 31 bytes: it must be at least 32 random bytes")
	_, err = DailySeed(testSecret, "2026-12-2")
	assert.EqualError(t, err, `day "2026-12-2": a day is YYYY-MM-DD`)
}

func TestTheDayIsUTCAndTheWeekIsISO(t *testing.T) {
	t.Parallel()
	tokyo := time.FixedZone("JST", 9*3600)
	assert.Equal(t, "2026-12-01", Day(time.Date(2026, 12, 2, 8, 59, 0, 0, tokyo)))
	cases := []struct{ day, week string }{
		{"2026-12-02", "2026-W49"},
		{"2026-12-31", "2026-W53"},
		{"2027-01-01", "2026-W53"},
		{"2027-01-04", "2027-W01"},
		{"2024-12-30", "2025-W01"},
		{"2021-01-03", "2020-W53"},
	}
	for _, c := range cases {
		got, err := WeekOfDay(c.day)
		require.NoError(t, err)
		assert.Equal(t, c.week, got, c.day)
		assert.True(t, validWeek(got), got)
	}
	assert.False(t, validWeek("2025-W53"), "2025 has 52 weeks")
}
