package settings

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/view"
)

// home points the settings at a new folder, with no $ROGUE_PALETTE, and
// returns the settings file's path. (t.Setenv: these tests are not
// parallel.)
func home(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv(PaletteEnv, "")
	return filepath.Join(dir, "rogue", "settings")
}

func TestTheSavedPaletteIsReadBackFromAFileOnlyTheUserReads(t *testing.T) {
	path := home(t)
	p, note, err := Palette("")
	require.NoError(t, err)
	assert.Equal(t, view.PaletteDefault, p, "no file: the default")
	assert.Empty(t, note)

	require.NoError(t, SavePalette(view.PaletteColourBlind))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	got, err := Load()
	require.NoError(t, err)
	assert.Equal(t, Settings{Palette: "colour-blind"}, got)
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "palette = colour-blind\n", string(text))
	p, note, err = Palette("")
	require.NoError(t, err)
	assert.Equal(t, view.PaletteColourBlind, p)
	assert.Empty(t, note)
	left, err := filepath.Glob(filepath.Join(filepath.Dir(path), ".settings-*"))
	require.NoError(t, err)
	assert.Empty(t, left, "no temporary file is left behind")
}

func TestTheFlagThenTheVariableOverrideTheSavedPalette(t *testing.T) {
	home(t)
	require.NoError(t, SavePalette(view.PaletteColourBlind))
	t.Setenv(PaletteEnv, "default")
	p, _, err := Palette("")
	require.NoError(t, err)
	assert.Equal(t, view.PaletteDefault, p, "$ROGUE_PALETTE over the file")
	t.Setenv(PaletteEnv, "colour-blind")
	p, _, err = Palette("default")
	require.NoError(t, err)
	assert.Equal(t, view.PaletteDefault, p, "--palette over both")
	_, _, err = Palette("sepia")
	assert.EqualError(t, err, `--palette: unknown palette "sepia": default or colour-blind`)
}

func TestASettingsFileThatDoesNotReadIsANoteNotAnError(t *testing.T) {
	path := home(t)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
	for _, tc := range []struct{ name, body, note string }{
		{"not name = value", "# mine\npalette", "The saved colours are left out: " + path + " does not read: line 2 is not name = value"},
		{"an unknown palette", "palette = sepia\n", `The saved colours are left out: unknown palette "sepia": default or colour-blind`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, os.WriteFile(path, []byte(tc.body), 0o600))
			p, note, err := Palette("")
			require.NoError(t, err)
			assert.Equal(t, view.PaletteDefault, p)
			assert.Equal(t, tc.note, note)
		})
	}
	require.NoError(t, os.WriteFile(path, make([]byte, maxSize+1), 0o600))
	_, err := Load()
	assert.EqualError(t, err, path+" is over 65536 bytes: not rogue's settings")
}

func TestSavingKeepsTheLinesThisRogueDoesNotKnow(t *testing.T) {
	path := home(t)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
	require.NoError(t, os.WriteFile(path, []byte("# a newer rogue's\nsound = off\npalette = default\n"), 0o600))
	require.NoError(t, SavePalette(view.PaletteColourBlind))
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "palette = colour-blind\n# a newer rogue's\nsound = off\n", string(text))
}
