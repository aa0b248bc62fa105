package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rogue/online"
	"rogue/store"
)

// BenchmarkLoadOnOneHost is issue 32's "how fast, measured": the real
// `rogue host` binary, on SQLite and (with ROGUE_TEST_POSTGRES) on
// PostgreSQL, loaded by the real `rogue bot --online` in another process:
// built-in players at 2 turns a second each, and spectators spread over
// their games, measured for ROGUE_LOAD_SECONDS (20) once all are
// connected. The loads are ROGUE_LOAD, GAMES or GAMESxSPECTATORS
// separated by commas (100,500,500x5000,1000). The host's memory (its
// resident set) and CPU time are read from /proc, of its process alone.
// It prints one table (Markdown) when done. Run it with
//
//	go test ./cmd/rogue -run '^$' -bench LoadOnOneHost -benchtime 1x -timeout 60m
func BenchmarkLoadOnOneHost(b *testing.B) {
	loads := os.Getenv("ROGUE_LOAD")
	if loads == "" {
		loads = "100,500,500x5000,1000"
	}
	seconds := 20.0
	if env := os.Getenv("ROGUE_LOAD_SECONDS"); env != "" {
		var err error
		seconds, err = strconv.ParseFloat(env, 64)
		require.NoError(b, err)
	}
	dbs := []string{"sqlite"}
	if os.Getenv("ROGUE_TEST_POSTGRES") != "" {
		dbs = append(dbs, "postgres")
	}
	bin := rogueBinary(b)
	var rows []loadRow
	for _, db := range dbs {
		for _, spec := range strings.Split(loads, ",") {
			games, watchers := spec, "0"
			if i := strings.IndexByte(spec, 'x'); i >= 0 {
				games, watchers = spec[:i], spec[i+1:]
			}
			n, err := strconv.Atoi(games)
			require.NoError(b, err, "ROGUE_LOAD is GAMES or GAMESxSPECTATORS, separated by commas")
			w, err := strconv.Atoi(watchers)
			require.NoError(b, err, "ROGUE_LOAD is GAMES or GAMESxSPECTATORS, separated by commas")
			b.Run(fmt.Sprintf("%s/games=%d/spectators=%d", db, n, w), func(b *testing.B) {
				for range b.N {
					row := runLoad(b, bin, db, n, w, seconds)
					b.ReportMetric(row.r.Command.P99, "p99-ms")
					b.ReportMetric(row.r.Spectator.P99, "spectator-p99-ms")
					b.ReportMetric(row.kibPerGame, "KiB/game")
					rows = append(rows, row)
				}
			})
		}
	}
	printLoadTable(os.Stdout, rows, seconds)
}

// loadRow is one load's figures.
type loadRow struct {
	db                 string
	r                  online.LoadResult
	hostCPU            float64 // CPU-seconds of the host a second measured
	usPerTurn          float64 // the host's CPU a turn
	kibPerGame         float64 // the host's resident set a game, KiB
	kibPerWatcher      float64
	turnsPerCommit     float64
	load               string // /proc/loadavg's 1-minute figure when measuring began
	turns, commits     int64
	hostMiB            float64
	setupSecs, botSecs float64
}

