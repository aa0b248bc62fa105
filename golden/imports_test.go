package golden

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mayImport is a copy of docs/ARCHITECTURE.md's table of what each package
// may import besides the standard library (change both together): the
// module's own packages (a trailing "/" allows every package under it) and
// the few others. A package not listed may import anything (cmd/rogue,
// golden).
var mayImport = map[string][]string{
	"rogue/events":              {"github.com/vmihailenco/msgpack/v5"},
	"rogue/reducer":             {"rogue/events", "rogue/reducer/"},
	"rogue/reducer/content":     {"rogue/events"},
	"rogue/reducer/dice":        {},
	"rogue/reducer/dungeon":     {"rogue/events", "rogue/reducer/dice"},
	"rogue/reducer/fov":         {"rogue/events"},
	"rogue/reducer/path":        {"rogue/events"},
	"rogue/journal":             {"rogue/events", "rogue/reducer", "rogue/reducer/content", "github.com/vmihailenco/msgpack/v5"},
	"rogue/bot":                 {"rogue/events", "rogue/reducer", "rogue/reducer/"},
	"rogue/bot/balance":         {"rogue/events", "rogue/reducer"},
	"rogue/game":                {"rogue/events", "rogue/reducer", "rogue/reducer/", "rogue/journal", "rogue/bot"},
	"rogue/auto":                {"rogue/events", "rogue/reducer", "rogue/reducer/"},
	"rogue/view":                {"rogue/events", "rogue/reducer", "rogue/reducer/", "rogue/auto", "github.com/gdamore/tcell/v2"},
	"rogue/replay":              {"rogue/events", "rogue/reducer", "rogue/reducer/", "rogue/journal", "rogue/game", "rogue/view", "github.com/gdamore/tcell/v2"},
	"rogue/play":                {"rogue/events", "rogue/reducer", "rogue/reducer/", "rogue/journal", "rogue/game", "rogue/view", "rogue/replay", "rogue/internal/cli", "github.com/gdamore/tcell/v2"},
	"rogue/botgames":            {"rogue/events", "rogue/reducer", "rogue/reducer/", "rogue/journal", "rogue/game", "rogue/bot/balance", "rogue/internal/cli"},
	"rogue/internal/cli":        {},
	"rogue/internal/buildinfo":  {"rogue/events", "rogue/reducer/dice"},
	"rogue/internal/benchcpu":   {},
	"rogue/internal/msgpackref": {"github.com/vmihailenco/msgpack/v5"},
	"rogue/internal/hostile":    {"rogue/events", "rogue/reducer/content", "rogue/reducer/dice", "rogue/journal"},
}

// Only the binary, the journal, play (the data folder, its journals, the
// login name, Ctrl-Z) and botgames (the directory of its journals, the
// temporary file a journal for the standard output goes through) touch the
// operating system: the other packages get files and the terminal handed
// to them. The one exception is internal/benchcpu, a benchmark helper that
// reads the process's CPU time.
var osPackages = []string{"os", "os/exec", "os/signal", "os/user", "net", "syscall", "golang.org/x/term", "golang.org/x/sys/unix"}

var mayUseOS = map[string]bool{"rogue/journal": true, "rogue/play": true, "rogue/botgames": true, "rogue/cmd/rogue": true, "rogue/internal/benchcpu": true}

// The packages import only what docs/ARCHITECTURE.md says they may.
func TestEachPackageImportsOnlyWhatTheArchitectureAllows(t *testing.T) {
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

	var wrong []string
	for pkg, imps := range imports {
		allowed, listed := mayImport[pkg]
		for imp := range imps {
			local := strings.HasPrefix(imp, "rogue/")
			thirdParty := strings.Contains(strings.SplitN(imp, "/", 2)[0], ".")
			if listed && (local || thirdParty) && !allowedBy(allowed, imp) {
				wrong = append(wrong, pkg+" imports "+imp)
			}
			if slices.Contains(osPackages, imp) && !mayUseOS[pkg] {
				wrong = append(wrong, pkg+" imports "+imp+", and only the binary, the journal, play, botgames and internal/benchcpu touch the operating system")
			}
		}
	}
	for pkg := range mayImport {
		assert.Contains(t, imports, pkg, "a package the table lists is gone: update the table and docs/ARCHITECTURE.md")
	}
	slices.Sort(wrong)
	assert.Empty(t, wrong)
}

func allowedBy(allowed []string, imp string) bool {
	for _, a := range allowed {
		if imp == a || strings.HasSuffix(a, "/") && strings.HasPrefix(imp, a) {
			return true
		}
	}
	return false
}
