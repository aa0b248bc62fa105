//go:build !js

package web

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"rogue/internal/waiting"
)

// The browser tests run the real page, with a wasm built once for the
// test binary, in one headless Chromium for the whole package; each test
// gets a server of its own, so an origin, and so an IndexedDB, of its
// own.
var browser struct {
	skip   string // why the browser tests skip, or ""
	dir    string // the temporary folder of all that follows
	dist   string // the folder holding rogue.wasm and wasm_exec.js
	rogue  string // the rogue binary
	ctx    context.Context
	cancel func()
}

// shots is the folder the screenshots are kept in after the tests end:
// the temporary folder as it was before inMemory.
var shots = os.TempDir()

func TestMain(m *testing.M) {
	flag.Parse()
	memory := inMemory()
	code := waiting.Run(m) // a test mostly waits for the browser
	if browser.cancel != nil {
		browser.cancel()
	}
	for _, dir := range []string{browser.dir, memory} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

// inMemory points TMPDIR, and so every temporary folder of the tests,
// the browser's profile and the servers they start, at a new folder in
// memory (/dev/shm) where there is one, and returns it, or "". The page
// stores every turn in IndexedDB as a strict transaction, which the
// browser syncs to its disk, and rogue host and rogue serve sync theirs:
// the tests hold what is stored and when, not how long a disk takes (in
// memory, and six at a time, the package took 58 s rather than 86). The
// benchmarks (-test.bench), which time the store, keep the disk.
func inMemory() string {
	if flag.Lookup("test.bench").Value.String() != "" {
		return ""
	}
	dir, err := os.MkdirTemp("/dev/shm", "rogue-web-test-")
	if err != nil {
		return ""
	}
	if err := os.Setenv("TMPDIR", dir); err != nil {
		os.RemoveAll(dir)
		return ""
	}
	return dir
}

// started starts the browser the first time a test asks for it.
var started sync.Once

// chromium is the Chromium (or Chrome) found on PATH, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startBrowser builds the wasm and rogue into a temporary folder and
// starts Chromium, unless Chromium cannot be found (browser.skip says
// so) or -short.
func startBrowser() error {
	exe := chromium()
	switch {
	case testing.Short():
		browser.skip = "the browser tests skip under -short"
		return nil
	case exe == "":
		browser.skip = "the browser tests skip: no Chromium on PATH (apt-get install chromium fonts-dejavu-core)"
		return nil
	}
	dir, err := os.MkdirTemp("", "rogue-web-test-")
	if err != nil {
		return err
	}
	browser.dir = dir
	browser.dist = filepath.Join(dir, "dist")
	browser.rogue = filepath.Join(dir, "rogue")
	wasm, err := generateWasm(filepath.Join(browser.dist, WasmName))
	if err != nil {
		return err
	}
	bin := exec.Command("go", "build", "-o", browser.rogue, "../cmd/rogue")
	for _, c := range []*exec.Cmd{wasm, bin} {
		if out, err := c.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v\n%s", strings.Join(c.Args, " "), err, out)
		}
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return err
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(browser.dist, "wasm_exec.js"), js, 0o644); err != nil {
		return err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.WindowSize(1000, 640),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancelCtx()
		cancelAlloc()
		return fmt.Errorf("starting %s: %v", exe, err)
	}
	browser.ctx = ctx
	browser.cancel = func() { cancelCtx(); cancelAlloc() }
	return nil
}

// generateWasm is the command of go generate ./web that builds the wasm
// (doc.go's first go:generate line), writing it to out instead.
func generateWasm(out string) (*exec.Cmd, error) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		return nil, err
	}
	_, line, ok := strings.Cut(string(doc), "//go:generate env ")
	if !ok {
		return nil, fmt.Errorf("doc.go has no go:generate env line")
	}
	line, _, _ = strings.Cut(line, "\n")
	var env, args []string
	for _, f := range strings.Fields(strings.ReplaceAll(line, `"-ldflags=-s -w"`, "-ldflags=-s\x00-w")) {
		f = strings.ReplaceAll(f, "\x00", " ")
		switch {
		case f == "dist/"+WasmName:
			f = out
		case len(args) == 0 && strings.Contains(f, "="):
			env = append(env, f)
			continue
		}
		args = append(args, f)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), env...)
	return cmd, nil
}

