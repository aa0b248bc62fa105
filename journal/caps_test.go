package journal

import (
	"errors"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// untouchable is a file that must not be read.
type untouchable struct{ t *testing.T }

func (u untouchable) ReadAt([]byte, int64) (int, error) {
	u.t.Error("read a file that should have been refused unread")
	return 0, errors.New("untouchable")
}

func TestAFileOverTheSizeCapIsRefusedUnread(t *testing.T) {
	t.Parallel()
	_, err := NewReader(untouchable{t}, MaxFileSize+1, "huge.jnl")
	assertIs(t, err, ErrTooLarge)
	assert.EqualError(t, err, "journal huge.jnl: the file is 2147483649 bytes, more than the 2147483648 this program reads")
	_, err = NewReader(untouchable{t}, -1, "odd.jnl")
	assertIs(t, err, ErrInvalid)
}

func TestAReaderStopsAtTheTurnCapWithAnErrorNotATail(t *testing.T) {
	t.Parallel()
	b, starts := journalOf(t, sampleTurns(3))
	r, err := NewBytesReader(b)
	require.NoError(t, err)
	var turn events.Turn
	require.NoError(t, r.Next(&turn))
	r.turns = MaxTurns
	err = r.Next(&turn)
	assertIs(t, err, ErrTooLarge)
	assert.Nil(t, r.Tail(), "a journal over the cap is not damaged: nothing is to be dropped")
	assert.EqualError(t, err, "journal: turn 67108864 at byte "+strconv.FormatInt(starts[1], 10)+": the journal holds more than 67108864 turns, more than this program reads")
}

func TestWritersRefuseToGrowPastTheCaps(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(2)
	cases := []struct {
		name  string
		reach func(m *Memory)
		want  string
	}{
		{"at the turn cap", func(m *Memory) { m.rec.turns = MaxTurns },
			"the journal already holds 67108864 turns, the most it may"},
		{"at the size cap", func(m *Memory) { m.rec.size = MaxFileSize - 10 },
			"the journal would grow past 2147483648 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := NewMemory(testHeader())
			require.NoError(t, err)
			appendAll(t, m, turns[:1])
			before := cloneBytes(m.Bytes())
			c.reach(m)
			err = m.Append(&turns[1])
			assertIs(t, err, ErrTooLarge)
			assert.Contains(t, err.Error(), c.want)
			assert.Equal(t, before, m.Bytes(), "nothing was written")
		})
	}
}
