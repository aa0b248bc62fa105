package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeScreen finds the README's screen: the command that draws it
// (rogue export --text - of a golden journal at a turn) and the text
// block after it.
var readmeScreen = regexp.MustCompile("`rogue export --text - --turn ([0-9]+) (golden/testdata/[A-Za-z0-9_.-]+\\.rogue)`[^`]*```text\n((?s:.*?))```")

// The README shows a real screen, and this keeps it real: the block is
// what rogue export draws from a golden journal of the repository, so a
// change to the view or the journal shows up here.
func TestTheREADMEsScreenIsWhatExportDrawsFromItsJournal(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "..", "README.md")
	readme, err := os.ReadFile(path)
	require.NoError(t, err)
	m := readmeScreen.FindSubmatchIndex(readme)
	require.NotNil(t, m, "README.md names the command that draws its screen, `rogue export --text - --turn N golden/testdata/NAME.rogue`, then shows it in a ```text block")
	turn, journal := string(readme[m[2]:m[3]]), string(readme[m[4]:m[5]])
	command := "rogue export --text - --turn " + turn + " " + journal

	got := runHere("export", "--text", "-", "--turn", turn, filepath.Join("..", "..", filepath.FromSlash(journal)))
	require.Equal(t, 0, got.Code, "%s: %s", command, got.Stderr)
	require.True(t, strings.HasSuffix(got.Stdout, "\n"))
	if *update {
		fixed := string(readme[:m[6]]) + got.Stdout + string(readme[m[7]:])
		require.NoError(t, os.WriteFile(path, []byte(fixed), 0o644))
		readme = []byte(fixed)
		m = readmeScreen.FindSubmatchIndex(readme)
	}
	assert.Equal(t, got.Stdout, string(readme[m[6]:m[7]]),
		"README.md's screen is not what `%s` draws now: `go test ./cmd/rogue -run README -update` rewrites the block; read its diff before you commit it", command)
}
