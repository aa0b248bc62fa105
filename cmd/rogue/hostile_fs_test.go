//go:build linux

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// File systems that get in the way: full, limited, read-only, forbidden,
// a directory where the journal should be, a journal another process
// holds. Each gives one clear line, keeps every turn already committed,
// and refuses to go on unsaved.

// mountTmpfs mounts a tmpfs of size bytes on a new directory, or skips
// the test where this user may not mount.
func mountTmpfs(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size)); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v): journal's writer tests cover a full disk with /dev/full and injected failures", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// savingFailed matches the one line a bot stopped by a failed write prints.
var savingFailed = regexp.MustCompile(`^rogue bot: saving turn (\d+): journal (.+): turn (\d+) at byte (\d+): write failed \(write (.+): (.+)\): turn (\d+) was not written; the journal takes no more turns until reopened\n$`)

// checkStoppedBot checks what a bot stopped by a failed write left: one
// line naming the turn and the byte, and a journal that holds every turn
// before it, whole, verified and the bot's game of seed. It returns the
// number of turns.
func checkStoppedBot(t *testing.T, got ran, path string, seed uint64, why string) int {
	t.Helper()
	assertNoPanic(t, got)
	assert.Equal(t, 1, got.Code)
	m := savingFailed.FindStringSubmatch(got.Stderr)
	require.NotNil(t, m, "stderr: %q", got.Stderr)
	turns, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, []string{m[0], m[1], path, m[1], strconv.FormatInt(fi.Size(), 10), path, why, m[1]}, m,
		"the line names the turn, the byte where it was to go, and why")

	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	s, tail, err := game.Fold(r, content.Default(), -1, nil)
	require.NoError(t, err)
	assert.Nil(t, tail, "no half record is left behind")
	assert.Equal(t, turns, s.Turn, "every turn before the failed one is in the journal")
	assert.Equal(t, botGame(t, seed, turns, 0).digests[turns], s.Digest())
	got = runRogue(t, nil, "verify", path)
	assert.Equal(t, ran{Stdout: fmt.Sprintf("%s: verified %d turns: rules version %d, the journal's own, decides every fact the journal recorded\n", path, turns, events.RulesVersion)}, got)
	return turns
}

func TestAFullDiskStopsTheGameWithEveryCommittedTurnKept(t *testing.T) {
	t.Parallel()
	dir := mountTmpfs(t, 16<<10)
	path := filepath.Join(dir, "full.rogue")
	got := runRogue(t, nil, "bot", "--seed", "3", "--turns", "100000", "--wizard", "--sync-every", "1", "--out", path)
	turns := checkStoppedBot(t, got, path, 3, "no space left on device")

	// Continuing on the full disk: the journal opens, the state is
	// there, and the first turn that cannot be saved stops the game
	// with the state unchanged; so does every turn after it.
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	f, tail, err := journal.OpenAppend(path)
	require.NoError(t, err)
	require.Nil(t, tail)
	r, err := journal.Open(path)
	require.NoError(t, err)
	s, _, err := game.Fold(r, content.Default(), -1, nil)
	require.NoError(t, err)
	require.NoError(t, r.Close())
	g, err := game.Resume(s, f.Header(), f)
	require.NoError(t, err)
	digest := s.Digest()
	for range 3 {
		err := g.PlayerTurn(bot.Strong{})
		require.Error(t, err)
		assert.True(t, errors.Is(err, journal.ErrBroken), "%v", err)
		assert.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
		assert.Equal(t, turns, g.State.Turn, "a turn that was not saved is not played")
		assert.Equal(t, digest, g.State.Digest())
	}
	assert.True(t, errors.Is(f.Close(), journal.ErrBroken), "closing reports the failure again")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the journal is as it was")
}

