package host

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"rogue/internal/cli"
	"rogue/store"
)

// Config is what rogue host was asked for.
type Config struct {
	Addr string // HOST:PORT to listen on (port 0: any free port)
	DB   string // a postgres:// URL, or the path of the SQLite file
	Node string // this node's name; "" for the host name and the address it listens on
	// ConnsPerAddress is the most websockets one address holds; 0 for
	// the default.
	ConnsPerAddress int
	// Workers is how many jobs of the queue this node does at once.
	Workers int
	// Proxies are the addresses or CIDR prefixes of the reverse proxies
	// in front, comma-separated (see Options.Proxies).
	Proxies string
}

// parseProxies reads Config.Proxies.
func parseProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, p := range strings.Split(list, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		pre, err := netip.ParsePrefix(p)
		if err != nil {
			a, aerr := netip.ParseAddr(p)
			if aerr != nil {
				return nil, fmt.Errorf("--proxy takes addresses or CIDR prefixes: %q is neither", p)
			}
			pre = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, pre)
	}
	return out, nil
}

// Run opens the store, listens and serves until ctx ends. It prints the
// address it listens on, in one line, before it serves.
func Run(ctx context.Context, c Config, out io.Writer) error {
	proxies, err := parseProxies(c.Proxies)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, c.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	l, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	if c.Node == "" {
		// Two processes on one machine listen on two addresses: each is
		// a node of its own. A node started again on the same address
		// is the same node, and takes its games back at once.
		h, _ := os.Hostname()
		c.Node = h + "/" + l.Addr().String()
	}
	s := New(st, Options{Node: c.Node, ConnsPerAddress: c.ConnsPerAddress, Proxies: proxies, Uploads: Uploads{Workers: c.Workers}, Log: func(format string, args ...any) {
		fmt.Fprintf(out, "rogue host: "+format+"\n", args...)
	}})
	wctx, stop := context.WithCancel(ctx)
	wait := s.Work(wctx)
	defer func() { stop(); wait() }() // before the store closes
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
