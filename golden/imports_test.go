package golden

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// architecturePage is where the table of what may import what lives;
// the test reads it, so the page and the check cannot part.
const architecturePage = "../docs/ARCHITECTURE.md"

// thirdParty names the modules the page calls by a short name.
var thirdParty = map[string]string{
	"msgpack": "github.com/vmihailenco/msgpack/v5",
	"tcell":   "github.com/gdamore/tcell/v2",
	"x/term":  "golang.org/x/term",
	// The server's: its databases, its websocket, its password hash.
	"sqlite":    "modernc.org/sqlite",
	"pgx":       "github.com/jackc/pgx/v5/",
	"websocket": "github.com/coder/websocket",
	"argon2":    "golang.org/x/crypto/argon2",
}

// mayImport reads the page's table of what each package may import
// besides the standard library: the module's own packages (a trailing
// "/" allows every package under it, the page's "reducer/...") and the
// few others by their short names. A package whose row says "anything
// above" maps to nil: it may import any package.
func mayImport(t *testing.T) map[string][]string {
	page, err := os.ReadFile(architecturePage)
	require.NoError(t, err)
	_, table, found := strings.Cut(string(page), "| package | may import |\n|---|---|\n")
	require.True(t, found, "%s has no table headed | package | may import |", architecturePage)
	table, _, _ = strings.Cut(table, "\n\n")
	code := regexp.MustCompile("`([^`]+)`")
	out := map[string][]string{}
	for line := range strings.Lines(table) {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		require.Len(t, cells, 2, "%s: a row of the import table is not | package | may import |: %q", architecturePage, line)
		var allowed []string
		if !strings.Contains(cells[1], "anything above") {
			allowed = []string{}
			for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
				allowed = append(allowed, "rogue/"+strings.TrimSuffix(m[1], "..."))
			}
			for short, module := range thirdParty {
				if strings.Contains(cells[1], short) {
					allowed = append(allowed, module)
				}
			}
		}
		for _, m := range code.FindAllStringSubmatch(cells[0], -1) {
			out["rogue/"+m[1]] = allowed
		}
	}
	return out
}

// The page's table is read as the test reads it: rows for the layers,
// the third-party modules by their short names, "anything above".
func TestTheImportTableIsReadFromTheArchitecturePage(t *testing.T) {
	t.Parallel()
	table := mayImport(t)
	assert.Equal(t, []string{"rogue/events", "rogue/reducer/dice"}, table["rogue/reducer/dungeon"])
	assert.Equal(t, []string{}, table["rogue/events"])
	assert.Equal(t, []string{"rogue/events", "github.com/vmihailenco/msgpack/v5"}, table["rogue/events/wire"])
	assert.Equal(t, []string{}, table["rogue/internal/cli"])
	assert.Equal(t, []string{"rogue/events", "rogue/reducer", "rogue/reducer/", "rogue/auto", "github.com/gdamore/tcell/v2"}, table["rogue/view"])
	assert.Contains(t, table, "rogue/cmd/rogue")
	assert.Nil(t, table["rogue/cmd/rogue"])
}

// Only the binary, the journal, play (the data folder, its journals, the
// login name, Ctrl-Z), botgames (the directory of its journals, the
// temporary file a journal for the standard output goes through) and serve
// (a port, and the files of one folder), internal/terminal (the
// terminal, a hang-up) and internal/settings (its file) touch the operating system: the other packages get files and the terminal handed
// to them. The one exception is internal/benchcpu, a benchmark helper that
// reads the process's CPU time.
var osPackages = []string{"os", "os/exec", "os/signal", "os/user", "net", "syscall", "golang.org/x/term", "golang.org/x/sys/unix"}

var mayUseOS = map[string]bool{"rogue/journal": true, "rogue/play": true, "rogue/botgames": true, "rogue/golden": true, "rogue/serve": true, "rogue/host": true, "rogue/online": true, "rogue/cmd/rogue": true, "rogue/internal/terminal": true, "rogue/internal/benchcpu": true, "rogue/internal/netguard": true, "rogue/internal/settings": true, "rogue/events/internal/gen": true}

// The packages import only what docs/ARCHITECTURE.md says they may.
func TestEachPackageImportsOnlyWhatTheArchitectureAllows(t *testing.T) {
	t.Parallel()
	imports := map[string]map[string]bool{} // package -> its imports (non-test files)
	fset := token.NewFileSet()
	root := ".."
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		require.NoError(t, err)
		pkg := path.Join("rogue", filepath.ToSlash(rel))
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		require.NoError(t, err)
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			v, _ := strconv.Unquote(imp.Path.Value)
			imports[pkg][v] = true
		}
		return nil
	})
	require.NoError(t, err)
	require.Contains(t, imports, "rogue/reducer", "the walk found the packages")

	table := mayImport(t)
	var wrong []string
	for pkg, imps := range imports {
		allowed, listed := table[pkg]
		if !listed {
			wrong = append(wrong, pkg+" is in no row of the import table in docs/ARCHITECTURE.md")
		}
		for imp := range imps {
			local := strings.HasPrefix(imp, "rogue/")
			outside := strings.Contains(strings.SplitN(imp, "/", 2)[0], ".")
			if allowed != nil && (local || outside) && !allowedBy(allowed, imp) {
				wrong = append(wrong, pkg+" imports "+imp)
			}
			if slices.Contains(osPackages, imp) && !mayUseOS[pkg] {
				wrong = append(wrong, pkg+" imports "+imp+", and only the packages the architecture page names (mayUseOS) touch the operating system")
			}
		}
	}
	for pkg := range table {
		assert.Contains(t, imports, pkg, "a package the import table in docs/ARCHITECTURE.md lists is gone")
	}
	slices.Sort(wrong)
	assert.Empty(t, wrong)
}

func allowedBy(allowed []string, imp string) bool {
	for _, a := range allowed {
		// "m/" allows module m's root package and every one under it.
		if imp == a || strings.HasSuffix(a, "/") && (strings.HasPrefix(imp, a) || imp+"/" == a) {
			return true
		}
	}
	return false
}
