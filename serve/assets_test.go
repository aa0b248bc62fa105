package serve

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The page's files go with the types a browser needs, compressed when
// the client takes gzip (and when it makes them smaller), with an ETag
// of what is sent, cross-origin isolated.
func TestThePageIsServedWithItsTypesCompressed(t *testing.T) {
	t.Parallel()
	s := newServer(t, t.TempDir())
	page := testPage()
	cases := []struct {
		target, file, ctype, accept, encoding string
	}{
		{"/", "index.html", "text/html; charset=utf-8", "gzip, deflate, br", "gzip"},
		{"/index.html", "index.html", "text/html; charset=utf-8", "", ""},
		{"/?replay=/journals/a.rogue", "index.html", "text/html; charset=utf-8", "gzip", "gzip"},
		{"/rogue.wasm", "rogue.wasm", "application/wasm", "gzip", "gzip"},
		{"/rogue.wasm", "rogue.wasm", "application/wasm", "identity", ""},
		{"/rogue.wasm", "rogue.wasm", "application/wasm", "gzip;q=0", ""},
		{"/wasm_exec.js", "wasm_exec.js", "text/javascript; charset=utf-8", "br, gzip", "gzip"},
		{"/main.js", "main.js", "text/javascript; charset=utf-8", "GZIP", "gzip"},
		{"/icon.png", "icon.png", "image/png", "gzip", ""},
	}
	for _, c := range cases {
		t.Run(c.target+" "+c.accept, func(t *testing.T) {
			w := get(s, c.target, "Accept-Encoding", c.accept)
			require.Equal(t, 200, w.Code)
			h := w.Header()
			assert.Equal(t, []string{c.ctype, c.encoding, "no-cache", "nosniff", "same-origin", "require-corp"},
				[]string{h.Get("Content-Type"), h.Get("Content-Encoding"), h.Get("Cache-Control"), h.Get("X-Content-Type-Options"),
					h.Get("Cross-Origin-Opener-Policy"), h.Get("Cross-Origin-Embedder-Policy")})
			body := w.Body.Bytes()
			if c.encoding == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				require.NoError(t, err)
				body, err = io.ReadAll(zr)
				require.NoError(t, err)
				assert.Less(t, w.Body.Len(), len(body))
			}
			assert.Equal(t, page[c.file].Data, body)
			assert.Regexp(t, `^"[0-9a-f]{32}(-gz)?"$`, h.Get("ETag"))
		})
	}
}

// A page file the browser has is not sent again while it is the same
// (304); another build's file has another ETag, so an upgrade is never
// served from the cache.
func TestAPageFileIsRevalidatedByItsContent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := newServer(t, dir)
	first := get(s, "/rogue.wasm", "Accept-Encoding", "gzip")
	etag := first.Header().Get("ETag")
	assert.Equal(t, 304, get(s, "/rogue.wasm", "Accept-Encoding", "gzip", "If-None-Match", etag).Code)
	assert.Equal(t, 200, get(s, "/rogue.wasm", "If-None-Match", etag).Code, "the plain bytes are another representation")

	upgraded := testPage()
	upgraded["rogue.wasm"] = &fstest.MapFile{Data: []byte("\x00asm a newer build")}
	s2, err := New(Options{Dir: dir, Page: upgraded})
	require.NoError(t, err)
	defer s2.Close()
	<-s2.Compressed
	w := get(s2, "/rogue.wasm", "Accept-Encoding", "gzip", "If-None-Match", etag)
	assert.Equal(t, 200, w.Code)
	assert.NotEqual(t, etag, w.Header().Get("ETag"))
}

// A build without the wasm serves no page, and says what is missing.
func TestAPageWithoutItsWasmIsRefused(t *testing.T) {
	t.Parallel()
	page := testPage()
	delete(page, "rogue.wasm")
	_, err := New(Options{Dir: t.TempDir(), Page: page})
	assert.EqualError(t, err, "this rogue was built without the browser page's rogue.wasm")
	assert.EqualError(t, Check(nil), "this rogue was built without the browser page")
}

// The files are compressed smallest first, whatever the map's order: once
// the wasm, the largest, is sent compressed, so is every other file (the
// end-to-end test of the real binary waits for the wasm, then asks for
// the page).
func TestTheSmallestFilesAreCompressedFirst(t *testing.T) {
	t.Parallel()
	a, err := loadAssets(testPage())
	require.NoError(t, err)
	var names []string
	for _, x := range a.smallestFirst() {
		names = append(names, x.name)
	}
	require.Len(t, names, len(testPage()))
	assert.Equal(t, "rogue.wasm", names[len(names)-1])
	for i := 1; i < len(names); i++ {
		x, y := a[names[i-1]], a[names[i]]
		assert.LessOrEqual(t, len(x.plain), len(y.plain), "%s before %s", x.name, y.name)
	}
}