// site is one test's server: the page's files from static/ and the
// wasm built for the tests, journals from a folder of the test's own
// under /journals/ (with Range requests, as rogue serve serves them).
type site struct {
	*httptest.Server
	journals string
	// upstream, when set, serves /journals/ and /api/ instead: the real
	// rogue serve on the same folder (see serveJournals).
	upstream *httputil.ReverseProxy
	// notIsolated serves the page without cross-origin isolation, as a
	// server other than rogue serve may: the page then stores its files
	// itself, without the worker.
	notIsolated bool
}

func newSite(t testing.TB) *site {
	t.Helper()
	started.Do(func() {
		if err := startBrowser(); err != nil {
			browser.skip = "FAILED"
			t.Fatal(err)
		}
	})
	if browser.skip == "FAILED" {
		t.Fatal("the browser could not be started (see the first test that failed)")
	}
	if browser.skip != "" {
		t.Skip(browser.skip)
	}
	s := &site{journals: t.TempDir()}
	mux := http.NewServeMux()
	files := http.StripPrefix("/journals/", http.FileServer(http.Dir(s.journals)))
	mux.HandleFunc("/journals/", func(w http.ResponseWriter, r *http.Request) {
		if s.upstream != nil {
			s.upstream.ServeHTTP(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if s.upstream != nil {
			s.upstream.ServeHTTP(w, r)
			return
		}
		http.NotFound(w, r)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if !s.notIsolated {
			isolate(w)
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		switch name {
		case "":
			name = "index.html"
		case WasmName, "wasm_exec.js":
			http.ServeFile(w, r, filepath.Join(browser.dist, name))
			return
		}
		http.ServeFile(w, r, filepath.Join("static", filepath.Base(name)))
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// isolate sends the headers that make the page cross-origin isolated, as
// rogue serve does (see serve's asset.serve).
func isolate(w http.ResponseWriter) {
	w.Header().Set("Cross-Origin-Opener-Policy", "same-origin")
	w.Header().Set("Cross-Origin-Embedder-Policy", "require-corp")
}

// serveJournals starts the real rogue serve on the site's folder of
// journals and sends /journals/ and /api/ to it; the page and the wasm
// stay the test's (rogue serve embeds the wasm go generate ./web built,
// which may be older than this tree). It skips when the binary was
// built without the wasm.
func (s *site) serveJournals(t testing.TB) {
	t.Helper()
	cmd := exec.Command(browser.rogue, "serve", "--addr", "127.0.0.1:0", s.journals)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := bufio.NewScanner(out)
	open := regexp.MustCompile(`(http://127\.0\.0\.1:\d+)`)
	for lines.Scan() {
		if m := open.FindStringSubmatch(lines.Text()); m != nil {
			u, err := url.Parse(m[1])
			require.NoError(t, err)
			s.upstream = httputil.NewSingleHostReverseProxy(u)
			go func() { _, _ = io.Copy(io.Discard, out) }()
			return
		}
	}
	_ = cmd.Wait()
	if strings.Contains(stderr.String(), "go generate ./web") {
		t.Skipf("rogue serve cannot start: %s", strings.TrimSpace(stderr.String()))
	}
	t.Fatalf("rogue serve printed no address: %s", stderr.String())
}

// tab opens a new tab of the shared browser on url and waits for the
// page's first frame.
func tab(t testing.TB, url string) context.Context {
	t.Helper()
	return tabFor(t, url, tabDeadline)
}

// tabDeadline is how long a tab of tab may take, page and test.
const tabDeadline = 120 * time.Second

// tabFor is tab with a deadline of its own (a whole game takes longer).
func tabFor(t testing.TB, url string, deadline time.Duration) context.Context {
	t.Helper()
	return tabIn(t, browser.ctx, url, deadline)
}

// tabIn is tabFor in the browser context of parent (its cookies).
func tabIn(t testing.TB, parent context.Context, url string, deadline time.Duration) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithListener(func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var args []string
			for _, a := range ev.Args {
				args = append(args, strings.Trim(string(a.Value), `"`))
			}
			t.Logf("console.%s: %s", ev.Type, strings.Join(args, " "))
		case *runtime.EventExceptionThrown:
			t.Logf("exception: %s %v", ev.ExceptionDetails.Text, ev.ExceptionDetails.Exception)
		}
	}))
	t.Cleanup(cancel)
	ctx, cancelTime := context.WithTimeout(ctx, deadline)
	t.Cleanup(cancelTime)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	waitFor(t, ctx, "rogue.term && rogue.term.paints > 0")
	return ctx
}

// waitFor waits until the JavaScript expression cond is true; when it
// never is, the failure shows the screen as it was. A name cond reads
// that is not defined yet counts as false: after a link or a reload the
// poll may run on the new document before its scripts have defined
// rogue. Any other error fails at once.
func waitFor(t testing.TB, ctx context.Context, cond string) {
	t.Helper()
	poll := `(() => { try { return !!(` + cond + `); } catch (e) { if (e instanceof ReferenceError) return false; throw e; } })()`
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](poll, chromedp.WithPollingInterval(20*time.Millisecond)))
		if err != nil && strings.Contains(err.Error(), "(-32000)") && ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
			continue // the page was left while polling: poll the next one
		}
		if err != nil {
			lines, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`rogue.term ? rogue.term.text : []`))
			require.NoError(t, err, "waiting for %s; the screen:\n%s", cond, strings.Join(lines, "\n"))
		}
		return
	}
}

