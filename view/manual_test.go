package view

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The manual (docs/PLAYING.md) and the help screens must not drift
// apart. The help screens' tables (helpKeys, replayKeys) are the source:
// every key they list must be in the manual's section for that screen,
// in backquotes; and every key that does something in play must be in
// the help.

// helpTable is a help screen's table and the manual's section that
// lists the same keys.
type helpTable struct {
	name    string // where the table is, for the failure
	rows    [][2]string
	section string // the manual's heading
}

// helpTables are the help screens' tables as they are now (a test may
// set another platform's keys for a while, SetPlatformKeys).
func helpTables() []helpTable {
	return []helpTable{
		{"the game's help (helpKeys, view/help.go)", helpKeys, "## Keys"},
		{"the replay's help (replayKeys, view/replay_draw.go)", replayKeys, "## Watching a replay"},
		{"the main menu's help (menuKeys, view/mainmenu.go)", pageRows(menuKeys), "## Starting a game"},
	}
}

// pageRows splits a help page's lines into their keys and what they do,
// at the first run of two blanks; a line without one is prose.
func pageRows(lines []string) [][2]string {
	var rows [][2]string
	for _, l := range lines {
		keys, what, ok := strings.Cut(l, "  ")
		if !ok {
			keys, what = "", l
		}
		rows = append(rows, [2]string{keys, strings.TrimSpace(what)})
	}
	return rows
}

// keyNamesOf reads the keys in one help row's first column: single
// characters, Ctrl-X, Shift+arrow, and the names of the named keys
// (keyNames, and space), separated by blanks, slashes, commas or "or";
// "..." after a key and brackets round it are left out, and "@" too
// (the player, in the middle of the compass of walking keys). A column
// of words that are no keys ("Any key", "When aiming") is prose, and
// gives no key; a column that mixes keys and words is an error.
func keyNamesOf(label string) (keys []string, words []string) {
	named := map[string]bool{"space": true, "Shift+arrow": true}
	for _, n := range keyNames {
		named[n] = true
	}
	var fields []string
	for _, f := range strings.Fields(label) {
		if utf8.RuneCountInString(f) > 1 && strings.Contains(f, "/") {
			fields = append(fields, strings.Split(f, "/")...) // Up/Down
			continue
		}
		fields = append(fields, f)
	}
	for _, f := range fields {
		f = strings.TrimSuffix(strings.Trim(f, "()"), "...")
		if utf8.RuneCountInString(f) > 1 {
			f = strings.TrimSuffix(f, ",")
		}
		switch {
		case f == "or" || f == "@" || f == "":
		case utf8.RuneCountInString(f) == 1, named[f], regexp.MustCompile(`^Ctrl-[A-Z]$`).MatchString(f):
			keys = append(keys, f)
		default:
			words = append(words, f)
		}
	}
	return keys, words
}

func TestEveryKeyOfTheHelpScreensIsInTheManual(t *testing.T) {
	t.Parallel()
	manual, err := os.ReadFile(filepath.Join("..", "docs", "PLAYING.md"))
	require.NoError(t, err)
	for _, table := range helpTables() {
		t.Run(table.section, func(t *testing.T) {
			named := quotedKeys(t, string(manual), table.section)
			n := 0
			for _, row := range table.rows {
				keys, words := keyNamesOf(row[0])
				require.False(t, len(keys) > 0 && len(words) > 0,
					"%s: the row %q mixes keys %q with words %q: write its keys as the help's other rows do", table.name, row[0], keys, words)
				for _, k := range keys {
					n++
					assert.True(t, named[k], "docs/PLAYING.md's section %q does not name the key %q in the first column of a table, which %s lists (%q: %q)",
						table.section, k, table.name, row[0], row[1])
				}
			}
			require.Greater(t, n, 10, "%s lists its keys", table.name)
		})
	}
}

// quotedKeys are the keys of the manual's section that opens with
// heading: the words in backquotes in the first column of its tables
// (`h j k l` names h, j, k and l), the column that says which keys.
func quotedKeys(t *testing.T, manual, heading string) map[string]bool {
	t.Helper()
	start := strings.Index(manual, "\n"+heading+"\n")
	require.GreaterOrEqual(t, start, 0, "docs/PLAYING.md has a section %q", heading)
	section := manual[start+len(heading)+2:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	named := map[string]bool{}
	for _, row := range regexp.MustCompile(`(?m)^\|([^|]*)\|`).FindAllStringSubmatch(section, -1) {
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(row[1], -1) {
			for _, w := range strings.Fields(m[1]) {
				named[w] = true
			}
		}
	}
	return named
}

// Every printable key that does something in play (not "Unknown key")
// is in the game's help: a key added to the play screen and not to the
// help fails here, and then the manual's test above.
func TestEveryCharacterKeyThatPlayTakesIsInTheHelp(t *testing.T) {
	t.Parallel()
	inHelp := map[string]bool{}
	help := ""
	for _, row := range helpKeys {
		keys, _ := keyNamesOf(row[0])
		for _, k := range keys {
			inHelp[k] = true
		}
		help += row[0] + " " + row[1] + "\n"
	}
	for r := '!'; r <= '~'; r++ {
		p := newPlayed(t, 5)
		p.m.HandleKey(Rune(r))
		if msgs := p.m.Messages(1); len(msgs) == 1 && strings.HasPrefix(msgs[0], "Unknown key") {
			continue
		}
		if _, walks := runeDirs[r]; walks && r >= '1' && r <= '9' {
			assert.Contains(t, help, "1-9", "the help says that the numpad's digits walk")
			continue
		}
		if _, runs := runDirection(Rune(r)); runs {
			assert.Contains(t, help, "H J K L...", "the help says that the capitals of the walking keys run")
			continue
		}
		assert.True(t, inHelp[string(r)], "the key %q does something in play, and the game's help (helpKeys, view/help.go) does not list it", string(r))
	}
}
