package view

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// checkGolden compares got with testdata/<name>.golden (or writes it with
// -update). A difference is reported at its first line.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	wantBytes, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; go test ./view -update writes it")
	want := string(wantBytes)
	if want == got {
		return
	}
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		w, g := lineAt(wl, i), lineAt(gl, i)
		if w != g {
			t.Errorf("%s differs from the golden at line %d:\nwant %q\ngot  %q\n(go test ./view -update rewrites the goldens; review them)", path, i+1, w, g)
			return
		}
	}
}

func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "<end of screen>"
}

// render draws m at w x h as text.
func render(m *Model, w, h int) string {
	c := NewTextCanvas(w, h)
	Draw(c, m)
	return c.String()
}
