package serve

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// testPage stands for the browser page's files.
func testPage() fstest.MapFS {
	return fstest.MapFS{
		"index.html":   {Data: []byte("<!doctype html><title>rogue</title><script src=wasm_exec.js></script><script src=main.js></script>")},
		"wasm_exec.js": {Data: []byte(repeat("// the Go toolchain's wasm glue\n", 200))},
		"main.js":      {Data: []byte(repeat("console.log('rogue');\n", 100))},
		"rogue.wasm":   {Data: append([]byte("\x00asm\x01\x00\x00\x00"), []byte(repeat("wasm bytes ", 5000))...)},
		"icon.png":     {Data: []byte("\x89PNG\r\n\x1a\n not compressed again")},
	}
}

func repeat(s string, n int) string {
	b := make([]byte, 0, len(s)*n)
	for range n {
		b = append(b, s...)
	}
	return string(b)
}

// botJournal is the bytes of a bot game of seed, of at most turns turns.
func botJournal(t testing.TB, seed uint64, turns int) []byte {
	t.Helper()
	h := game.NewHeader(seed, "bot", journal.Options{})
	h.Created = time.Date(2026, 11, 28, 4, 0, 0, 0, time.UTC)
	m, err := journal.NewMemory(h)
	require.NoError(t, err)
	g, err := game.Start(h, content.Default(), m)
	require.NoError(t, err)
	require.NoError(t, g.PlayWith(bot.Strong{}, turns))
	return m.Bytes()
}

// deadJournal is a golden journal whose player is slain.
func deadJournal(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("../golden/testdata/r2-slain.rogue")
	require.NoError(t, err)
	return b
}

// write writes the file name of dir.
func write(t testing.TB, dir, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, b, 0o644))
	return p
}

// newServer serves dir with the test page.
func newServer(t testing.TB, dir string) *Server {
	t.Helper()
	s, err := New(Options{Dir: dir, Page: testPage()})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	<-s.Compressed
	return s
}

// get is the response of s to a GET of target with the headers given
// (name, value, ...).
func get(s http.Handler, target string, headers ...string) *httptest.ResponseRecorder {
	return do(s, http.MethodGet, target, headers...)
}

func do(s http.Handler, method, target string, headers ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	r.Host = "127.0.0.1:8080"
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" {
			r.Host = headers[i+1]
			continue
		}
		r.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// folderState is what a folder holds: every path under it with its mode,
// size, modification time and content's hash, to see that nothing wrote
// to it.
func folderState(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		sum := [32]byte{}
		if info.Mode().IsRegular() && info.Size() < 1<<20 {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum = sha256.Sum256(b)
		}
		out[p] = fmt.Sprintf("%v %v %d %x", info.Mode(), info.ModTime(), info.Size(), sum)
		return nil
	})
	require.NoError(t, err)
	return out
}

// printed is what Serve prints, read while it serves.
type printed struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (p *printed) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.buf.Write(b)
}

func (p *printed) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.buf.String()
}