func TestAFileSizeLimitStopsTheBotLikeAFullDisk(t *testing.T) {
	t.Parallel()
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("no prlimit here")
	}
	path := filepath.Join(t.TempDir(), "limited.rogue")
	got := runRogue(t, []string{prlimit, "--fsize=8000"}, "bot", "--seed", "4", "--turns", "100000", "--wizard", "--sync-every", "1", "--out", path)
	checkStoppedBot(t, got, path, 4, "file too large")
}

// unprivileged returns the command to run rogue under as a user without
// root's privileges: nothing if this is not root, setpriv to nobody if it
// is; or skips the test.
func unprivileged(t *testing.T) []string {
	t.Helper()
	if os.Geteuid() != 0 {
		return nil
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("running as root without setpriv to drop privileges")
	}
	return []string{setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"}
}

func TestJournalsThatMayNotBeReadOrWrittenGiveOneLine(t *testing.T) {
	t.Parallel()
	as := unprivileged(t)
	dir := sharedDir(t)
	secret := writeFile(t, dir, "secret.rogue", botJournal(t, 5, 5).Bytes())
	require.NoError(t, os.Chmod(secret, 0))
	readOnly := filepath.Join(dir, "read-only")
	require.NoError(t, os.Mkdir(readOnly, 0o555))
	require.NoError(t, os.Chmod(readOnly, 0o555))
	cases := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"replay of a journal this user may not read", []string{"replay", "--headless", secret},
			"rogue replay: journal " + secret + ": open: permission denied"},
		{"verify of a journal this user may not read", []string{"verify", secret},
			"rogue verify: journal " + secret + ": open: permission denied"},
		{"dump of a journal this user may not read", []string{"dump", secret},
			"rogue dump: journal " + secret + ": open: permission denied"},
		{"a new journal in a read-only directory", []string{"bot", "--turns", "5", "--out", filepath.Join(readOnly, "new.rogue")},
			"rogue bot: journal " + readOnly + "/new.rogue: create: permission denied"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, ran{Code: 1, Stderr: c.stderr + "\n"}, runRogue(t, as, c.args...))
		})
	}
	entries, err := os.ReadDir(readOnly)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing was left in the read-only directory")
}

func TestAJournalOnAReadOnlyFileSystemReplaysButIsNotContinued(t *testing.T) {
	t.Parallel()
	src := t.TempDir()
	m := botJournal(t, 6, 20)
	path := writeFile(t, src, "game.rogue", m.Bytes())
	torn := writeFile(t, src, "torn.rogue", m.Bytes()[:len(m.Bytes())-3])
	ro := t.TempDir()
	if err := syscall.Mount(src, ro, "", syscall.MS_BIND, ""); err != nil {
		t.Skipf("cannot bind-mount here (%v)", err)
	}
	t.Cleanup(func() { syscall.Unmount(ro, syscall.MNT_DETACH) })
	require.NoError(t, syscall.Mount("", ro, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
	roPath, roTorn := filepath.Join(ro, "game.rogue"), filepath.Join(ro, "torn.rogue")

	got := runRogue(t, nil, "replay", "--headless", roPath)
	assert.Equal(t, 0, got.Code, got.Stderr)
	assert.Contains(t, got.Stdout, "turn:     19 of 19\n")
	for _, p := range []string{roPath, roTorn} {
		f, tail, err := journal.OpenAppend(p)
		assert.Nil(t, f)
		assert.Nil(t, tail)
		assert.True(t, errors.Is(err, syscall.EROFS), "%v", err)
		assert.EqualError(t, err, "journal "+p+": open: read-only file system")
	}
	assert.Equal(t, ran{Code: 1, Stderr: "rogue bot: journal " + ro + "/new.rogue: create: read-only file system\n"},
		runRogue(t, nil, "bot", "--turns", "5", "--out", filepath.Join(ro, "new.rogue")))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, m.Bytes(), b, "the journal was not touched")
	b, err = os.ReadFile(torn)
	require.NoError(t, err)
	assert.Equal(t, m.Bytes()[:len(m.Bytes())-3], b, "the torn journal was not touched")
}

func TestAJournalPathThatIsADirectoryIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	assert.Equal(t, ran{Code: 1, Stderr: "rogue bot: journal " + dir + ": is a directory\n"},
		runRogue(t, nil, "bot", "--turns", "5", "--out", dir))
	f, tail, err := journal.OpenAppend(dir)
	assert.Nil(t, f)
	assert.Nil(t, tail)
	assert.True(t, errors.Is(err, syscall.EISDIR), "%v", err)
	assert.EqualError(t, err, "journal "+dir+": open: is a directory")
}

