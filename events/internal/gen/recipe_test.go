package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// aNewFact is what CONTRIBUTING.md's first step of "Adding a fact type"
// writes in package events: a struct of one field of every kind, and
// its code.
const aNewFact = `package events

// Pondered is a fact the recipe's test adds.
type Pondered struct {
	Actor EntityID
	Amount int
	At Pos
	Until int ` + "`wire:\"turn\"`" + `
	Cause Cause
	Mood Mood
	Sure bool
}

// CodePondered is its wire code.
const CodePondered FactCode = 32
`

// The recipe's codec steps, run on a copy of the codec: declaring a
// fact in events and running the generator is all its codec needs. The
// copy's own tests then find it in the samples, encode and decode it in
// every format, on the fast paths and the slow one alike (the fuzz
// targets' seeds), compare it, pool it and mirror it.
func TestAddingAFactTakesItsDeclarationAndGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a copy of the codec: skipped with -short")
	}
	t.Parallel()
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	copyDir := t.TempDir()
	for _, p := range []string{"go.mod", "go.sum", "events", "internal/msgpackref", "internal/benchcpu"} {
		copyTree(t, filepath.Join(root, p), filepath.Join(copyDir, p))
	}
	// The one test of the codec that plays bot games needs the rest of
	// the module: the codec's other tests cover what the recipe asks.
	require.NoError(t, os.Remove(filepath.Join(copyDir, "events/wire/fastpath_test.go")))
	require.NoError(t, os.WriteFile(filepath.Join(copyDir, "events/pondered.go"), []byte(aNewFact), 0o644))

	// Step 2: go generate ./events/... (the generator, on the copy).
	require.NoError(t, run(copyDir))
	table, err := os.ReadFile(filepath.Join(copyDir, "events/table_gen.go"))
	require.NoError(t, err)
	require.Contains(t, string(table), `registerFact(CodePondered, "Pondered"`)

	cmd := exec.Command("go", "test", "-count=1", "./events", "./events/wire", "./internal/msgpackref")
	cmd.Dir = copyDir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "the copy's tests with a new fact:\n%s", out)
	require.Contains(t, string(out), "ok  \trogue/events/wire")
}

// copyTree copies the files under from to to.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && p != from {
				return filepath.SkipDir
			}
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	require.NoError(t, err)
}
