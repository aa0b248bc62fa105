package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/view"
)

// A new game chosen on the menu after a death starts with a log of its
// own: the dead game's messages are neither on the play screen nor in
// Ctrl-P's history.
func TestANewGameAfterADeathStartsWithAnEmptyLog(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := testPlayer(newDeadlySession(t, dir))
	p.dir, p.fromMenu, p.seed = dir, true, 5
	botPlays(p, 500)
	require.True(t, p.sess.g.State.Over)
	require.Greater(t, len(p.m.Messages(1000)), 10, "the dead game said things")
	_, err := p.handle(view.Intent{Quit: true})
	require.NoError(t, err)
	require.Equal(t, view.ModeMainMenu, p.m.Mode())
	_, err = p.handle(view.Intent{Menu: view.MenuNewGame})
	require.NoError(t, err)
	defer p.finish()

	fresh := testPlayer(newTestSession(t, t.TempDir(), 5))
	defer fresh.finish()
	assert.Equal(t, fresh.m.Messages(1000), p.m.Messages(1000))
	p.m.HandleKey(view.Named(view.KeyCtrlP))
	fresh.m.HandleKey(view.Named(view.KeyCtrlP))
	assert.Equal(t, screenText(fresh.m), screenText(p.m), "the history holds the new game's lines only")
}

// screenText is m drawn at 80x24.
func screenText(m *view.Model) string {
	c := view.NewTextCanvas(80, 24)
	view.Draw(c, m)
	return c.String()
}
