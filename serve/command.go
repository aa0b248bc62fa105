package serve

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"rogue/internal/cli"
)

// Command is `rogue serve` once its flags and folder are read: the
// folder (which may not exist with o.MayNotExist, the data folder before
// the first game), the address and the page checked (its wasm built in), o served on o.Addr until SIGINT, SIGTERM
// or SIGHUP. Its failures exit 1 (cli.Fail).
func Command(o Options, stdout io.Writer) error {
	// The data folder may not exist yet (no game was played here): it
	// is served empty until a game makes it.
	if info, err := os.Stat(o.Dir); err != nil || !info.IsDir() {
		if !o.MayNotExist || !errors.Is(err, os.ErrNotExist) {
			return cli.Fail(1, "%s is not a folder of journals: rogue serve DIR serves another", o.Dir)
		}
	}
	if _, _, err := net.SplitHostPort(o.Addr); err != nil {
		return cli.UsageError("--addr %q is not HOST:PORT", o.Addr)
	}
	if err := Check(o.Page); err != nil {
		return cli.Fail(1, "%v: run go generate ./web, then go build again", err)
	}
	s, err := New(o)
	if err != nil {
		return cli.Fail(1, "%v", err)
	}
	defer s.Close()
	ln, err := Listen(o.Addr)
	if err != nil {
		return cli.Fail(1, "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	return Serve(ctx, s, ln, o, stdout)
}
