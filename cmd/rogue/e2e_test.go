package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endToEnd skips the test without tmux or in -short, else returns a new
// folder with the real binary in it (rogueBinary's, built once) and the
// binary's path there.
func endToEnd(t *testing.T) (dir, bin string) {
	t.Helper()
	dir = followTerminal(t)
	return dir, filepath.Join(dir, "rogue")
}

// The end-to-end test runs the real binary in an 80x24 tmux pane, types
// keys and reads the screen: a new game, a few steps, the inventory, quit;
// then rogue again continues on the same turn; the digest printed on
// quitting is the one replay computes from the journal.
func TestPlayingInATerminalSavesAndContinues(t *testing.T) {
	t.Parallel()
	dir, bin := endToEnd(t)
	tm := newTmux(t, dir)

	first := tm.run("first", "play", "--new", "--seed", "7")
	first.waitFor("Turn 0")
	first.keys("l", "j", "l", "i")
	first.waitFor("Dagger (main hand)")
	first.keys("Escape")
	screen := first.waitUntil("the inventory closes", func(s string) bool { return !strings.Contains(s, "Inventory") })
	turn := statusTurn(t, screen)
	first.keys("Q")
	saved := first.exit(0)
	m := regexp.MustCompile(`^saved turn (\d+) to (\S+) \(digest ([0-9a-f]{16})\)$`).FindStringSubmatch(saved)
	require.NotNil(t, m, "the line printed on quitting: %q", saved)
	assert.Equal(t, fmt.Sprint(turn), m[1], "the saved turn is the one on the status line")
	journal, digest := m[2], m[3]
	assert.FileExists(t, journal)

	second := tm.run("second")
	second.waitFor("Continue")
	second.keys("Enter")
	screen = second.waitFor("Welcome back")
	assert.Equal(t, turn, statusTurn(t, screen), "rogue continues on the same turn")

	locked := exec.Command(bin, "play", "--journal", journal)
	locked.Env = tm.env
	msg, err := locked.CombinedOutput()
	assert.Error(t, err, "a second rogue on the same journal exits non-zero")
	assert.Contains(t, string(msg), "being played by another rogue")
	assert.Equal(t, 1, strings.Count(strings.TrimSpace(string(msg)), "\n")+1, "one line: %q", msg)

	second.keys("Q")
	assert.Equal(t, saved, second.exit(0), "quitting again saves the same turn")

	replay := exec.Command(bin, "replay", "--headless", journal)
	replay.Env = tm.env
	summary, err := replay.CombinedOutput()
	require.NoError(t, err, "%s", summary)
	assert.Regexp(t, `(?m)^digest:\s+`+digest+`$`, string(summary), "replay computes the digest printed on quitting")
}

// statusTurn reads the turn off the status line.
func statusTurn(t *testing.T, screen string) int {
	t.Helper()
	m := regexp.MustCompile(`Turn (\d+)`).FindStringSubmatch(screen)
	require.NotNil(t, m, "no turn on the screen:\n%s", screen)
	var n int
	fmt.Sscan(m[1], &n)
	return n
}

// tmux drives a private tmux server (its own socket, killed at the end).
type tmux struct {
	t      *testing.T
	dir    string
	socket string
	// socketPath is the socket's file, once the server runs.
	socketPath string
	conf       string
	env        []string
}

func newTmux(t *testing.T, dir string) *tmux {
	conf := filepath.Join(dir, "tmux.conf")
	require.NoError(t, os.WriteFile(conf, []byte("set -g status off\nset -g default-size 80x24\nset -s exit-empty off\n"), 0o644))
	home := filepath.Join(dir, "home")
	require.NoError(t, os.MkdirAll(home, 0o755))
	tm := &tmux{
		t:      t,
		dir:    dir,
		socket: fmt.Sprintf("rogue-e2e-%d-%d", os.Getpid(), time.Now().UnixNano()),
		conf:   conf,
		env:    append(os.Environ(), "XDG_DATA_HOME="+filepath.Join(dir, "data"), "HOME="+home),
	}
	t.Cleanup(func() {
		exec.Command("tmux", "-L", tm.socket, "kill-server").Run()
		if tm.socketPath != "" {
			os.Remove(tm.socketPath) // tmux leaves its socket file behind
		}
	})
	return tm
}

func (tm *tmux) cmd(args ...string) ([]byte, error) {
	all := append([]string{"-L", tm.socket, "-f", tm.conf}, args...)
	c := exec.Command("tmux", all...)
	c.Env = tm.env
	return c.CombinedOutput()
}

// pane is one run of the binary in its own tmux session.
type pane struct {
	tm   *tmux
	name string
	out  string // the file its stdout goes to
	rc   string // the file its exit code goes to
}

// run starts the binary with args in a new 80x24 session.
func (tm *tmux) run(name string, args ...string) *pane {
	p := &pane{tm: tm, name: name, out: filepath.Join(tm.dir, name+".out"), rc: filepath.Join(tm.dir, name+".rc")}
	quoted := []string{quote(filepath.Join(tm.dir, "rogue"))}
	for _, a := range args {
		quoted = append(quoted, quote(a))
	}
	line := fmt.Sprintf("%s >%s 2>&1; echo $? >%s", strings.Join(quoted, " "), quote(p.out), quote(p.rc))
	out, err := tm.cmd("new-session", "-d", "-x", "80", "-y", "24", "-s", name, line)
	require.NoError(tm.t, err, "tmux new-session: %s", out)
	if tm.socketPath == "" {
		path, err := tm.cmd("display-message", "-p", "-t", name, "#{socket_path}")
		if err == nil && strings.Contains(string(path), tm.socket) {
			tm.socketPath = strings.TrimSpace(string(path))
		}
	}
	return p
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// keys types keys into the pane (tmux key names: "Escape", "Enter").
func (p *pane) keys(keys ...string) {
	out, err := p.tm.cmd(append([]string{"send-keys", "-t", p.name}, keys...)...)
	require.NoError(p.tm.t, err, "tmux send-keys: %s", out)
}

func (p *pane) screen() string {
	out, err := p.tm.cmd("capture-pane", "-p", "-t", p.name)
	if err != nil {
		return ""
	}
	return string(out)
}

// waitFor waits until the screen shows text, and returns the screen.
func (p *pane) waitFor(text string) string {
	return p.waitUntil("the screen shows "+text, func(s string) bool { return strings.Contains(s, text) })
}

// waitUntil polls the screen until ok says so, or fails after a deadline.
func (p *pane) waitUntil(what string, ok func(string) bool) string {
	p.tm.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s := p.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			p.tm.t.Fatalf("waited 5s for %s; the screen:\n%s", what, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// exit waits for the binary to exit with code want and returns what it
// printed, trimmed.
func (p *pane) exit(want int) string {
	p.tm.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		rc, err := os.ReadFile(p.rc)
		if err == nil && strings.HasSuffix(string(rc), "\n") {
			out, _ := os.ReadFile(p.out)
			require.Equal(p.tm.t, fmt.Sprint(want), strings.TrimSpace(string(rc)), "exit code; output: %s", out)
			// The program wraps its exit lines at 80 columns, going on
			// over lines indented by two spaces: joined back here, so
			// that a test reads each as one line.
			return strings.ReplaceAll(strings.TrimSpace(string(out)), "\n  ", " ")
		}
		if time.Now().After(deadline) {
			p.tm.t.Fatalf("waited 5s for rogue to exit; the screen:\n%s", p.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
