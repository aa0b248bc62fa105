package golden

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rogue/events"
)

var nextRules = flag.Bool("next-rules", false, "scaffold the next rules version in this repository (CONTRIBUTING.md, \"Changing the rules\")")

// TestScaffoldTheNextRulesVersion, with -next-rules, starts rules N+1 in
// this repository as CONTRIBUTING.md's "Changing the rules" says: the
// newest tables copied to rulesN+1/, events.RulesVersion raised with a
// line of history, an entry in CHANGELOG.md and a section in
// docs/RULES.md to be written, and the goldens that name the newest rules
// recorded again (the bot's games, the help). Without the flag it does
// nothing.
func TestScaffoldTheNextRulesVersion(t *testing.T) {
	if !*nextRules {
		t.Skip("scaffolds the next rules version only with -next-rules")
	}
	root := filepath.Join("..")
	require.NoError(t, scaffoldNextRules(root, events.RulesVersion, time.Now().UTC().Format(time.DateOnly)))
	for _, args := range [][]string{
		{"generate", "./reducer/content"},
		{"test", "-count=1", "./game", "-run", "Architecture", "-update"},
		{"test", "-count=1", "./cmd/rogue", "-run", "Help", "-update"},
	} {
		goCommand(t, root, args...)
	}
}

// goCommand runs the go command in dir, failing the test with its output.
// ROGUE_RECIPES is left out of its environment: the copy's tests do not
// run the recipes again.
func goCommand(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	for _, v := range os.Environ() {
		if !strings.HasPrefix(v, "ROGUE_RECIPES=") {
			cmd.Env = append(cmd.Env, v)
		}
	}
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
}

// scaffoldNextRules is the scaffold's edits of the repository at root,
// whose newest rules are n, dated date.
func scaffoldNextRules(root string, n int, date string) error {
	next := n + 1
	edit := func(path string, change func(string) (string, error)) error {
		p := filepath.Join(root, filepath.FromSlash(path))
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s, err := change(string(b))
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return os.WriteFile(p, []byte(s), 0o644)
	}
	// The tables, copied.
	from := filepath.Join(root, "reducer", "content", "data", fmt.Sprintf("rules%d", n))
	to := filepath.Join(root, "reducer", "content", "data", fmt.Sprintf("rules%d", next))
	files, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	if err := os.Mkdir(to, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(from, f.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to, f.Name()), b, 0o644); err != nil {
			return err
		}
	}
	// The version, raised, with its line of history.
	if err := edit("events/version.go", func(s string) (string, error) {
		old := fmt.Sprintf("const RulesVersion = %d\n", n)
		if !strings.Contains(s, old) {
			return "", fmt.Errorf("no %q", strings.TrimSpace(old))
		}
		return strings.Replace(s, old, fmt.Sprintf("//   - %d: (say what rules %d changes).\nconst RulesVersion = %d\n", next, next, next), 1), nil
	}); err != nil {
		return err
	}
	// Its entry in the changelog, newest first, and its link.
	if err := edit("CHANGELOG.md", func(s string) (string, error) {
		heading := regexp.MustCompile(`(?m)^## \[(Rules|Journal format) \d+\] - `).FindStringIndex(s)
		link := fmt.Sprintf("[Rules %d]: ", n)
		at := strings.Index(s, link)
		if heading == nil || at < 0 {
			return "", fmt.Errorf("no dated entry, or no link %q", link)
		}
		s = s[:at] + fmt.Sprintf("[Rules %d]: docs/RULES.md#rules-%d\n", next, next) + s[at:]
		return s[:heading[0]] + fmt.Sprintf("## [Rules %d] - %s\n\n(Say what rules %d changes, as a player notices it.)\n\n", next, date, next) + s[heading[0]:], nil
	}); err != nil {
		return err
	}
	// Its section in the rules.
	return edit("docs/RULES.md", func(s string) (string, error) {
		return strings.TrimRight(s, "\n") + fmt.Sprintf("\n\n## Rules %d\n\n(Say what changes from rules %d.)\n", next, n), nil
	})
}

// TestTheRecipesForANewRulesVersionAndAMonsterWork runs CONTRIBUTING.md's
// recipes in a copy of the repository: the scaffold of rules N+1 (one
// command), then a monster added to it that reuses a behaviour (an entry
// in its monsters.json and one in its spawns.json, and the goldens that
// change recorded again), and checks that the copy builds, vets, and
// passes the tests the recipes name. It builds and tests a whole copy, a
// few minutes on 2 cores, so it runs only with ROGUE_RECIPES=1 (CI sets
// it).
func TestTheRecipesForANewRulesVersionAndAMonsterWork(t *testing.T) {
	if os.Getenv("ROGUE_RECIPES") != "1" {
		t.Skip("runs CONTRIBUTING.md's recipes in a copy of the repository only with ROGUE_RECIPES=1")
	}
	dir := t.TempDir()
	require.NoError(t, copyTree(filepath.Join(".."), dir))
	goCommand(t, dir, "test", "-count=1", "./golden", "-run", "^TestScaffoldTheNextRulesVersion$", "-next-rules")

	next := events.RulesVersion + 1
	data := filepath.Join(dir, "reducer", "content", "data", fmt.Sprintf("rules%d", next))
	_, err := os.Stat(data)
	require.NoError(t, err, "the scaffold copied the tables")
	// A monster that reuses the Rat's pack behaviour, under a new code.
	addLine := func(file, after, line string) {
		p := filepath.Join(data, file)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		s := string(b)
		i := strings.Index(s, after)
		require.GreaterOrEqual(t, i, 0, "%s has %q", file, after)
		i += len(after)
		require.NoError(t, os.WriteFile(p, []byte(s[:i]+line+s[i:]), 0o644))
	}
	code := 2
	for _, m := range regexp.MustCompile(`"code": (\d+)`).FindAllStringSubmatch(readFile(t, filepath.Join(data, "monsters.json")), -1) {
		if c, _ := strconv.Atoi(m[1]); c < 100 && c >= code {
			code = c + 1
		}
	}
	addLine("monsters.json", "[\n", fmt.Sprintf(`  {"code": %d, "name": "Sewer Rat", "glyph": "r", "color": "gray", "damage": "1d2",
   "look": "A wet rat from the drains. Where there is one, look for another.",
   "attributes": {"Fitness": 5, "Quickness": 12},
   "skills": {"Melee": 0, "Defense": 0},
   "behaves": {"pack": 1}},
`, code))
	addLine("spawns.json", "[\n", `  {"name": "Sewer Rat", "weight": 4, "toDepth": 4},
`)
	goCommand(t, dir, "generate", "./reducer/content")
	goCommand(t, dir, "test", "-count=1", "./game", "-run", "Architecture", "-update")

	goCommand(t, dir, "vet", "./...")
	goCommand(t, dir, "test", "-count=1", "./reducer/content", "./golden", "./game", "./internal/buildinfo",
		"-run", "^Test(EveryRulesVersion|GoldenJournals|TheLogOf|TheChangelog|TheBotsJournals|EveryJournalVerifies)")
	goCommand(t, dir, "test", "-count=1", "./cmd/rogue", "-run", "Help|Version|VerifyRules")
}

// readFile is the text of the file at path.
func readFile(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// copyTree copies the files of the repository at from into to, but its
// git directory.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
}
