package golden

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// citedFile is a file of the repository as the pages cite it: a path
// with at least one folder, ending in .go.
var citedFile = regexp.MustCompile(`\b((?:[a-z0-9_]+/)+[a-z0-9_]+\.go)\b`)

// Every file the architecture page names is in the repository, so that
// the page cannot point at a file a rename or a split left behind.
func TestEveryFileTheArchitecturePageNamesExists(t *testing.T) {
	t.Parallel()
	page, err := os.ReadFile(architecturePage)
	require.NoError(t, err)
	var missing []string
	for _, m := range citedFile.FindAllStringSubmatch(string(page), -1) {
		if _, err := os.Stat(filepath.Join("..", m[1])); err != nil && !slices.Contains(missing, m[1]) {
			missing = append(missing, m[1])
		}
	}
	assert.Empty(t, missing, "%s names files that do not exist", architecturePage)
}

// The page walks one turn from the key to the screen through a handful
// of files: the diagram names each, and a turn that needs more files
// than that to follow is a turn that has grown hops.
func TestOneTurnOnTheArchitecturePageWalksThroughAtMostSixFiles(t *testing.T) {
	t.Parallel()
	page, err := os.ReadFile(architecturePage)
	require.NoError(t, err)
	_, section, found := strings.Cut(string(page), "## One turn, from the key to the screen\n")
	require.True(t, found, "%s has no section on one turn", architecturePage)
	_, diagram, found := strings.Cut(section, "```\n")
	require.True(t, found, "the section on one turn has no diagram")
	diagram, _, found = strings.Cut(diagram, "```\n")
	require.True(t, found, "the diagram of one turn does not end")
	var files []string
	for _, m := range citedFile.FindAllStringSubmatch(diagram, -1) {
		if !slices.Contains(files, m[1]) {
			files = append(files, m[1])
		}
	}
	require.NotEmpty(t, files, "the diagram of one turn names no file")
	assert.LessOrEqual(t, len(files), 6, "the diagram of one turn names %d files: %v", len(files), files)
}
