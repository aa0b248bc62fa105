//go:build !js

package web

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// holdStore makes the page's IndexedDB keep every other transaction of
// its files waiting: a read-write transaction of its own, on the same
// stores, kept open by a chain of reads until letGo ends it.
func holdStore(t testing.TB, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `new Promise((ok, fail) => {
		const r = indexedDB.open("rogue");
		r.onerror = () => fail(r.error);
		r.onsuccess = () => {
			const tx = r.result.transaction(["nodes", "blocks"], "readwrite");
			const nodes = tx.objectStore("nodes");
			window.holding = true;
			const again = () => { if (window.holding) nodes.get("/").onsuccess = again; };
			again();
			ok(true);
		};
	})`)
}

func letGo(t testing.TB, ctx context.Context) { eval[bool](t, ctx, `!(window.holding = false)`) }

// showsTurn waits for the status line to show turn n.
func showsTurn(t testing.TB, ctx context.Context, n int) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`/\b(?:Turn|T) %d\b/.test(rogue.term.text.join("\n"))`, n))
}

// A turn is drawn while the browser stores it, and the next key waits
// for the store: while the store is held up, a key's turn is shown and
// the key after it is not taken; let go, that key plays. A tab that
// crashes while a turn is being stored loses at most that turn, the
// one drawn last: the game continues in a new tab at the turn before
// it or at it. It runs alone, before the parallel tests: every test's
// page is on 127.0.0.1, one site, so the renderer it crashes may be
// drawing their tabs too.
func TestATabThatCrashesWhileATurnIsStoredLosesAtMostThatTurn(t *testing.T) {
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	playTo(t, ctx, 3)
	n := turn(t, screenText(t, ctx))

	key := func() {
		t.Helper()
		// Not press: it waits for the keys to be handled, which waits
		// for the store.
		require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("5")))
	}
	holdStore(t, ctx)
	key()
	showsTurn(t, ctx, n+1)
	key()
	// The page's key handler hands the key to the program, which runs
	// until it waits: had it taken the key, the turn would be shown now.
	assert.Equal(t, n+1, turn(t, screenText(t, ctx)), "a key was taken before the turn shown was stored")
	assert.Less(t, eval[int](t, ctx, `rogue.keysHandled`), eval[int](t, ctx, `rogue.keysSent`))
	letGo(t, ctx)
	showsTurn(t, ctx, n+2)
	settle(t, ctx)

	holdStore(t, ctx)
	key()
	showsTurn(t, ctx, n+3)
	require.NoError(t, chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		crashed, stop := tg.Subscribe(inspector.TargetCrashed.Method)
		defer stop()
		if _, err := cdp.Call(ctx, tg, inspector.Enable, cdp.Empty{}); err != nil {
			return err
		}
		go func() {
			// The renderer crashes before it answers.
			ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			defer cancel()
			_, _ = cdp.Call(ctx, tg, page.Crash, cdp.Empty{})
		}()
		select {
		case <-crashed:
			return nil
		case <-time.After(30 * time.Second):
			return errors.New("the tab did not crash within 30 s")
		}
	})))

	again := tab(t, s.URL)
	waitFor(t, again, `rogue.term.text.join("\n").includes("Continue")`)
	menu := screenText(t, again)
	kept := -1
	for _, k := range []int{n + 2, n + 3} {
		if strings.Contains(menu, "turn "+strconv.Itoa(k)+" on depth") {
			kept = k
		}
	}
	require.NotEqual(t, -1, kept, "the menu offers neither turn %d nor %d:\n%s", n+2, n+3, menu)
	t.Logf("the crash kept the game at turn %d (the turn drawn last was %d)", kept, n+3)
	press(t, again, "c")
	showsTurn(t, again, kept)
}

// A turn whose store the browser refuses, after it was drawn, ends the
// game with one line saying so, and the browser keeps every turn
// before it. (The page stores the turns itself here, unisolated, so
// that its own rogueWriteBatch can be made to refuse.)
func TestATurnTheBrowserRefusesToStoreEndsTheGame(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	s.notIsolated = true
	ctx := tab(t, s.URL)
	require.Equal(t, "page", eval[string](t, ctx, `rogueFS.storer`))
	newGame(t, ctx)
	playTo(t, ctx, 3)
	n := turn(t, screenText(t, ctx))
	eval[bool](t, ctx, `(globalThis.rogueWriteBatch = () => Promise.reject(new Error("the quota is used up")), true)`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("5")))
	waitFor(t, ctx, `typeof rogue.lastLine === "string" && rogue.lastLine !== ""`)
	line := eval[string](t, ctx, `rogue.lastLine`)
	t.Logf("the game ended: %q", line)
	assert.Contains(t, line, "This browser refused to store the last turn drawn (Error: the quota is used up): the game is kept up to the turn before it; reload the page to go on.")

	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	waitFor(t, ctx, `rogue.term && rogue.term.text.join("\n").includes("Continue")`)
	assert.Contains(t, screenText(t, ctx), "turn "+strconv.Itoa(n)+" on depth", "the turn refused is not kept, every one before it is")
}
