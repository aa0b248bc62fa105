package play

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer"
)

// A program that words its files itself (the page) says the line of a
// closed game and where the death summary is in its words; the summary
// is written where it always is.
func TestAProgramsOwnWordsSayTheSavedLineAndWhereTheSummaryIs(t *testing.T) {
	p := testPlayer(newDeadlySession(t, t.TempDir()))
	p.words = Words{
		Saved: func(path string, s *reducer.State) string {
			return fmt.Sprintf("%s at turn %d", filepath.Base(path), s.TurnNumber())
		},
		Summary: func(path string) string { return "the list, as " + filepath.Base(path) },
	}
	botPlays(p, 500)
	s := p.sess.g.State
	require.True(t, s.Over)
	summary := summaryPath(p.sess.path, false)
	assert.FileExists(t, summary)
	assert.Equal(t, "the list, as "+filepath.Base(summary), p.m.SummaryPath)

	line, err := p.finish()
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("%s at turn %d", filepath.Base(p.sess.path), s.TurnNumber()), line)
}
