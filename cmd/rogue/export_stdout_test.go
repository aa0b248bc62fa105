package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "-" is the standard output for every export: the same bytes as the
// file, and no file named "-".
func TestAnExportToDashGoesToTheStandardOutput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		flag string
		more []string
	}{
		{"an asciicast", "--asciicast", []string{"--to", "9"}},
		{"a screen as text", "--text", []string{"--turn", "9"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			toFile := runHere(append([]string{"export", c.flag, out, goldenJournal("fireball-self")}, c.more...)...)
			require.Equal(t, 0, toFile.Code, toFile.Stderr)
			want, err := os.ReadFile(out)
			require.NoError(t, err)
			require.NoError(t, os.Remove(out))

			got := runHere(append([]string{"export", c.flag, "-", goldenJournal("fireball-self")}, c.more...)...)
			assert.Equal(t, ran{Stdout: string(want)}, got)
			_, err = os.Stat("-")
			assert.ErrorIs(t, err, os.ErrNotExist, "no file named -")
		})
	}
}
