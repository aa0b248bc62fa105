//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
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
	"rogue/reducer"
	"rogue/reducer/content"
)

// Promise 5 of docs/ARCHITECTURE.md, end to end: the bot, playing with an fsync
// after every turn as a person's game does, is killed with SIGKILL at
// random moments. After each kill the journal must hold every turn that
// was written whole (the same game, digest for digest, as a fresh run of
// the seed), verify must pass on it, and the game must continue from it:
// OpenAppend drops only a torn tail and rewrites no earlier byte.
func TestKillingTheBotAtRandomMomentsLosesAtMostTheTurnBeingWritten(t *testing.T) {
	t.Parallel()
	bin := rogueBinary(t)
	rng := rand.New(rand.NewPCG(2026, 6))
	dir := t.TempDir()
	const kills = 20
	began := time.Now()
	var total struct{ turns, lost, torn, cut int }
	for i := range kills {
		seed := 1 + rng.Uint64N(1<<32)
		path := filepath.Join(dir, fmt.Sprintf("kill-%02d-seed-%d.rogue", i, seed))
		seen := killBot(t, bin, seed, path, time.Duration(5+rng.IntN(76))*time.Millisecond)

		k := checkKilledJournal(t, path, seed, seen)
		total.turns += k.turns
		total.lost += k.lost
		if k.torn {
			total.torn++
		}
		// Every other kill, also cut the last record short, as a power
		// cut while it was being written could (a kill leaves what was
		// written in the page cache).
		cut := i%2 == 1 && k.turns > 0
		if cut {
			total.cut++
			lastLen := k.end - k.lastStart
			require.NoError(t, os.Truncate(path, k.lastStart+1+rng.Int64N(lastLen-1)))
		}
		continueKilledJournal(t, path, seed, k, cut, i%5 == 0)
	}
	elapsed := time.Since(began)
	t.Logf("%d kills in %v: %d whole turns kept, %d turns lost against what was written before the kill, %d torn by the kill itself, %d cut short on purpose",
		kills, elapsed.Round(time.Millisecond), total.turns, total.lost, total.torn, total.cut)
	assert.Zero(t, total.lost, "with an fsync per turn, a kill loses nothing that was written")
}

// killBot starts the bot on a new journal, waits until the journal has its
// header, lets the bot play for delay, and kills it with SIGKILL. It
// returns the journal's size just before the kill: every byte up to there
// was written by a write call that had returned.
func killBot(t *testing.T, bin string, seed uint64, path string, delay time.Duration) int64 {
	t.Helper()
	cmd := exec.Command(bin, "bot", "--seed", strconv.FormatUint(seed, 10), "--turns", "100000",
		"--wizard", "--sync-every", "1", "--out", path)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	waitFor(t, 10*time.Second, "the journal's header is written", func() bool {
		fi, err := os.Stat(path)
		return err == nil && fi.Size() > 0
	})
	time.Sleep(delay)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	err = cmd.Wait()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "the bot was killed, not finished: %v %s", err, out.String())
	status, ok := exit.Sys().(syscall.WaitStatus)
	require.True(t, ok && status.Signaled() && status.Signal() == syscall.SIGKILL, "%v: %s", err, out.String())
	return fi.Size()
}

// waitFor polls cond every millisecond until it holds, failing the test
// after timeout.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		require.True(t, time.Now().Before(deadline), "waited %v for %s", timeout, what)
		time.Sleep(time.Millisecond)
	}
}

// killed is what a killed bot's journal held.
type killed struct {
	turns     int   // whole turns
	lost      int   // turns written whole before the kill that are missing
	torn      bool  // the kill left a torn record
	lastStart int64 // where the last whole record starts
	end       int64 // where the last whole record ends
}

// checkKilledJournal reads a killed bot's journal, of which seen bytes
// had been written before the kill: it must be the bot's game of seed,
// whole up to its last record, verified by re-simulation.
func checkKilledJournal(t *testing.T, path string, seed uint64, seen int64) killed {
	t.Helper()
	r, err := journal.Open(path)
	require.NoError(t, err, "the header was written before the kill")
	defer r.Close()
	header := r.End()
	var k killed
	var turn events.Turn
	for {
		err := r.Next(&turn)
		if err == io.EOF {
			break
		}
		if err != nil {
			tail := r.Tail()
			require.NotNil(t, tail, "%v", err)
			assert.True(t, tail.Torn, "a kill tears the last record at worst, never corrupts one: %v", tail)
			assert.Equal(t, r.Size()-r.End(), tail.Dropped)
			k.torn = true
			break
		}
		k.lastStart = r.Offset()
	}
	k.turns, k.end = r.Turns(), r.End()

	// A fresh run of the seed writes the same records (only the header's
	// creation time differs), so it says how many turns were whole in the
	// seen bytes.
	run := botGame(t, seed, k.turns, seen-header)
	written := 0
	for _, end := range run.ends {
		if end <= seen-header {
			written++
		}
	}
	k.lost = max(0, written-k.turns)
	require.LessOrEqual(t, k.lost, 1, "at most one turn lost")

	r2, err := journal.Open(path)
	require.NoError(t, err)
	defer r2.Close()
	s, _, err := game.Fold(r2, content.Default(), -1, nil)
	require.NoError(t, err)
	require.Equal(t, k.turns, s.Turn)
	assert.Equal(t, run.digests[k.turns], s.Digest(), "the journal is the bot's game of seed %d, turn for turn", seed)

	r3, err := journal.Open(path)
	require.NoError(t, err)
	defer r3.Close()
	div, checked, _, err := game.Verify(r3, content.Default())
	require.NoError(t, err)
	require.Nil(t, div, "re-simulation of the killed journal diverges")
	assert.Equal(t, k.turns, checked)
	return k
}

