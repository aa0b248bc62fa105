//go:build !js

package web

import (
	"context"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// storedBytes are the bytes IndexedDB holds for the file at path, put
// together from its blocks as the page loads them.
func storedBytes(t testing.TB, ctx context.Context, path string) []byte {
	t.Helper()
	b64 := eval[string](t, ctx, `new Promise((ok) => { const r = indexedDB.open("rogue"); r.onsuccess = () => {
		const tx = r.result.transaction(["nodes", "blocks"]);
		const meta = tx.objectStore("nodes").get(`+jsString(path)+`);
		const blocks = tx.objectStore("blocks").getAll(IDBKeyRange.bound([`+jsString(path)+`, 0], [`+jsString(path)+`, Infinity]));
		tx.oncomplete = () => {
			const out = new Uint8Array(meta.result.size); let at = 0;
			for (const b of blocks.result) { out.set(b.subarray(0, Math.min(b.length, out.length - at)), at); at += b.length; }
			let s = ""; for (const c of out) s += String.fromCharCode(c); ok(btoa(s)); }; }; })`)
	b, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	return b
}

var spaces = regexp.MustCompile(`\s+`)

func TestADamagedStoredJournalIsRefusedAsTheTerminalRefusesItAndLeftAsItIs(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	playTo(t, ctx, 6)
	press(t, ctx, "Q", "y")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("Continue")`)
	name, whole := exported(t, ctx)
	path := "/data/rogue/" + name
	require.Equal(t, whole, storedBytes(t, ctx, path))

	// A bit of the first turn's record flipped in the browser's storage,
	// as a failing disk would.
	damaged := append([]byte(nil), whole...)
	damaged[len(damaged)/2] ^= 0x08
	eval[bool](t, ctx, `new Promise((ok) => { const r = indexedDB.open("rogue"); r.onsuccess = () => {
		const tx = r.result.transaction("blocks", "readwrite");
		const bytes = Uint8Array.from(atob(`+jsString(base64.StdEncoding.EncodeToString(damaged))+`), (c) => c.charCodeAt(0));
		tx.objectStore("blocks").put(bytes.slice(0, 4096), [`+jsString(path)+`, 0]);
		tx.oncomplete = () => ok(true); }; })`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	waitFor(t, ctx, `window.rogue && rogue.term && rogue.term.text.join("\n").includes("New game")`)
	// The menu lists the journal it refuses once it has read it.
	waitFor(t, ctx, `rogue.term.text.join("\n").replace(/\s+/g, " ").includes(`+jsString("journal "+path)+`)`)
	menu := spaces.ReplaceAllString(screenText(t, ctx), " ")
	screenshot(t, ctx, "damaged-store")

	out, err := rogue(t, "play", "--journal", writeTemp(t, name, damaged))
	require.Error(t, err)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := strings.TrimPrefix(lines[len(lines)-1], "rogue play: ")
	want = regexp.MustCompile(`/\S+/`+regexp.QuoteMeta(name)).ReplaceAllString(want, path)
	// The menu says why the game is not offered, in the terminal's words,
	// as far as its line goes.
	_, shown, ok := strings.Cut(menu, "journal "+path)
	require.True(t, ok, "the menu names the damaged journal:\n%s", menu)
	shown = strings.TrimSpace("journal " + path + shown)
	assert.Greater(t, len(shown), 120)
	assert.True(t, strings.HasPrefix(spaces.ReplaceAllString(want, " "), shown), "the menu says %q\nthe terminal %q", shown, want)
	assert.NotContains(t, menu, "Continue")
	assert.Equal(t, damaged, storedBytes(t, ctx, path), "the damaged bytes are left as they are")
}
