package host

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"rogue/internal/cli"
	"rogue/store"
)

// Config is what rogue host was asked for.
type Config struct {
	Addr string // HOST:PORT to listen on (port 0: any free port)
	DB   string // a postgres:// URL, or the path of the SQLite file
	Node string // this node's name; "" for the host name
	// ConnsPerAddress is the most websockets one address holds; 0 for
	// the default.
	ConnsPerAddress int
}

// Run opens the store, listens and serves until ctx ends. It prints the
// address it listens on, in one line, before it serves.
func Run(ctx context.Context, c Config, out io.Writer) error {
	st, err := store.Open(ctx, c.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	l, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	s := New(st, Options{Node: c.Node, ConnsPerAddress: c.ConnsPerAddress, Log: func(format string, args ...any) {
		fmt.Fprintf(out, "rogue host: "+format+"\n", args...)
	}})
	where := "SQLite in " + c.DB
	if store.IsPostgres(c.DB) {
		where = "PostgreSQL"
	}
	fmt.Fprintf(out, "rogue host: http://%s/ (%s; Ctrl-C stops)\n", l.Addr(), where)
	if ip := l.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		fmt.Fprintf(out, "rogue host: warning: %s is not a loopback address: put a TLS proxy in front (docs/SERVER.md)\n", ip)
	}
	err = s.Serve(ctx, l)
	turns, txs := st.Commits()
	fmt.Fprintf(out, "rogue host: stopped; %d turns were committed in %d transactions\n", turns, txs)
	return err
}

// Command is `rogue host` once its flags are read: the store is c.DB, or
// SQLite in dir (made if need be) when c.DB is "", served until SIGINT,
// SIGTERM or SIGHUP. Its failures exit 1 (cli.Fail).
func Command(c Config, dir string, out io.Writer) error {
	if c.DB == "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return cli.Fail(1, "%v", err)
		}
		c.DB = filepath.Join(dir, "rogue.db")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	if err := Run(ctx, c, out); err != nil {
		return cli.Fail(1, "rogue host: %v", err)
	}
	return nil
}
