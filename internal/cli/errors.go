package cli

import "fmt"

// exitError carries an exit code and a one-line message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// ExitCode is the code the program exits with. The packages the commands
// call (play, botgames) make their failures with Fail too.
func (e *exitError) ExitCode() int { return e.code }

// Fail is an error of one line that makes the program exit with code.
func Fail(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// UsageError is a command line that cannot be run: exit 2.
func UsageError(format string, args ...any) error { return Fail(2, format, args...) }

// Said is the error of a command that printed its one line itself (a
// server's line, which names its own command, as rogue verify's does):
// the program exits with code and prints nothing more.
func Said(code int) error { return &exitError{code: code} }
