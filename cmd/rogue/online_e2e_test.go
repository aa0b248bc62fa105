package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/host"
	"rogue/online"
)

// hosted is a rogue host run by a test.
type hosted struct {
	cmd  *exec.Cmd
	base string
}

// startHost starts bin host on addr with the SQLite in dir and reads the
// address it prints.
func startHost(t *testing.T, bin, addr, dir string) *hosted {
	t.Helper()
	cmd := exec.Command(bin, "host", "--addr", addr, dir)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	h := &hosted{cmd: cmd}
	lines := bufio.NewScanner(stdout)
	if lines.Scan() {
		if m := regexp.MustCompile(`^rogue host: (http://\S+?)/ `).FindStringSubmatch(lines.Text()); m != nil {
			h.base = m[1]
		}
	}
	require.NotEmpty(t, h.base, "rogue host printed no address")
	go io.Copy(io.Discard, stdout)
	return h
}

// kill kills the host with SIGKILL: no chance to flush or close anything.
func (h *hosted) kill(t *testing.T) {
	require.NoError(t, h.cmd.Process.Kill())
	h.cmd.Wait()
}

func liveRows(t *testing.T, base string) []host.GameRow {
	t.Helper()
	resp, err := http.Get(base + "/api/games")
	require.NoError(t, err)
	defer resp.Body.Close()
	var rows []host.GameRow
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&rows))
	return rows
}

// The real binary online: a host, two accounts, a game played in an
// 80x24 pane while a second pane watches it with the same screen; the
// host killed with SIGKILL mid-game and started again, the player's
// client reconnecting with no turn lost or doubled; the game played to
// its end, its journal downloaded, verified, and its digest the listed
// one.
func TestAGameOnlineIsPlayedWatchedSurvivesAKillAndVerifies(t *testing.T) {
	dir, bin := endToEnd(t)
	tm := newTmux(t, dir)
	h := startHost(t, bin, "127.0.0.1:0", filepath.Join(dir, "host"))

	signUp := func(name, config string) {
		c := exec.Command(bin, "account", "new", h.base, name)
		c.Env = append(tm.env, "XDG_CONFIG_HOME="+config)
		c.Stdin = strings.NewReader("password-" + name + "\n")
		out, err := c.CombinedOutput()
		require.NoError(t, err, "%s", out)
		assert.Contains(t, string(out), "signed in to "+h.base+" as "+name)
		fi, err := os.Stat(filepath.Join(config, "rogue", "online.json"))
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	}
	adaConfig := filepath.Join(dir, "home", ".config")
	signUp("ada", adaConfig)
	signUp("bob", filepath.Join(dir, "bob"))

	player := tm.run("player", "play", "--online", h.base)
	player.waitFor("Nobody is watching.")
	rows := liveRows(t, h.base)
	require.Len(t, rows, 1)
	id := rows[0].ID
	watcher := tm.run("watcher", "watch", h.base, fmt.Sprint(id))
	watcher.waitFor("You watch ada's game")
	player.waitFor("1 person is watching.")

	player.keys("o") // explore: one frame, the server streams the turns
	status := func(s string) string { return regexp.MustCompile(`(?m)^HP .*$`).FindString(s) }
	// Explore plays turns, or stops at once where the game's random seed
	// put a monster in view: either way the job's turns came from one
	// frame. A monster in view at the start refuses the job with no turn
	// ("Not with the Rat in view ...: fight or ...").
	screen := player.waitUntil("explore plays turns", func(s string) bool {
		return statusTurn(t, s) > 3 || (statusTurn(t, s) >= 1 && strings.Contains(s, "You stop:")) ||
			strings.Contains(s, "Not with the ")
	})
	player.keys("Escape") // any key stops the job, as in the terminal
	// The job has stopped once the status line stays as it is for 200 ms
	// (steps come every 15 ms).
	last, since := "", time.Now()
	screen = player.waitUntil("the job stops", func(s string) bool {
		if st := status(s); st != last {
			last, since = st, time.Now()
			return false
		}
		return time.Since(since) >= 200*time.Millisecond
	})
	watched := watcher.waitUntil("the watcher sees the player's turn", func(s string) bool { return status(s) == status(screen) })
	mapOf := func(s string) string { return strings.Join(strings.Split(s, "\n")[:17], "\n") }
	assert.Equal(t, mapOf(screen), mapOf(watched), "the watcher sees the player's map")

	// Kill the host mid-game: every turn acknowledged is in the store.
	before := statusTurn(t, player.screen())
	port := h.base[strings.LastIndex(h.base, ":")+1:]
	h.kill(t)
	player.keys("Z") // a key while the host is down
	player.waitFor("The connection to the server dropped: reconnecting.")
	h = startHost(t, bin, "127.0.0.1:"+port, filepath.Join(dir, "host"))
	screen = player.waitFor("Reconnected.")
	rows = liveRows(t, h.base)
	require.Len(t, rows, 1)
	held := statusTurn(t, screen)
	assert.GreaterOrEqual(t, held, before)
	assert.Equal(t, held+1, rows[0].Turns, "the store holds every turn the player saw, and no other")
	player.keys(".") // wait a turn
	player.waitUntil("the game goes on after the restart", func(s string) bool { return statusTurn(t, s) > held })
	player.keys("Q")
	assert.Contains(t, player.exit(0), fmt.Sprintf("game %d is kept on %s", id, h.base))

	// The rest of the game: the built-in player over the same protocol.
	b, err := os.ReadFile(filepath.Join(adaConfig, "rogue", "online.json"))
	require.NoError(t, err)
	var tokens map[string]struct{ Token string }
	require.NoError(t, json.Unmarshal(b, &tokens))
	playToTheEnd(t, h.base, tokens[h.base].Token)

	rows = liveRows(t, h.base)
	require.Len(t, rows, 1)
	require.False(t, rows[0].Live)
	resp, err := http.Get(fmt.Sprintf("%s/games/%d.rogue", h.base, id))
	require.NoError(t, err)
	journal, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, 200, resp.StatusCode, "%s", journal)
	file := filepath.Join(dir, "online.rogue")
	require.NoError(t, os.WriteFile(file, journal, 0o644))
	out, err := exec.Command(bin, "verify", file).CombinedOutput()
	require.NoError(t, err, "rogue verify: %s", out)
	out, err = exec.Command(bin, "replay", "--headless", file).CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Regexp(t, `(?m)^digest:\s+`+rows[0].Digest+`$`, string(out), "the digest listed is the journal's")
}

// playToTheEnd plays the signed-in player's game with the built-in
// player until it is over.
func playToTheEnd(t *testing.T, base, token string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c, err := online.Dial(ctx, base, "/ws/play", token)
	require.NoError(t, err)
	defer c.Close()
	s, err := c.State()
	require.NoError(t, err)
	refused := false
	for turn := c.Hello.Turns; !s.Over; {
		cmd := bot.Choose(s)
		if refused {
			cmd = &events.Wait{} // as the bot does offline
		}
		require.NoError(t, c.Send(ctx, turn, cmd))
		m, err := c.Next(ctx)
		for err == nil && m.Turn == nil && m.Note.Watchers != nil { // the count of spectators comes any time
			m, err = c.Next(ctx)
		}
		require.NoError(t, err)
		switch {
		case m.Turn != nil:
			require.NoError(t, s.ApplyTurn(m.Turn))
			turn, refused = turn+1, false
		case m.Note.Refused != "" && !refused:
			refused = true
		default:
			t.Fatalf("the bot's command at turn %d was answered %+v", turn, m.Note)
		}
	}
}
