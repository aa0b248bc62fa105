package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// realPage is the browser page as rogue serve serves it: the page's own
// files (web/static) and the wasm built for this test, with its glue.
// It skips without Chromium, or under -short.
func realPage(t *testing.T) (fstest.MapFS, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test skips under -short")
	}
	var exe string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		t.Skip("the browser test skips: no Chromium on PATH (apt-get install chromium fonts-dejavu-core)")
	}
	page := fstest.MapFS{}
	static, err := os.ReadDir("../web/static")
	require.NoError(t, err)
	for _, e := range static {
		b, err := os.ReadFile(filepath.Join("../web/static", e.Name()))
		require.NoError(t, err)
		page[e.Name()] = &fstest.MapFile{Data: b}
	}
	wasm := filepath.Join(t.TempDir(), WasmName)
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "../web/wasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "building the wasm: %s", out)
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	for name, path := range map[string]string{WasmName: wasm, "wasm_exec.js": filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")} {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		page[name] = &fstest.MapFile{Data: b}
	}
	return page, exe
}

// serveOn serves dir with page on a free port of 127.0.0.1, as rogue
// serve does, until the test ends, and returns its address.
func serveOn(t *testing.T, dir string, page fstest.MapFS) string {
	t.Helper()
	base, _ := serveWith(t, Options{Dir: dir, Page: page})
	return base
}

// serveWith serves o (its address a free port of 127.0.0.1) as rogue
// serve does, until the test ends, and returns its address and what it
// prints.
func serveWith(t testing.TB, o Options) (string, *printed) {
	t.Helper()
	o.Addr = "127.0.0.1:0"
	s, err := New(o)
	require.NoError(t, err)
	ln, err := Listen(o.Addr)
	require.NoError(t, err)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	out := &printed{}
	go func() { done <- Serve(ctx, s, ln, o, out) }()
	t.Cleanup(func() {
		stop()
		assert.NoError(t, <-done)
		s.Close()
	})
	return "http://" + ln.Addr().String(), out
}

// The real page in headless Chromium, served by rogue serve: a journal
// of the list opens for replay, and /follow watches a game a bot is
// writing, showing its turns as they come, to its last.
func TestThePageReplaysFromTheListAndFollowsABotThroughRogueServe(t *testing.T) {
	t.Parallel()
	page, exe := realPage(t)
	dir := t.TempDir()
	slain, err := os.ReadFile("../golden/testdata/r2-slain.rogue")
	require.NoError(t, err)
	write(t, dir, "slain.rogue", slain)
	base := serveOn(t, dir, page)

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")), chromedp.WindowSize(1000, 640))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	defer cancelTime()
	run := func(a chromedp.Action[chromedp.Void]) {
		t.Helper()
		_, err := chromedp.Run(ctx, a)
		require.NoError(t, err)
	}
	waitFor := func(cond string) {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(20*time.Millisecond)))
		require.NoError(t, err, "waiting for %s", cond)
	}
	screen := func() string {
		t.Helper()
		lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`rogue.term ? rogue.term.text : []`))
		require.NoError(t, err)
		return strings.Join(lines, "\n")
	}
	shot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		path := filepath.Join(os.TempDir(), "rogue-serve-"+name+".png")
		require.NoError(t, os.WriteFile(path, png, 0o644))
		t.Logf("screenshot: %s", path)
	}

	// The list, as the page fetches it, opens the journal for replay.
	run(chromedp.Navigate(base + "/"))
	listJSON, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch("/api/journals").then(r => r.text())`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	var list List
	require.NoError(t, json.Unmarshal([]byte(listJSON), &list))
	require.Len(t, list.Journals, 1)
	run(chromedp.Navigate(base + list.Journals[0].Replay))
	waitFor(`rogue.term && / Replay +Turn \d+ of 3070 /.test(rogue.term.text.join("\n"))`)
	storer, err := chromedp.Run(ctx, chromedp.Evaluate[string](`rogueFS.storer`))
	require.NoError(t, err)
	assert.Equal(t, "worker", storer, "the page served is cross-origin isolated: a worker stores its journals")
	shot("replay")

	// A bot plays into a journal of the folder, a turn at a time, each
	// turn synced as a person's game is.
	live := filepath.Join(dir, "live.rogue")
	h := game.NewHeader(3, "bot", journal.Options{SyncEvery: 1})
	f, err := journal.Create(live, h)
	require.NoError(t, err)
	g, err := game.Start(h, content.Default(), f)
	require.NoError(t, err)
	const turns = 600
	played := make(chan error, 1)
	go func() {
		defer f.Close()
		for g.State.Turn < turns {
			if err := g.PlayerTurn(bot.Strong{}); err != nil {
				played <- err
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
		played <- nil
	}()
	run(chromedp.Navigate(base + "/follow"))
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
	require.NoError(t, err)
	u, err := url.Parse(href)
	require.NoError(t, err)
	assert.Equal(t, "/journals/live.rogue", u.Query().Get("follow"))
	waitFor(`rogue.term && / Turn \d+ /.test(rogue.term.text.join("\n"))`)
	seen := map[string]bool{}
	turn := regexp.MustCompile(`Turn (\d+) of`)
	for done := false; !done; {
		select {
		case err := <-played:
			require.NoError(t, err)
			done = true
		case <-time.After(100 * time.Millisecond):
			if m := turn.FindStringSubmatch(screen()); m != nil {
				seen[m[1]] = true
			}
		}
	}
	waitFor(fmt.Sprintf(`/ Turn %d of %d /.test(rogue.term.text.join("\n"))`, turns-1, turns-1))
	t.Logf("the page showed %d different turns while the bot played", len(seen))
	assert.Greater(t, len(seen), 3, "the turns did not show as they came: %v", seen)
	shot("follow")
}
