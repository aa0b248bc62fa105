package golden

import "rogue/internal/cli"

// fail is a one-line failure that makes rogue exit with code.
func fail(code int, format string, args ...any) error { return cli.Fail(code, format, args...) }
