package journal

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// WriteFileAtomic replaces the file at path with data, so that a crash
// leaves either the old file or the new one, never a mix (see
// WriteAtomic). It is for files derived from a journal (death summaries,
// snapshots, exports); a journal itself is only ever appended to.
func WriteFileAtomic(path string, data []byte) error {
	return writeAtomic(path, bytes.NewReader(data))
}

// writeAtomic is WriteAtomic of what src holds.
func writeAtomic(path string, src io.Reader) error {
	return WriteAtomic(path, func(w io.Writer) error {
		_, err := io.Copy(w, src)
		return err
	})
}

// WriteAtomic replaces the file at path with what write writes, so that a
// crash leaves either the old file or the new one, never a mix, and no
// other program ever sees half of it: it writes a temporary file in the
// same directory (through a buffer), fsyncs it, renames it over path and
// fsyncs the directory. The file gets mode 0644. If anything fails,
// path is left as it was and the temporary file is removed.
//
// An error of write's own (not of writing the file) is returned as it is;
// a failure to write the file says which step failed: "write PATH
// atomically: fsync: ...". This is the one helper every file that rogue
// writes whole goes through.
//
// A path that names something other than a regular file, such as
// /dev/null or a named pipe, is written in place: renaming over it would
// put a file where the device was (as root, for every program on the
// machine). A directory is refused.
func WriteAtomic(path string, write func(io.Writer) error) (err error) {
	fail := func(op string, err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("write %s atomically: %s: %w", path, op, err)
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			return fail("open", errors.New("is a directory"))
		}
		return writeInPlace(path, write, fail)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fail("create temporary file", err)
	}
	renamed := false
	defer func() {
		if err != nil {
			tmp.Close()
			if !renamed {
				os.Remove(tmp.Name())
			}
		}
	}()
	file := &recordingWriter{w: tmp}
	bw := bufio.NewWriterSize(file, 64<<10)
	if err := write(bw); err != nil {
		if file.err != nil {
			return fail("write", file.err)
		}
		return err
	}
	if err := bw.Flush(); err != nil {
		return fail("write", err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fail("chmod", err)
	}
	if err := tmp.Sync(); err != nil {
		return fail("fsync", err)
	}
	if err := tmp.Close(); err != nil {
		return fail("close", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fail("rename", err)
	}
	renamed = true
	if err := syncDir(dir); err != nil {
		return fail("fsync directory", err)
	}
	return nil
}

// writeInPlace is WriteAtomic for a path that is not a regular file: it
// opens what is there and writes to it.
func writeInPlace(path string, write func(io.Writer) error, fail func(string, error) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fail("open", err)
	}
	file := &recordingWriter{w: f}
	bw := bufio.NewWriterSize(file, 64<<10)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	cerr := f.Close()
	switch {
	case file.err != nil:
		return fail("write", file.err)
	case err != nil:
		return err
	case cerr != nil:
		return fail("close", cerr)
	}
	return nil
}

// recordingWriter keeps the first error of writing to w, to tell it from
// an error of the function that writes.
type recordingWriter struct {
	w   io.Writer
	err error
}

func (r *recordingWriter) Write(b []byte) (int, error) {
	n, err := r.w.Write(b)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

// syncDir fsyncs a directory, so that a file created or renamed in it
// survives a crash. File systems that cannot fsync a directory (EINVAL)
// are taken at their word.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}
