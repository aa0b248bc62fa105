package play

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A salvage's default name is the first free one beside the journal.
func TestASalvageIsNamedAfterItsJournalWithTheFirstFreeNumber(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		journal string
		taken   []string
		want    string
	}{
		{"a journal gives name.salvaged.rogue", "game.rogue", nil, "game.salvaged.rogue"},
		{"a taken name gives the next number", "game.rogue", []string{"game.salvaged.rogue"}, "game.salvaged-2.rogue"},
		{"numbers go on past every taken one", "game.rogue", []string{"game.salvaged.rogue", "game.salvaged-2.rogue"}, "game.salvaged-3.rogue"},
		{"another extension is kept in the name", "game.bak", nil, "game.bak.salvaged.rogue"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, n := range tc.taken {
				require.NoError(t, os.WriteFile(filepath.Join(dir, n), nil, 0o644))
			}
			assert.Equal(t, filepath.Join(dir, tc.want), salvageName(filepath.Join(dir, tc.journal)))
		})
	}
}
