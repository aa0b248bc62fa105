package play

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer"
	"rogue/view"
)

// The list of journals to replay says what each game came to: its depth,
// its last turn and how it ended, or that it is damaged; Enter replays.
func TestTheJournalsToReplaySayWhatEachGameCameTo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dead := testPlayer(newDeadlySession(t, dir))
	botPlays(dead, 500)
	require.True(t, dead.sess.g.State.Over)
	_, err := dead.finish()
	require.NoError(t, err)
	alive := testPlayer(newTestSession(t, dir, 5))
	botPlays(alive, 20)
	_, err = alive.finish()
	require.NoError(t, err)
	damaged := testPlayer(newTestSession(t, dir, 6))
	botPlays(damaged, 40)
	_, err = damaged.finish()
	require.NoError(t, err)
	b, err := os.ReadFile(damaged.sess.path)
	require.NoError(t, err)
	b[len(b)/2] ^= 0x10 // a bit of a middle record
	require.NoError(t, os.WriteFile(damaged.sess.path, b, 0o644))

	d, a := dead.sess.g.State, alive.sess.g.State
	describe := describeJournals()
	assert.Equal(t, fmt.Sprintf("depth %d, turn %d, %s", d.Depth, d.TurnNumber(), reducer.DeathCause(d)), describe(dead.sess.path))
	assert.Equal(t, fmt.Sprintf("depth %d, turn %d, alive", a.Depth, a.TurnNumber()), describe(alive.sess.path))
	assert.Equal(t, "damaged: rogue salvage recovers its turns", describe(damaged.sess.path))

	p := &player{m: view.NewModel(view.MainMenu{}), dir: dir, now: func() time.Time { return aMinute }}
	menu, err := p.mainMenu()
	require.NoError(t, err)
	if p.cont != nil {
		defer p.cont.close()
	}
	p.m.ShowMainMenu(menu)
	p.m.HandleKey(view.Rune('r'))
	require.Equal(t, view.ModeJournals, p.m.Mode())
	screen := screenText(p.m)
	assert.Contains(t, screen, "Enter: replay")
	assert.Contains(t, screen, "damaged: rogue salvage recovers its turns")
	in := p.m.HandleKey(view.Named(view.KeyEnter))
	assert.Equal(t, view.MenuReplay, in.Menu, "Enter replays, as the list says")
	assert.True(t, strings.HasSuffix(in.Journal, ".rogue"))
}
