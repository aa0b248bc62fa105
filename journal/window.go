package journal

import "io"

// readBufSize is how much a file reader reads at a time.
const readBufSize = 64 << 10

// window gives views of a journal's bytes by offset, reading forward
// through a buffer: the whole journal when it is in memory, or a
// readBufSize window (grown to fit the largest record asked for, never more
// than maxFrameOverhead+MaxRecordSize) over an io.ReaderAt.
type window struct {
	ra   io.ReaderAt // nil when data is the whole journal
	buf  []byte
	data []byte // the bytes at base
	base int64
	min  int // the least a read asks for, when more than readBufSize
	// limit, if not 0, is the journal's size: data never holds a byte
	// past it, so that a record that fits in data fits in the journal
	// too (the Reader's Next checks one bound, not two).
	limit int64
}

// bytes returns the n bytes at off. The caller has checked that they lie
// inside the journal's size and that n is within the caps; the view stays
// valid until the next call.
func (w *window) bytes(off int64, n int) ([]byte, error) {
	if off >= w.base && off-w.base+int64(n) <= int64(len(w.data)) {
		i := int(off - w.base)
		return w.data[i : i+n], nil
	}
	if w.ra == nil {
		return nil, io.ErrUnexpectedEOF
	}
	want := max(n, readBufSize, w.min)
	if cap(w.buf) < want {
		w.buf = make([]byte, want)
	}
	m, err := w.ra.ReadAt(w.buf[:want], off)
	w.data, w.base = w.buf[:m], off
	if w.limit > 0 && int64(m) > w.limit-off {
		// The file grew past the size the Reader reads: the bytes after
		// it are not shown (n is within it).
		w.data = w.buf[:max(w.limit-off, 0)]
	}
	if m < n {
		if err == nil || err == io.EOF {
			// The file was shorter than its size said: it shrank while
			// being read.
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return w.data[:n], nil
}
