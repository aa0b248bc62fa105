//go:build !js

package web

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"
)

// The page's speed, measured in the page itself (performance.now), in
// headless Chromium: run with
//
//	go test ./web -run '^$' -bench . -benchtime 200x
//
// Each reports the median and the 95th percentile in ms.

// percentiles reports the median and 95th percentile of ms.
func percentiles(b *testing.B, ms []float64, what string) {
	b.Helper()
	require.NotEmpty(b, ms)
	slices.Sort(ms)
	b.ReportMetric(ms[len(ms)/2], "p50-ms/"+what)
	b.ReportMetric(ms[len(ms)*95/100], "p95-ms/"+what)
	b.ReportMetric(0, "ns/op")
}

// BenchmarkAKeyToItsRepaint is the time from a key's keydown to the end
// of the paint of the frame it led to: the command decided, the turn
// written to the journal and its store in IndexedDB started (fs.js
// stores it while the frame is drawn and shown, and the next key waits
// for the commit), the turn applied, the screen drawn and sent, the
// canvas painted. Keys wait a turn or step (some into walls, refused: a
// repaint all the same when the message line changes; a key that
// changes nothing on the screen sends no frame and is not counted). It
// also reports the parts: a turn decided (key to the store's start),
// applied and drawn (the store's start to the paint's start), the
// canvas painted; the time to the start of the browser's next frame
// (key to frame: what the player waits for, vsync included); and the
// store itself (strict durability), which goes on after the paint.
func BenchmarkAKeyToItsRepaint(b *testing.B) {
	s := newSite(b)
	ctx := tab(b, s.URL)
	newGame(b, ctx)
	keys := []string{"5", "ArrowRight", "ArrowDown", "5", "ArrowLeft", "ArrowUp", "l", "j", "h", "k"}
	var ms, frame, decide, store, draw, paint []float64
	counted := 0
	for i := 0; b.Loop(); i++ {
		before := eval[int](b, ctx, `rogue.term.received`)
		press(b, ctx, keys[i%len(keys)]) // waits for the turn to be stored
		waitFor(b, ctx, `!rogue.term.pending && rogue.term.frameAt > rogue.term.lastPaint`)
		if eval[int](b, ctx, `rogue.term.received`) == before {
			continue // nothing changed on the screen
		}
		t := eval[[]float64](b, ctx, `[rogue.keyAt, rogueFS.storeStart, rogueFS.storeEnd, rogue.term.paintStart, rogue.term.lastPaint, rogue.term.frameAt]`)
		ms, paint, frame = append(ms, t[4]-t[0]), append(paint, t[4]-t[3]), append(frame, t[5]-t[0])
		counted++
		if t[1] > t[0] { // a turn was stored (not a step refused)
			decide, store, draw = append(decide, t[1]-t[0]), append(store, t[2]-t[1]), append(draw, t[3]-t[1])
		}
	}
	b.Logf("%d keys that repainted", counted)
	percentiles(b, ms, "key")
	percentiles(b, frame, "key-to-frame")
	percentiles(b, decide, "decide")
	percentiles(b, draw, "apply+draw")
	percentiles(b, paint, "paint")
	percentiles(b, store, "store-after")
}

// BenchmarkAClickToItsRepaint is the time from a click's press on the
// player (which waits a turn, as 5 does) to the end of the paint of the
// frame it led to, as BenchmarkAKeyToItsRepaint measures a key. A click
// that changes nothing on the screen is not counted; a view that takes
// no clicks changes nothing, and the benchmark skips, saying so.
func BenchmarkAClickToItsRepaint(b *testing.B) {
	s := newSite(b)
	ctx := tab(b, s.URL)
	newGame(b, ctx)
	var ms, frame []float64
	for b.Loop() {
		x, y := cellOf(b, ctx, "@")
		cx, cy := cellCentre(b, ctx, x, y)
		before := eval[int](b, ctx, `rogue.term.received`)
		mouse(b, ctx, input.DispatchMouseEventTypeMousePressed, cx, cy, input.MouseButtonLeft, 1)
		mouse(b, ctx, input.DispatchMouseEventTypeMouseReleased, cx, cy, input.MouseButtonLeft, 0)
		settle(b, ctx)
		waitFor(b, ctx, `!rogue.term.pending && rogue.term.frameAt > rogue.term.lastPaint`)
		if eval[int](b, ctx, `rogue.term.received`) == before {
			continue // nothing changed on the screen
		}
		t := eval[[]float64](b, ctx, `[rogue.clickAt, rogue.term.lastPaint, rogue.term.frameAt]`)
		ms, frame = append(ms, t[1]-t[0]), append(frame, t[2]-t[0])
	}
	if len(ms) == 0 {
		b.Skip("no click changed the screen: this build's view takes no clicks")
	}
	b.Logf("%d clicks that repainted", len(ms))
	percentiles(b, ms, "click")
	percentiles(b, frame, "click-to-frame")
}

