package play

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer"
	"rogue/view"
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

// A torn end cut on opening is worded by Words.Torn: in the page's
// words it names no file, and "" says nothing of it at all (the page
// said it on import): no notice, no message, no line at exit.
func TestATornEndIsWordedOnceByTheWordsTorn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, worded string
	}{{"page", "cut short, goes on from turn %d"}, {"said already", ""}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ss := newTestSession(t, t.TempDir(), 5)
			turns := ss.g.State.Turn
			require.NoError(t, ss.close())
			f, err := os.OpenFile(ss.path, os.O_APPEND|os.O_WRONLY, 0)
			require.NoError(t, err)
			_, err = f.Write([]byte{40, 1, 2, 3})
			require.NoError(t, err)
			require.NoError(t, f.Close())
			again, err := openSession(ss.path)
			require.NoError(t, err)
			p := &player{m: view.NewModel(view.MainMenu{}), now: func() time.Time { return aMinute }, version: "rogue test build",
				words: Words{Torn: func(turn int) string {
					if c.worded == "" {
						return ""
					}
					return fmt.Sprintf(c.worded, turn)
				}}}
			p.begin(again)
			var want []string
			if c.worded != "" {
				want = []string{fmt.Sprintf(c.worded, turns)}
				assert.Equal(t, view.ModeNotice, p.m.Mode(), "the notice says it")
			} else {
				assert.Equal(t, view.ModePlay, p.m.Mode(), "no notice")
			}
			var said []string
			for _, r := range again.recent {
				if strings.Contains(r, "cut short") {
					said = append(said, r)
				}
			}
			assert.Equal(t, want, said, "the messages")
			line, err := p.finish()
			require.NoError(t, err)
			assert.NotContains(t, line, ".torn-", "no side file named")
			assert.Equal(t, len(want), strings.Count(line, "cut short"), "at exit: %q", line)
		})
	}
}
