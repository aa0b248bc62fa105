package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/internal/settings"
	"rogue/view"
)

// The menu's p keeps its choice for the next run, in the settings file;
// the next run draws in it (its Options name none), and --palette still
// overrides it. (t.Setenv: not parallel.)
func TestTheMenusPaletteIsKeptForTheNextRun(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv(PaletteEnv, "")
	p := &player{m: view.NewModel(view.MainMenu{}), keepPal: true}
	for _, r := range "ppp" { // round the palettes, and on to colour-blind
		quit, err := p.handle(p.m.HandleKey(view.Rune(r)))
		require.NoError(t, err)
		require.False(t, quit)
	}
	require.Equal(t, view.PaletteColourBlind, p.m.Palette)
	kept, err := settings.Load()
	require.NoError(t, err)
	assert.Equal(t, settings.Settings{Palette: "colour-blind"}, kept)

	next, note, err := Options{}.palette()
	require.NoError(t, err)
	assert.Empty(t, note)
	assert.Equal(t, view.PaletteColourBlind, next, "the next run draws in it")
	flag, _, err := Options{Palette: "default"}.palette()
	require.NoError(t, err)
	assert.Equal(t, view.PaletteDefault, flag, "--palette overrides it")

	// The page keeps its own: a player that does not keep it writes nothing.
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	page := &player{m: view.NewModel(view.MainMenu{})}
	_, err = page.handle(page.m.HandleKey(view.Rune('p')))
	require.NoError(t, err)
	kept, err = settings.Load()
	require.NoError(t, err)
	assert.Equal(t, settings.Settings{}, kept)
}
