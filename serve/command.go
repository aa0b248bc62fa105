package serve

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"rogue/internal/cli"
)

// Command is `rogue serve` once its flags and folder are read: the page
// checked (its wasm built in), o served on o.Addr until SIGINT, SIGTERM
// or SIGHUP. Its failures exit 1 (cli.Fail).
func Command(o Options, stdout io.Writer) error {
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
