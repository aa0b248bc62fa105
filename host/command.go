package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"rogue/internal/buildinfo"
	"rogue/internal/cli"
	"rogue/store"
)

// Main is `rogue host` from its arguments: the flags read, then the
// server (Command), or one of the admin commands on its database:
// --grant NAME=ROLE sets an account's role, --import FOLDER stores
// journal files as games (Import), --reverify re-verifies
// every stored journal on the queue and prints the report. dataDir is
// where the SQLite folder goes when neither DIR nor --db is given.
func Main(args []string, dataDir func() (string, error), stdout, stderr io.Writer) error {
	fs := cli.NewFlags("rogue", "host")
	addr := fs.String("addr", "127.0.0.1:8081", "listen on `HOST:PORT` (port 0: any free port); loopback unless you mean to serve the network (behind a TLS proxy)")
	db := fs.String("db", "", "the database: a postgres:// `URL`; by default SQLite in DIR")
	node := fs.String("node", "", "this node's `NAME` among those sharing one database (default: the host name and the address)")
	proxies := fs.String("proxy", "", "the reverse proxies in front, trusted for X-Forwarded-For: comma-separated `ADDRESSES` or CIDR prefixes")
	conns := fs.Int("conns-per-address", ConnsPerAddress, "the most websockets one address may hold open (raise it for a load test from one machine)")
	workers := fs.Int("workers", 0, "the jobs of the queue (uploads, re-verification) this node does at once (0: one a core)")
	reverify := fs.Bool("reverify", false, "queue every stored journal for re-verification by this build, work on the queue with the other nodes, print the report and exit (1 if any diverged)")
	imp := fs.String("import", "", "store every journal in `FOLDER` and the folders under it as a finished game (each read whole, not checked: --reverify checks them), print the count and exit (1 if any was refused)")
	importAs := fs.String("import-as", "imported", "with --import, the `ACCOUNT` the games are stored under (made if there is none, unable to sign in)")
	grant := fs.String("grant", "", "give the account a role and exit: `NAME=ROLE`, ROLE one of player, maintainer (reads the bug reports), admin")
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return cli.UsageError("one folder at a time, got %d arguments", len(pos))
	}
	if *db != "" && !store.IsPostgres(*db) {
		return cli.UsageError("--db takes a postgres:// URL; SQLite lives in DIR")
	}
	if *workers < 0 {
		return cli.UsageError("--workers must be a number of workers (0: one a core), got %d", *workers)
	}
	if *workers == 0 {
		*workers = runtime.GOMAXPROCS(0)
	}
	dir := ""
	if len(pos) == 1 {
		dir = pos[0]
	} else if *db == "" {
		if dir, err = dataDir(); err != nil {
			return err
		}
		dir = filepath.Join(dir, "host")
	}
	c := Config{Addr: *addr, DB: *db, Node: *node, ConnsPerAddress: *conns, Workers: *workers, Proxies: *proxies}
	switch {
	case (*grant != "") && *reverify, (*grant != "" || *reverify) && *imp != "":
		return cli.UsageError("--grant, --import and --reverify are three commands: one at a time")
	case *imp != "":
		return withStore(c, dir, func(ctx context.Context, st *store.Store) error {
			rep, err := Import(ctx, st, *imp, *importAs, stdout)
			if err == nil && len(rep.Refused) > 0 {
				return cli.Fail(1, "%d journals refused", len(rep.Refused))
			}
			return err
		})
	case *grant != "":
		name, role, ok := strings.Cut(*grant, "=")
		if !ok || (role != RolePlayer && role != RoleMaintainer && role != RoleAdmin) {
			return cli.UsageError("--grant NAME=ROLE, ROLE one of player, maintainer, admin; got %q", *grant)
		}
		return withStore(c, dir, func(ctx context.Context, st *store.Store) error {
			if err := st.SetRole(ctx, name, role); errors.Is(err, store.ErrNotFound) {
				return cli.Fail(1, "no account %s", name)
			} else if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "rogue host: %s is a %s now\n", name, role)
			return nil
		})
	case *reverify:
		return withStore(c, dir, func(ctx context.Context, st *store.Store) error {
			rep, err := Reverify(ctx, st, c, stdout)
			if err == nil && len(rep.Diverged) > 0 {
				return cli.Fail(1, "%d of %d journals diverged", len(rep.Diverged), rep.Checked)
			}
			return err
		})
	}
	return Command(c, dir, stdout)
}

// withStore runs f on the store c names, or SQLite in dir (made if need
// be), until SIGINT, SIGTERM or SIGHUP.
func withStore(c Config, dir string, f func(context.Context, *store.Store) error) error {
	if c.DB == "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return cli.Fail(1, "%v", err)
		}
		c.DB = filepath.Join(dir, "rogue.db")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	st, err := store.Open(ctx, c.DB)
	if err != nil {
		return cli.Fail(1, "%v", err)
	}
	defer st.Close()
	err = f(ctx, st)
	var ee interface{ ExitCode() int }
	if err != nil && !errors.As(err, &ee) {
		return cli.Fail(1, "%v", err)
	}
	return err
}

// Reverify queues every journal stored in st (of a game over) for
// re-simulation under its own rules by this build, works on the queue
// with c.Workers workers (other nodes' workers take its jobs too) until
// each is done, and prints the report: how many were checked, how many
// diverged and which, and the games re-verified a CPU-second of this
// process.
func Reverify(ctx context.Context, st *store.Store, c Config, out io.Writer) (store.RunReport, error) {
	start, cpu0 := time.Now(), cpuTime()
	run, n, err := st.QueueRun(ctx, buildinfo.Build())
	if err != nil {
		return store.RunReport{}, err
	}
	fmt.Fprintf(out, "rogue host: run %d: %d journals queued for re-verification by %s, %d workers here\n", run, n, buildinfo.Build(), c.Workers)
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	s := New(st, Options{Node: c.Node, Uploads: Uploads{Workers: c.Workers}, Log: func(format string, args ...any) {
		fmt.Fprintf(out, "rogue host: "+format+"\n", args...)
	}})
	wait := s.Work(wctx)
	defer wait()
	var rep store.RunReport
	for {
		if rep, err = st.Run(ctx, run); err != nil {
			return rep, err
		}
		if rep.Done == rep.Jobs {
			break
		}
		select {
		case <-ctx.Done():
			return rep, fmt.Errorf("stopped with %d of %d journals done: run %d goes on on the other nodes' workers", rep.Done, rep.Jobs, run)
		case <-time.After(200 * time.Millisecond):
		}
	}
	stop()
	wait()
	wall, cpu := time.Since(start), cpuTime()-cpu0
	for _, j := range rep.Diverged {
		fmt.Fprintf(out, "diverged: game %d of %s: %s\n", j.Game, j.Account, j.Line)
	}
	for _, j := range rep.Unchecked {
		fmt.Fprintf(out, "not checked: game %d: %s\n", j.Game, j.Line)
	}
	fmt.Fprintf(out, "checked %d journals: %d verified, %d diverged, %d could not be checked\n", rep.Jobs, rep.Verified, len(rep.Diverged), len(rep.Unchecked))
	fmt.Fprintf(out, "in %v, %.1f CPU-seconds here: %.0f games a CPU-second\n", wall.Round(time.Millisecond), cpu.Seconds(), float64(rep.Jobs)/max(cpu.Seconds(), 1e-9))
	return rep, nil
}

// cpuTime is the CPU time this process has taken, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
