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

	"rogue/bot"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// followTerminal skips without tmux or in -short, else gives a new
// folder with the real binary in it (a link to rogueBinary's).
func followTerminal(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end test runs rogue in a tmux pane")
	}
	if testing.Short() {
		t.Skip("the end-to-end test builds the binary and runs it under tmux")
	}
	dir := t.TempDir()
	require.NoError(t, os.Symlink(rogueBinary(t), filepath.Join(dir, "rogue")))
	return dir
}

// A bot game's journal, and where each of its turns ends: what a game
// being played writes, a record at a time.
func gameRecords(t *testing.T, seed uint64, turns int) ([]byte, []int64) {
	t.Helper()
	m, err := journal.NewMemory(game.NewHeader(seed, "bot", journal.Options{SyncEvery: 1}))
	require.NoError(t, err)
	g, err := game.Start(m.Header(), content.Default(), m)
	require.NoError(t, err)
	ends := []int64{int64(len(m.Bytes()))} // turn 0, the game's beginning
	for g.State.Turn < turns && !g.State.Over {
		require.NoError(t, g.PlayerTurn(bot.Strong{}))
		ends = append(ends, int64(len(m.Bytes())))
	}
	return m.Bytes(), ends
}

// appendFile appends b to the file at path, as a game's one write a turn
// does, and syncs it.
func appendFile(t *testing.T, path string, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.Write(b)
	require.NoError(t, err)
	require.NoError(t, f.Sync())
	require.NoError(t, f.Close())
}

// rogue replay --follow in an 80x24 terminal, on a journal written a
// turn at a time as the test goes: each new turn is shown (how soon is
// logged), a half-written turn is waited out until it is whole, and the
// replay says, without crashing, when the journal is deleted, cut short
// or damaged under it.
func TestFollowingAJournalBeingWrittenInATerminal(t *testing.T) {
	t.Parallel()
	followTerminal(t) // skips without tmux
	b, ends := gameRecords(t, 3, 60)
	// ends[i] is where turn i ends, as the screen numbers turns.
	cases := []struct {
		name   string
		end    func(path string)
		screen string
		code   int
		line   string
	}{
		{"deleted", func(path string) { require.NoError(t, os.Remove(path)) }, "STOPPED: journal deleted", 1,
			"rogue replay: journal PATH: was deleted while it was followed, after turn 40; the replay showed its turns up to then"},
		{"cut short", func(path string) { require.NoError(t, os.Truncate(path, ends[20])) }, "STOPPED: journal cut short", 1,
			fmt.Sprintf("rogue replay: journal PATH: was cut to %d bytes while it was followed, before the end of turn 40 at byte %d; the replay showed its turns up to then", ends[20], ends[40])},
		{"damaged", func(path string) {
			bad := append([]byte(nil), b[ends[40]:ends[41]]...)
			bad[len(bad)-1] ^= 0xff
			appendFile(t, path, bad)
		}, "DAMAGED after turn 40", 3, "rogue replay: journal PATH: turn 41 at byte BYTE: damaged journal: checksum does not chain: record corrupt, repeated or out of order; " +
			"none of the N bytes from there reads as a record; rogue salvage PATH writes a new journal of every turn that can be recovered"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := followTerminal(t) // each case its own folder and tmux server
			path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".rogue")
			require.NoError(t, os.WriteFile(path, b[:ends[9]], 0o644))
			tm := newTmux(t, dir)
			p := tm.run(strings.ReplaceAll(c.name, " ", "-"), "replay", "--follow", path)
			p.waitFor("Turn 9 of 9")
			p.waitFor("following: the newest turn")
			for turn := 10; turn <= 40; turn++ {
				if turn == 25 {
					// Half a record: the replay waits on the turn before.
					half := (ends[24] + ends[25]) / 2
					appendFile(t, path, b[ends[24]:half])
					time.Sleep(3 * followEveryForTests)
					assert.Contains(t, p.screen(), "Turn 24 of 24")
					appendFile(t, path, b[half:ends[25]])
				} else {
					appendFile(t, path, b[ends[turn-1]:ends[turn]])
				}
				written := time.Now()
				p.waitFor(fmt.Sprintf("Turn %d of %d", turn, turn))
				if turn%10 == 0 || turn == 25 {
					t.Logf("turn %d shown %v after it was written", turn, time.Since(written).Round(time.Millisecond))
				}
			}
			c.end(path)
			p.waitFor(c.screen)
			p.keys("q")
			got := p.exit(c.code)
			want := strings.ReplaceAll(c.line, "PATH", path)
			if strings.Contains(want, "BYTE") {
				want = strings.ReplaceAll(want, "BYTE", fmt.Sprint(ends[40]))
				want = strings.ReplaceAll(want, "none of the N bytes", fmt.Sprintf("none of the %d bytes", ends[41]-ends[40]))
			}
			assert.Equal(t, want, lastLine(got))
		})
	}
}

// followEveryForTests is how often the replay looks for new turns
// (play.followEvery).
const followEveryForTests = 200 * time.Millisecond

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// rogue replay --follow on the journal rogue bot writes, turn by turn
// (--sync-every 1, as a person's game is written): the replay goes on to
// the bot's last turn, and stops following at the game's end.
func TestFollowingTheBotInATerminal(t *testing.T) {
	t.Parallel()
	dir := followTerminal(t)
	tm := newTmux(t, dir)
	path := filepath.Join(dir, "bot.rogue")
	bot := exec.Command(filepath.Join(dir, "rogue"), "bot", "--seed", "3", "--turns", "5000", "--sync-every", "1", "--out", path)
	bot.Env = tm.env
	out := &strings.Builder{}
	bot.Stdout, bot.Stderr = out, out
	require.NoError(t, bot.Start())
	defer bot.Process.Kill()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if info, err := os.Stat(path); err == nil && info.Size() > 0 {
			break
		}
		require.False(t, time.Now().After(deadline), "the bot wrote no journal")
	}
	p := tm.run("follow-bot", "replay", "--follow", path)
	first := statusTurn(t, p.waitFor("following: the newest turn"))
	require.NoError(t, bot.Wait(), "the bot: %s", out)
	m := regexp.MustCompile(`^(alive|died|won) on depth \d+ at turn (\d+)`).FindStringSubmatch(out.String())
	require.NotNil(t, m, "the bot's first line says how its game ended: %s", out)
	last := m[2]
	require.Greater(t, len(last), 3, "the bot played more than a thousand turns: %s", out)
	require.Equal(t, "died", m[1], "the bot of seed 3 dies: %s", out)
	screen := p.waitFor("Turn " + last + " of " + last)
	t.Logf("the replay showed turn %d first, then followed the bot to turn %s (%s)", first, last, m[1])
	// No turn comes after a game's end: the replay stops following it.
	assert.Contains(t, p.waitFor("the end"), "Turn "+last+" of "+last)
	assert.NotContains(t, screen+p.waitFor("the end"), "following: the newest turn")
	p.keys("q")
	p.exit(0)
}
