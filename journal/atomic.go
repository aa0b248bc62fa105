package journal

import (
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
// leaves either the old file or the new one, never a mix: it writes a
// temporary file in the same directory, fsyncs it, renames it over path
// and fsyncs the directory. The file gets mode 0644. It is for files
// derived from a journal (death summaries, snapshots); a journal itself is
// only ever appended to.
func WriteFileAtomic(path string, data []byte) error {
	return writeAtomic(path, bytes.NewReader(data))
}

func writeAtomic(path string, src io.Reader) (err error) {
	fail := func(op string, err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("write %s atomically: %s: %w", path, op, err)
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
	if _, err := io.Copy(tmp, src); err != nil {
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