// screenText is the page's grid as text, one line a row, trailing blanks
// trimmed.
func screenText(t testing.TB, ctx context.Context) string {
	t.Helper()
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`rogue.term.text`))
	require.NoError(t, err)
	return strings.Join(lines, "\n") + "\n"
}

// press types keys on the page, as a player would (KeyboardEvent key
// names: "ArrowLeft", "Enter", or characters).
func press(t testing.TB, ctx context.Context, keys ...string) {
	t.Helper()
	for _, k := range keys {
		require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(keyText(k))))
	}
	settle(t, ctx)
}

// settle waits until the program has handled every key the page kept
// and drawn what followed.
func settle(t testing.TB, ctx context.Context) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`rogue.keysHandled === (rogue.keysSent || 0)`,
		chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		t.Logf("keys sent %v, handled %v:\n%s", eval[any](t, ctx, `rogue.keysSent`), eval[any](t, ctx, `rogue.keysHandled`), screenText(t, ctx))
	}
	require.NoError(t, err, "waiting for the keys to be handled")
}

// screenshot saves the page as a PNG under the temporary folder and
// returns its path.
func screenshot(t testing.TB, ctx context.Context, name string) string {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	path := filepath.Join(shots, "rogue-web-"+name+".png")
	require.NoError(t, os.WriteFile(path, png, 0o644))
	t.Logf("screenshot: %s", path)
	return path
}

// keyText is the chromedp key text for a KeyboardEvent key name.
func keyText(k string) string {
	named := map[string]string{
		"ArrowLeft": kb.ArrowLeft, "ArrowRight": kb.ArrowRight, "ArrowUp": kb.ArrowUp, "ArrowDown": kb.ArrowDown,
		"PageUp": kb.PageUp, "PageDown": kb.PageDown, "Home": kb.Home, "End": kb.End,
		"Enter": kb.Enter, "Escape": kb.Escape, "Tab": kb.Tab, "Backspace": kb.Backspace,
	}
	if s, ok := named[k]; ok {
		return s
	}
	return k
}

func itoa(n int) string { return strconv.Itoa(n) }