// more is how many turns a continued game plays after a kill.
const more = 10

// continueKilledJournal reopens a killed journal as a continued game does
// and plays on: OpenAppend drops a torn tail (reporting it) without
// changing a byte before it, and the continued game verifies and is the
// bot's game of seed. cut says the last record was cut short on purpose.
// withCLI also runs rogue verify on the result.
func continueKilledJournal(t *testing.T, path string, seed uint64, k killed, cut, withCLI bool) {
	t.Helper()
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	f, tail, err := journal.OpenAppend(path)
	require.NoError(t, err)
	keep := k.turns
	switch {
	case cut:
		keep--
		require.NotNil(t, tail, "a record cut short is reported")
		assert.Equal(t, &journal.Tail{Path: path, Offset: k.lastStart, Turn: keep, Dropped: int64(len(before)) - k.lastStart, Torn: true, Err: tail.Err}, tail)
		assert.True(t, errors.Is(tail, journal.ErrTorn), "%v", tail)
	case k.torn:
		require.NotNil(t, tail, "a record torn by the kill is reported")
		assert.Equal(t, k.end, tail.Offset)
	default:
		assert.Nil(t, tail, "nothing to drop")
	}
	good := int64(len(before))
	if tail != nil {
		good = tail.Offset
		unchanged, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, before, unchanged, "OpenAppend changes no byte")
		side, err := f.TrimTorn()
		require.NoError(t, err)
		kept, err := os.ReadFile(side)
		require.NoError(t, err)
		assert.Equal(t, before[good:], kept, "the torn bytes are kept in the side file")
	}
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before[:good], after, "TrimTorn keeps every byte before the torn tail as it was")
	assert.Equal(t, keep, f.Turns())

	r, err := journal.Open(path)
	require.NoError(t, err)
	s, tail, err := game.Fold(r, content.Default(), -1, nil)
	require.NoError(t, err)
	require.Nil(t, tail)
	require.NoError(t, r.Close())
	var g *game.Game
	if keep == 0 {
		// Killed before the first turn was written: the game begins now.
		g, err = game.Start(f.Header(), content.Default(), f)
	} else {
		g, err = game.Resume(s, f.Header(), f)
	}
	require.NoError(t, err)
	require.NoError(t, g.PlayWith(bot.Strong{}, keep+more))
	require.NoError(t, f.Close())

	final, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(final, after), "appending never rewrites earlier bytes")
	r, err = journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	s, tail, err = game.Fold(r, content.Default(), -1, nil)
	require.NoError(t, err)
	require.Nil(t, tail)
	assert.Equal(t, keep+more, s.Turn)
	assert.Equal(t, botGame(t, seed, keep+more, 0).digests[keep+more], s.Digest(), "the continued game is the bot's game of seed %d", seed)

	r, err = journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	div, checked, tail, err := game.Verify(r, content.Default())
	require.NoError(t, err)
	require.Nil(t, div)
	require.Nil(t, tail)
	assert.Equal(t, keep+more, checked)

	if withCLI {
		got := runRogue(t, nil, "verify", path)
		assert.Equal(t, ran{Stdout: fmt.Sprintf("%s: verified %d turns: rules version %d, the journal's own, decides every fact the journal recorded\n", path, keep+more, events.RulesVersion)}, got)
	}
}

// botRun is a fresh run of the bot's game of a seed.
type botRun struct {
	digests []string // the state's digest after 0, 1, 2... turns
	ends    []int64  // where each turn's record ends, counted from the end of the header
}

// botGame plays the bot's wizard game of seed in memory until it has at
// least n turns and its records take at least size bytes.
func botGame(t *testing.T, seed uint64, n int, size int64) botRun {
	t.Helper()
	h := game.NewHeader(seed, "bot", journal.Options{Wizard: true, SyncEvery: 1})
	s := reducer.New(seed, content.Default())
	s.Wizard = true
	run := botRun{digests: []string{s.Digest()}}
	m, err := journal.NewMemory(h)
	require.NoError(t, err)
	header := int64(len(m.Bytes()))
	g, err := game.Start(m.Header(), content.Default(), m)
	require.NoError(t, err)
	for {
		run.digests = append(run.digests, g.State.Digest())
		run.ends = append(run.ends, int64(len(m.Bytes()))-header)
		if g.State.Turn >= n && run.ends[len(run.ends)-1] >= size {
			return run
		}
		require.NoError(t, g.PlayerTurn(bot.Strong{}))
	}
}
