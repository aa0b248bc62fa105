package serve

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxResponse is the most bytes of a journal one response sends. A whole
// journal over it is refused (413) and must be asked for in ranges; a
// range over it is cut to its first maxResponse bytes, as Content-Range
// then says.
const maxResponse int64 = 256 << 20

// serveJournal is GET /journals/NAME: the journal's bytes, read-only,
// with Range. Its size is taken when the request comes (the file is
// opened and stat'ed for each request), so that the page following a
// journal being written gets every byte up to it, in one consistent
// range, and 416 (with Content-Range: bytes */SIZE) when it asks past the
// end: no new bytes yet.
func (s *Server) serveJournal(w http.ResponseWriter, r *http.Request, name string) {
	if bad, why := badName(name); why != "" {
		code := http.StatusNotFound
		if bad {
			code = http.StatusBadRequest
		}
		http.Error(w, why, code)
		return
	}
	f, info, err := s.folder.open(r.Context(), name)
	switch {
	case errors.Is(err, errBusy):
		w.Header().Set("Retry-After", "1")
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	case err != nil:
		http.Error(w, notFound(name, err), http.StatusNotFound)
		return
	}
	defer s.folder.close(f)
	size := info.Size()
	h := w.Header()
	h.Set("Content-Type", "application/octet-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Accept-Ranges", "bytes")
	rng, ok := clampRange(r.Header.Get("Range"), size)
	if !ok {
		r.Header.Del("Range")
		rng = ""
	}
	if rng == "" && size > maxResponse {
		http.Error(w, fmt.Sprintf("%s is %d bytes, more than the %d one response sends: ask for it in ranges", name, size, maxResponse), http.StatusRequestEntityTooLarge)
		return
	}
	if rng != "" {
		r.Header.Set("Range", rng)
	}
	// The modification time is left out: a journal being written changes
	// within a second, and no conditional request may be answered from
	// a cache (no-store).
	http.ServeContent(w, r, name, time.Time{}, io.NewSectionReader(f, 0, size))
}

// notFound is the one line a 404 says: the file is missing, or not one
// the folder serves.
func notFound(name string, err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("no journal %s in the folder", name)
	case errors.Is(err, errNotJournal):
		return fmt.Sprintf("%s is not a regular file", name)
	}
	// A link out of the folder, a path the Root refuses, no permission.
	return fmt.Sprintf("%s cannot be served from the folder", name)
}

// clampRange reads a Range header of one range of bytes of a file of
// size bytes and returns it cut to maxResponse bytes ("" when there is
// none). A header of several ranges, or one that is not bytes, is not
// honoured (ok false): the whole file is sent. A range past the end is
// returned as it is, for http.ServeContent to answer 416.
func clampRange(h string, size int64) (rng string, ok bool) {
	if h == "" {
		return "", true
	}
	spec, found := strings.CutPrefix(h, "bytes=")
	if !found || strings.Contains(spec, ",") {
		return "", false
	}
	first, last, found := strings.Cut(strings.TrimSpace(spec), "-")
	if !found {
		return "", false
	}
	if first == "" { // the last N bytes
		n, err := strconv.ParseInt(last, 10, 64)
		if err != nil || n < 0 {
			return "", false
		}
		if n > maxResponse && size > maxResponse {
			return fmt.Sprintf("bytes=%d-%d", size-maxResponse, size-1), true
		}
		return h, true
	}
	start, err := strconv.ParseInt(first, 10, 64)
	if err != nil || start < 0 {
		return "", false
	}
	end := int64(-1)
	if last != "" {
		if end, err = strconv.ParseInt(last, 10, 64); err != nil || end < start {
			return "", false
		}
	}
	if start >= size {
		return h, true // 416
	}
	if end < 0 || end >= size {
		end = size - 1
	}
	if end-start+1 > maxResponse {
		end = start + maxResponse - 1
	}
	return fmt.Sprintf("bytes=%d-%d", start, end), true
}
