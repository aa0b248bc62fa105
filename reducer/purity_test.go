package reducer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Promise 1: the reducer and its subfolders import nothing that reads the
// clock, files or network, draws global randomness, spawns goroutines or
// bypasses the type system; and they start no goroutines themselves.
func TestTheReducerIsPure(t *testing.T) {
	t.Parallel()
	impure := []string{
		"os", "os/exec", "os/signal", "time", "math/rand", "math/rand/v2",
		"crypto/rand", "net", "net/http", "sync", "sync/atomic", "unsafe",
		"syscall", "io/ioutil", "runtime", "plugin", "log",
		"github.com/gdamore/tcell/v2",
	}
	allowedLocal := func(path string) bool {
		return path == "rogue/events" || strings.HasPrefix(path, "rogue/reducer/")
	}
	fset := token.NewFileSet()
	var found []string
	var files int
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		files++
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case slices.Contains(impure, p):
				found = append(found, path+" imports "+p)
			case strings.HasPrefix(p, "rogue/") && !allowedLocal(p):
				found = append(found, path+" imports "+p+", outside the reducer")
			}
		}
		full, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(full, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				found = append(found, fset.Position(g.Pos()).String()+" starts a goroutine")
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, files, 20, "the walk found the reducer's files")
	assert.Empty(t, found)
}
