package serve

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// WasmName is the wasm program's name among the page's files: a binary
// built without it serves no page (see Check).
const WasmName = "rogue.wasm"

// pageFiles are the files the page cannot do without.
var pageFiles = []string{"index.html", WasmName, "wasm_exec.js"}

// maxAsset is the largest page file served, in bytes.
const maxAsset = 64 << 20

// asset is one of the page's files, read, hashed and compressed once.
type asset struct {
	name  string
	ctype string
	plain []byte
	// gz is the compressed bytes once they are made (see compress), nil
	// before, or when gzip would not make them smaller.
	gz   atomic.Pointer[[]byte]
	etag string // of the plain bytes; the gzipped ones add "-gz"
}

// assets are the page's files by name.
type assets map[string]*asset

// compress compresses the page's files that gain from it, once, in the
// background (the wasm takes a second or two at the best compression):
// until a file's compressed bytes are made it is sent as it is. The
// smallest go first, so that the page's own files are compressed within
// milliseconds and, once the wasm is, every file is. done is closed once
// all are made.
func (a assets) compress() (done <-chan struct{}) {
	order := a.smallestFirst()
	c := make(chan struct{})
	go func() {
		defer close(c)
		for _, x := range order {
			if !compressible(x.ctype) {
				continue
			}
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			zw.Write(x.plain)
			zw.Close()
			if buf.Len() < len(x.plain) {
				b := buf.Bytes()
				x.gz.Store(&b)
			}
		}
	}()
	return c
}

// smallestFirst is the files in the order compress takes them: by size,
// then by name.
func (a assets) smallestFirst() []*asset {
	return slices.SortedFunc(maps.Values(a), func(x, y *asset) int {
		return cmp.Or(cmp.Compare(len(x.plain), len(y.plain)), strings.Compare(x.name, y.name))
	})
}

// Check says, in one line, what is missing from the page's files for
// rogue serve to serve the page, or nil.
func Check(files fs.FS) error {
	if files == nil {
		return errors.New("this rogue was built without the browser page")
	}
	for _, name := range pageFiles {
		if _, err := fs.Stat(files, name); err != nil {
			return fmt.Errorf("this rogue was built without the browser page's %s", name)
		}
	}
	return nil
}

// loadAssets reads the page's files: every file that files lists, and
// the pageFiles by name (a file system made of others may not list them
// all).
func loadAssets(files fs.FS) (assets, error) {
	if err := Check(files); err != nil {
		return nil, err
	}
	out := assets{}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		return out.add(files, p)
	})
	if err != nil {
		return nil, err
	}
	for _, name := range pageFiles {
		if out[name] == nil {
			if err := out.add(files, name); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func (a assets) add(files fs.FS, name string) error {
	f, err := files.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxAsset+1))
	if err != nil {
		return fmt.Errorf("the page's %s: %w", name, err)
	}
	if len(b) > maxAsset {
		return fmt.Errorf("the page's %s is over %d bytes", name, maxAsset)
	}
	sum := sha256.Sum256(b)
	a[name] = &asset{name: name, ctype: contentType(name), plain: b, etag: `"` + hex.EncodeToString(sum[:16]) + `"`}
	return nil
}

// contentType is the type a page file is served as: by its extension,
// with the types a browser insists on for the page (a wasm is only
// compiled while streamed when it is application/wasm).
func contentType(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".html", ".htm":
		return "text/html; charset=utf-8"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".wasm":
		return "application/wasm"
	case ".css":
		return "text/css; charset=utf-8"
	case ".json":
		return "application/json"
	case ".svg":
		return "image/svg+xml"
	case ".txt", ".md":
		return "text/plain; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || ctype == "application/wasm" || ctype == "application/json" || ctype == "image/svg+xml"
}

// acceptsGzip reports whether the request takes a gzip-compressed
// response (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// serve sends the asset: compressed when the client takes gzip, with an
// ETag of what is sent, to be revalidated at every load (no-cache): a
// page or wasm of another build has another ETag, so that an upgrade is
// never served from the cache, and an unchanged one is a 304. The page
// is cross-origin isolated (it loads nothing from elsewhere), so that it
// may share memory with the worker that stores its journals: a turn is
// then stored and drawn before the browser's next frame (see the page's
// store.js).
func (x *asset) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", x.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Embedder-Policy", "require-corp")
	body, etag := x.plain, x.etag
	if compressible(x.ctype) {
		h.Add("Vary", "Accept-Encoding")
	}
	if gz := x.gz.Load(); gz != nil && acceptsGzip(r) {
		body, etag = *gz, strings.TrimSuffix(x.etag, `"`)+`-gz"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, x.name, time.Time{}, bytes.NewReader(body))
}
