package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/web"
)

// pageBuild builds rogue into a folder of the test's own with the page's
// files as given (an -overlay of web/dist: nil leaves a file out, as a
// build before go generate ./web does) and returns the binary.
func pageBuild(t *testing.T, files map[string][]byte) string {
	t.Helper()
	if testing.Short() {
		t.Skip("the end-to-end test builds the binary")
	}
	dir := t.TempDir()
	replace := map[string]string{}
	for name, b := range files {
		abs, err := filepath.Abs(filepath.Join("..", "..", "web", "dist", name))
		require.NoError(t, err)
		replace[abs] = ""
		if b != nil {
			replace[abs] = filepath.Join(dir, name)
			require.NoError(t, os.WriteFile(replace[abs], b, 0o644))
		}
	}
	overlay, err := json.Marshal(map[string]any{"Replace": replace})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "overlay.json"), overlay, 0o644))
	bin := filepath.Join(dir, "rogue")
	out, err := exec.Command("go", "build", "-overlay", filepath.Join(dir, "overlay.json"), "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// builtPage is the page's wasm and its glue as go generate ./web left
// them, or stand-ins when it was not run (the browser tests of package
// web run the real ones), and whether both are web/dist's (none is a
// stand-in).
func builtPage(t *testing.T) (map[string][]byte, bool) {
	t.Helper()
	files := map[string][]byte{}
	built := true
	for _, name := range []string{web.WasmName, "wasm_exec.js"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "web", "dist", name))
		if errors.Is(err, os.ErrNotExist) {
			t.Logf("web/dist/%s is not built: a stand-in is served", name)
			b = []byte("\x00asm\x01\x00\x00\x00" + strings.Repeat("a stand-in for "+name+"; ", 2000))
			built = false
		} else {
			require.NoError(t, err)
		}
		files[name] = b
	}
	return files, built
}

// pageBinary is a rogue serving page (builtPage's files) and the
// binary: the one rogueBinary built once for the test process when both
// files are web/dist's (an overlay of the same bytes would build the
// same binary), else one built with the stand-ins.
func pageBinary(t *testing.T) (map[string][]byte, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("the end-to-end test builds the binary")
	}
	page, built := builtPage(t)
	if !built {
		return page, pageBuild(t, page)
	}
	return page, rogueBinary(t)
}

// served is a rogue serve running, and the address it printed.
type served struct {
	cmd  *exec.Cmd
	base string   // http://127.0.0.1:PORT
	out  []string // what it printed
}

// startServe starts bin serve with args and reads the address it prints.
func startServe(t *testing.T, bin string, args ...string) *served {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	s := &served{cmd: cmd}
	lines := bufio.NewScanner(stdout)
	open := regexp.MustCompile(`open (http://\S+?)(/follow)?/? `)
	for lines.Scan() {
		s.out = append(s.out, lines.Text())
		if m := open.FindStringSubmatch(lines.Text()); m != nil {
			s.base = m[1]
			break
		}
	}
	require.NotEmpty(t, s.base, "rogue serve printed no address: %q", s.out)
	go io.Copy(io.Discard, stdout)
	t.Logf("rogue serve %s: %s", strings.Join(args, " "), s.base)
	return s
}

// fetch GETs path with the headers given (name, value, ...).
func (s *served) fetch(t *testing.T, path string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.base+path, nil)
	require.NoError(t, err)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, body
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	out, err := io.ReadAll(zr)
	require.NoError(t, err)
	return out
}