func TestAJournalAnotherProcessIsWritingIsLockedButReadable(t *testing.T) {
	t.Parallel()
	bin := rogueBinary(t)
	path := filepath.Join(t.TempDir(), "busy.rogue")
	cmd := exec.Command(bin, "bot", "--seed", "8", "--turns", "100000", "--wizard", "--sync-every", "1", "--out", path)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	waitFor(t, 10*time.Second, "the bot plays a few turns", func() bool {
		fi, err := os.Stat(path)
		return err == nil && fi.Size() > 1000
	})

	f, tail, err := journal.OpenAppend(path)
	assert.Nil(t, f)
	assert.Nil(t, tail)
	assert.True(t, errors.Is(err, journal.ErrLocked), "%v", err)
	assert.EqualError(t, err, "journal "+path+": in use by another rogue process")

	got := runRogue(t, nil, "replay", "--headless", path)
	assertNoPanic(t, got)
	assert.Equal(t, 0, got.Code, "a game being played can be watched: %s", got.Stderr)

	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()
	f, _, err = journal.OpenAppend(path)
	require.NoError(t, err, "the lock goes with the process that held it")
	require.NoError(t, f.Close())
}

func TestATornTailThatCannotBeKeptAsideIsNotCut(t *testing.T) {
	t.Parallel()
	dir := mountTmpfs(t, 16<<10)
	m, err := journal.NewMemory(game.NewHeader(9, "bot", journal.Options{Wizard: true}))
	require.NoError(t, err)
	g, err := game.Start(m.Header(), content.Default(), m)
	require.NoError(t, err)
	for len(m.Bytes()) < 13<<10 {
		require.NoError(t, g.PlayerTurn(bot.Strong{}))
	}
	r, err := m.Reader()
	require.NoError(t, err)
	var turn events.Turn
	for r.Next(&turn) == nil {
	}
	last := r.Offset() // the last record starts here
	b := append([]byte(nil), m.Bytes()[:len(m.Bytes())-2]...)
	path := writeFile(t, dir, "game.rogue", b)

	f, tail, err := journal.OpenAppend(path)
	require.NoError(t, err)
	defer f.Close()
	require.NotNil(t, tail)
	assert.True(t, tail.Torn)
	_, err = f.TrimTorn()
	assert.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
	assert.EqualError(t, err, fmt.Sprintf("journal %s: turn %d at byte %d: cannot keep the torn tail before cutting it, so it is not cut: write %s.torn-%d: no space left on device", path, r.Turns()-1, last, path, last))
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, b, after, "a torn tail that cannot be kept aside is not cut")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no side file is left behind")
}

func TestANamedPipeGivenAsAJournalIsRefusedAtOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "pipe.rogue")
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	for _, cmd := range [][]string{{"replay", "--headless"}, {"verify"}, {"dump"}} {
		assert.Equal(t, ran{Code: 1, Stderr: "rogue " + cmd[0] + ": journal " + path + ": is not a regular file\n"},
			runRogue(t, nil, append(cmd, path)...), "no wait for a writer that never comes")
	}
	f, tail, err := journal.OpenAppend(path)
	assert.Nil(t, f)
	assert.Nil(t, tail)
	assert.True(t, errors.Is(err, journal.ErrNotJournal), "%v", err)
	assert.EqualError(t, err, "journal "+path+": is not a regular file")
}