// runLoad starts a host on db, puts the load on it from a rogue bot
// process, and stops both.
func runLoad(b *testing.B, bin, db string, games, watchers int, seconds float64) loadRow {
	dir := b.TempDir()
	env := append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_DATA_HOME="+filepath.Join(dir, "data"))
	args := []string{"host", "--addr", "127.0.0.1:0", "--conns-per-address", strconv.Itoa(games + watchers + 16)}
	if db == "postgres" {
		base := os.Getenv("ROGUE_TEST_POSTGRES")
		u, err := store.NewSchema(base)
		require.NoError(b, err)
		b.Cleanup(func() { store.DropSchema(base, u) })
		args = append(args, "--db", u)
	}
	args = append(args, filepath.Join(dir, "host"))
	host := exec.Command(bin, args...)
	host.Env = env
	host.Stderr = os.Stderr
	stdout, err := host.StdoutPipe()
	require.NoError(b, err)
	require.NoError(b, host.Start())
	b.Cleanup(func() { host.Process.Kill(); host.Wait() })
	lines := bufio.NewScanner(stdout)
	require.True(b, lines.Scan(), "rogue host printed nothing")
	m := regexp.MustCompile(`^rogue host: (http://\S+?)/ `).FindStringSubmatch(lines.Text())
	require.NotNil(b, m, "rogue host printed %q", lines.Text())
	url := m[1]
	hostLines := make(chan string, 64)
	go func() {
		defer close(hostLines)
		for lines.Scan() {
			hostLines <- lines.Text()
		}
	}()

	account := exec.Command(bin, "account", "new", url, "bench")
	account.Env = env
	account.Stdin = strings.NewReader("password-bench\n")
	out, err := account.CombinedOutput()
	require.NoError(b, err, "%s", out)

	pid := host.Process.Pid
	idle := residentKiB(b, pid)
	bot := exec.Command(bin, "bot", "--online", url, "--games", strconv.Itoa(games), "--pace", "2",
		"--watchers", strconv.Itoa(watchers), "--seconds", fmt.Sprint(seconds), "--turns", "1000000", "--json")
	bot.Env = env
	var botOut bytes.Buffer
	bot.Stdout = &botOut
	botErr, err := bot.StderrPipe()
	require.NoError(b, err)
	began := time.Now()
	require.NoError(b, bot.Start())
	b.Cleanup(func() { bot.Process.Kill() })
	var row loadRow
	row.db = db
	var withGames, withWatchers int64
	var cpuFrom float64
	var measureFrom time.Time
	progress := bufio.NewScanner(botErr)
	for progress.Scan() {
		switch line := progress.Text(); {
		case strings.Contains(line, "games connected"):
			withGames = residentKiB(b, pid)
		case strings.Contains(line, "measuring"):
			withWatchers = residentKiB(b, pid)
			cpuFrom = cpuSeconds(b, pid)
			measureFrom = time.Now()
			row.setupSecs = measureFrom.Sub(began).Seconds()
			if la, err := os.ReadFile("/proc/loadavg"); err == nil {
				row.load = strings.Fields(string(la))[0]
			}
		default:
			fmt.Fprintln(os.Stderr, line)
		}
	}
	err = bot.Wait()
	cpuTo := cpuSeconds(b, pid)
	measured := time.Since(measureFrom).Seconds()
	require.NoError(b, err, "rogue bot: %s", botOut.String())
	require.NoError(b, json.Unmarshal(bytes.TrimSpace(botOut.Bytes()), &row.r), "rogue bot printed %q", botOut.String())
	row.botSecs = time.Since(began).Seconds()
	row.hostMiB = float64(residentKiB(b, pid)) / 1024

	require.NoError(b, host.Process.Signal(syscall.SIGTERM))
	stopped := regexp.MustCompile(`stopped; (\d+) turns were committed in (\d+) transactions`)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for done := false; !done; {
		select {
		case line, ok := <-hostLines:
			if !ok {
				done = true
				break
			}
			if m := stopped.FindStringSubmatch(line); m != nil {
				row.turns, _ = strconv.ParseInt(m[1], 10, 64)
				row.commits, _ = strconv.ParseInt(m[2], 10, 64)
			}
		case <-ctx.Done():
			b.Fatal("rogue host did not stop within 30 s of SIGTERM")
		}
	}
	host.Wait()

	row.hostCPU = (cpuTo - cpuFrom) / measured
	if row.r.Command.Count > 0 {
		row.usPerTurn = (cpuTo - cpuFrom) / float64(row.r.Command.Count) * 1e6
	}
	row.kibPerGame = float64(withGames-idle) / float64(games)
	if watchers > 0 {
		row.kibPerWatcher = float64(withWatchers-withGames) / float64(watchers)
	}
	if row.commits > 0 {
		row.turnsPerCommit = float64(row.turns) / float64(row.commits)
	}
	return row
}

// residentKiB is process pid's resident set (VmRSS), in KiB.
func residentKiB(b *testing.B, pid int) int64 {
	s, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(b, err)
	m := regexp.MustCompile(`(?m)^VmRSS:\s+(\d+) kB`).FindSubmatch(s)
	require.NotNil(b, m)
	n, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return n
}

// cpuSeconds is the CPU time process pid has taken, user and system.
func cpuSeconds(b *testing.B, pid int) float64 {
	s, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	require.NoError(b, err)
	f := strings.Fields(string(s[bytes.LastIndexByte(s, ')')+2:]))
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100 // USER_HZ is 100 on Linux
}

func printLoadTable(w io.Writer, rows []loadRow, seconds float64) {
	host, _ := os.Hostname()
	up, _ := exec.Command("uptime").Output()
	fmt.Fprintf(w, "\nrogue host under rogue bot --online --pace 2 (another process), %.0f s measured a row; %s; %s", seconds, host, up)
	fmt.Fprintln(w, "| db | games | spectators | held | turns/s | command→turn p50 / p95 / p99 ms | spectator p50 / p99 ms | host CPU (cores) | host µs/turn | host KiB/game | host KiB/spectator | host RSS MiB | turns/commit | load (1 min) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		spec := "–"
		if r.r.Watchers > 0 {
			spec = fmt.Sprintf("%.1f / %.1f", r.r.Spectator.P50, r.r.Spectator.P99)
		}
		perWatcher := "–"
		if r.r.Watchers > 0 {
			perWatcher = fmt.Sprintf("%.1f", r.kibPerWatcher)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %.0f | %.1f / %.1f / %.1f | %s | %.2f | %.0f | %.0f | %s | %.0f | %.1f | %s |\n",
			r.db, r.r.Games, r.r.Watchers, r.r.Games-r.r.Over, float64(r.r.Command.Count)/r.r.Seconds,
			r.r.Command.P50, r.r.Command.P95, r.r.Command.P99, spec, r.hostCPU, r.usPerTurn, r.kibPerGame, perWatcher,
			r.hostMiB, r.turnsPerCommit, r.load)
	}
}
