package botgames

import (
	"errors"
	"io"
	"os"
	"path/filepath"

	"rogue/internal/cli"
)

// stdoutFile stands in for "-", the standard output, as a file argument
// that must be a real file while it is written (a journal is locked,
// fsynced, and has snapshots beside it): it returns a path in a new
// temporary directory, and finish, which copies that file to stdout when
// ok and removes the directory either way.
func stdoutFile(name string) (path string, finish func(stdout io.Writer, ok bool) error, err error) {
	dir, err := os.MkdirTemp("", "rogue-stdout-")
	if err != nil {
		return "", nil, fail(1, "cannot make a temporary file to write the standard output through: %v", err)
	}
	path = filepath.Join(dir, name)
	finish = func(stdout io.Writer, ok bool) error {
		defer os.RemoveAll(dir)
		if !ok {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return fail(1, "writing the standard output: %v", err)
		}
		defer f.Close()
		if _, err := io.Copy(stdout, f); err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) && pe.Path == path {
				return fail(1, "writing the standard output: reading %s: %v", path, pe.Err)
			}
			return fail(1, "writing the standard output: %v", err)
		}
		return nil
	}
	return path, finish, nil
}

// fail is a one-line failure that makes rogue exit with code.
func fail(code int, format string, args ...any) error { return cli.Fail(code, format, args...) }