// BenchmarkATurnStored is how long storing one turn takes: the fsync of
// the journal, one strict IndexedDB transaction of the block it ends in
// (written by the page's worker), from its start to its commit (the
// game draws the turn meanwhile, and takes its next key after).
func BenchmarkATurnStored(b *testing.B) {
	s := newSite(b)
	ctx := tab(b, s.URL)
	newGame(b, ctx)
	from := eval[int](b, ctx, `rogueFS.stored.length`)
	for b.Loop() {
		press(b, ctx, "5")
	}
	percentiles(b, eval[[]float64](b, ctx, `rogueFS.stored.slice(`+itoa(from)+`)`), "store")
}

// BenchmarkABareIndexedDBCommit is the floor under a turn stored: one
// put of a 4 KiB block in one transaction of strict durability, awaited,
// in a database of its own, in the same Chromium, with nothing else
// going on; started by a script, then in a key's handler, the canvas
// painted once it is committed, as a turn is. After a key Chromium runs
// no other task of the page before its next frame
// (DeferRendererTasksAfterInput): awaited by the page, the commit's
// completion waits for that frame, up to 16.7 ms at 60 Hz, however soon
// the bytes are on disk. That is why the page's worker stores the turns
// (see store.js): its tasks do not wait.
func BenchmarkABareIndexedDBCommit(b *testing.B) {
	const open = `new Promise((ok, fail) => {
		const r = indexedDB.open("floor", 1);
		r.onupgradeneeded = () => r.result.createObjectStore("blocks");
		r.onsuccess = () => { window.floor = { db: r.result, ms: [] }; ok(true); };
		r.onerror = () => fail(r.error);
	})`
	const commit = `() => new Promise((ok, fail) => {
		const t0 = performance.now();
		const tx = floor.db.transaction("blocks", "readwrite", { durability: "strict" });
		tx.objectStore("blocks").put(new Uint8Array(4096), ["/journal", 0]);
		tx.oncomplete = () => { floor.ms.push(performance.now() - t0); ok(true); };
		tx.onerror = () => fail(tx.error);
	})`
	b.Run("from a script", func(b *testing.B) {
		s := newSite(b)
		ctx := tab(b, s.URL)
		eval[bool](b, ctx, open)
		for b.Loop() {
			eval[bool](b, ctx, `(`+commit+`)()`)
		}
		percentiles(b, eval[[]float64](b, ctx, `floor.ms`), "commit")
	})
	b.Run("from a key", func(b *testing.B) {
		s := newSite(b)
		ctx := tab(b, s.URL)
		eval[bool](b, ctx, open)
		// The key is one the game does not use: it stays on the menu.
		eval[bool](b, ctx, `(addEventListener("keydown", (e) => {
			if (e.key !== "F7") return;
			(`+commit+`)().then(() => {
				const c = document.getElementById("screen").getContext("2d");
				c.fillStyle = "rgb(" + (floor.ms.length % 256) + ",0,0)";
				c.fillRect(0, 0, 400, 300);
			});
		}, true), true)`)
		for i := 1; b.Loop(); i++ {
			require.NoError(b, chromedp.Do(ctx, chromedp.KeyEvent(kb.F7)))
			waitFor(b, ctx, `floor.ms.length >= `+itoa(i))
		}
		percentiles(b, eval[[]float64](b, ctx, `floor.ms`), "commit")
	})
}

// BenchmarkTheFirstFrame is the time from the start of the page's load
// to the end of its first frame's paint, on a fresh origin each time
// (nothing cached).
func BenchmarkTheFirstFrame(b *testing.B) {
	var ms []float64
	for b.Loop() {
		s := newSite(b)
		ctx, cancel := chromedp.NewContext(browser.ctx)
		require.NoError(b, chromedp.Do(ctx, chromedp.Navigate(s.URL)))
		waitFor(b, ctx, `window.rogue && rogue.term.firstPaint > 0`)
		ms = append(ms, eval[float64](b, ctx, `rogue.term.firstPaint`))
		cancel()
	}
	percentiles(b, ms, "first-frame")
}

// TestTheWasmIsAtMostTwoMegabytesGzipped builds the wasm as go generate
// does and gzips it as a server would, at the best compression.
func TestTheWasmIsAtMostTwoMegabytesGzipped(t *testing.T) {
	t.Parallel()
	newSite(t) // builds the wasm, or skips
	wasm, err := os.ReadFile(filepath.Join(browser.dist, WasmName))
	require.NoError(t, err)
	var gz bytes.Buffer
	w, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	require.NoError(t, err)
	_, err = w.Write(wasm)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	t.Logf("rogue.wasm: %d bytes, %d gzipped", len(wasm), gz.Len())
	require.LessOrEqual(t, gz.Len(), 2_000_000)
}