// The real binary serves the page, the wasm and the folder's journals on
// 127.0.0.1 (a free port, printed): the wasm compressed, the list, a
// journal growing as a game writes it, a 404 once it is deleted; it
// writes nothing in the folder, and stops on an interrupt.
func TestServingThePageAndTheJournalsFromTheRealBinary(t *testing.T) {
	t.Parallel()
	page, bin := pageBinary(t)
	dir := t.TempDir()
	b, ends := gameRecords(t, 3, 60)
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
	write("done.rogue", b)
	live := write("live.rogue", b[:ends[30]])
	before := snapshotFolder(t, dir)
	s := startServe(t, bin, "--addr", "127.0.0.1:0", dir)
	assert.Equal(t, "rogue serve: the journals of "+dir+", read-only", s.out[0])

	// The page may be asked for before the wasm is compressed: it is
	// then sent as it is; once compressed, gzip.
	var resp *http.Response
	var body []byte
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		resp, body = s.fetch(t, "/rogue.wasm", "Accept-Encoding", "gzip")
		if resp.Header.Get("Content-Encoding") == "gzip" || time.Now().After(deadline) {
			break
		}
	}
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, []string{"application/wasm", "gzip", "no-cache"}, []string{resp.Header.Get("Content-Type"), resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control")})
	assert.Equal(t, page[web.WasmName], gunzip(t, body))
	t.Logf("the wasm: %d bytes, %d gzipped", len(page[web.WasmName]), len(body))
	resp, _ = s.fetch(t, "/rogue.wasm", "Accept-Encoding", "gzip", "If-None-Match", resp.Header.Get("ETag"))
	assert.Equal(t, 304, resp.StatusCode)

	resp, body = s.fetch(t, "/?replay=/journals/done.rogue", "Accept-Encoding", "gzip")
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"))
	assert.Contains(t, string(gunzip(t, body)), "wasm_exec.js")
	resp, _ = s.fetch(t, "/wasm_exec.js")
	assert.Equal(t, "text/javascript; charset=utf-8", resp.Header.Get("Content-Type"))

	resp, body = s.fetch(t, "/api/journals")
	require.Equal(t, 200, resp.StatusCode)
	var list struct {
		Journals []struct {
			Name, Replay, Status string
			Turns                int
		}
	}
	require.NoError(t, json.Unmarshal(body, &list))
	require.Len(t, list.Journals, 2)
	for _, j := range list.Journals {
		want := map[string]int{"done.rogue": len(ends), "live.rogue": 31}[j.Name]
		assert.Equal(t, []any{"/?replay=/journals/" + j.Name, "alive", want}, []any{j.Replay, j.Status, j.Turns}, j.Name)
	}

	resp, body = s.fetch(t, "/journals/done.rogue")
	assert.Equal(t, []any{200, b}, []any{resp.StatusCode, body})

	// Following live.rogue as a game writes it, as the page does.
	resp, _ = s.fetch(t, "/journals/live.rogue", "Range", fmt.Sprintf("bytes=%d-", ends[30]))
	assert.Equal(t, []any{416, fmt.Sprintf("bytes */%d", ends[30])}, []any{resp.StatusCode, resp.Header.Get("Content-Range")})
	appendFile(t, live, b[ends[30]:ends[40]])
	resp, body = s.fetch(t, "/journals/live.rogue", "Range", fmt.Sprintf("bytes=%d-", ends[30]))
	assert.Equal(t, []any{206, b[ends[30]:ends[40]]}, []any{resp.StatusCode, body})
	require.NoError(t, os.Remove(live))
	resp, body = s.fetch(t, "/journals/live.rogue", "Range", fmt.Sprintf("bytes=%d-", ends[40]))
	assert.Equal(t, []any{404, "no journal live.rogue in the folder\n"}, []any{resp.StatusCode, string(body)})

	resp, _ = s.fetch(t, "/journals/..%2f..%2fetc%2fpasswd")
	assert.Equal(t, 400, resp.StatusCode)

	require.NoError(t, s.cmd.Process.Signal(syscall.SIGINT))
	assert.NoError(t, s.cmd.Wait(), "an interrupt stops it, exit 0")
	delete(before, live)
	assert.Equal(t, before, snapshotFolder(t, dir), "nothing written in the folder")
}

// snapshotFolder is each file of dir with its size and content.
func snapshotFolder(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		info, err := e.Info()
		require.NoError(t, err)
		out[p] = fmt.Sprintf("%v %d %x", info.ModTime(), len(b), b)
	}
	return out
}

// --follow prints the address that follows the newest journal, and an
// address not on loopback is warned about.
func TestServeFollowAndANonLoopbackAddressAreSaidWhenItStarts(t *testing.T) {
	t.Parallel()
	_, bin := pageBinary(t)
	dir := t.TempDir()
	b, _ := gameRecords(t, 3, 10)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.rogue"), b, 0o644))
	s := startServe(t, bin, "--follow", "--addr", "0.0.0.0:0", dir)
	require.Len(t, s.out, 3)
	assert.Regexp(t, `^rogue serve: warning: 0\.0\.0\.0:\d+ is not a loopback address: anyone who can reach this machine can read these journals$`, s.out[1])
	assert.Regexp(t, `^rogue serve: open http://localhost:\d+/follow to watch the newest game as it is played \(Ctrl-C stops\)$`, s.out[2])
	resp, _ := s.fetch(t, "/follow")
	assert.Equal(t, []any{302, "/?follow=/journals/game.rogue"}, []any{resp.StatusCode, resp.Header.Get("Location")})
}

// A rogue built without the wasm says so in one line, and how to build
// it in.
func TestServeWithoutTheWasmSaysHowToBuildIt(t *testing.T) {
	t.Parallel()
	bin := pageBuild(t, map[string][]byte{web.WasmName: nil, "wasm_exec.js": nil})
	out, err := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", t.TempDir()).CombinedOutput()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, []any{1, "rogue serve: this rogue was built without the browser game: run go generate ./web, then go build again\n"}, []any{exit.ExitCode(), string(out)})
}

// On a machine where no game was played yet, rogue serve serves an
// empty list (and /follow a page waiting for the first game) and creates
// nothing; the first game's journal is listed once it is written.
func TestServeOnAFreshMachineServesAnEmptyList(t *testing.T) {
	_, bin := pageBinary(t)
	home := t.TempDir()
	t.Setenv("XDG_DATA_HOME", home)
	dir := filepath.Join(home, "rogue")
	s := startServe(t, bin, "--addr", "127.0.0.1:0")
	assert.Equal(t, []string{
		"rogue serve: the journals of " + dir + ", read-only",
		"rogue serve: " + dir + " does not exist yet: no game was played here, so the list is empty until one is",
	}, s.out[:2])
	resp, body := s.fetch(t, "/api/journals")
	assert.Equal(t, []any{200, `{"journals":[]}`}, []any{resp.StatusCode, string(body)})
	resp, body = s.fetch(t, "/follow")
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(body), "No game in "+dir+" yet.")
	entries, err := os.ReadDir(home)
	require.NoError(t, err)
	assert.Empty(t, entries, "serving created nothing")

	b, _ := gameRecords(t, 3, 10)
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "first.rogue"), b, 0o644))
	resp, body = s.fetch(t, "/api/journals")
	require.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(body), `"name":"first.rogue"`)
	resp, _ = s.fetch(t, "/follow")
	assert.Equal(t, []any{302, "/?follow=/journals/first.rogue"}, []any{resp.StatusCode, resp.Header.Get("Location")})
}
