package journal

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
)

func TestCreateNeverOverwritesAnything(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.jnl")
	require.NoError(t, os.WriteFile(existing, []byte("precious"), 0o644))
	cases := []struct {
		name string
		path string
		kind error
		want string
	}{
		{"an existing file", existing, fs.ErrExist, "journal " + existing + ": already exists, and a journal is never overwritten"},
		{"a directory", dir, fs.ErrExist, "journal " + dir + ": is a directory"},
		{"a path in a missing directory", filepath.Join(dir, "nope", "a.jnl"), fs.ErrNotExist,
			"journal " + dir + "/nope/a.jnl: create: no such file or directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Create(c.path, testHeader())
			assert.Nil(t, f)
			assertIs(t, err, c.kind)
			assert.EqualError(t, err, c.want)
		})
	}
	b, err := os.ReadFile(existing)
	require.NoError(t, err)
	assert.Equal(t, "precious", string(b))
}

func TestCreateInAReadOnlyDirectoryFails(t *testing.T) {
	// Not parallel: as root it starts a process (runAsNobody), which holds
	// every file open in this process from its fork to its exec, and with
	// them the flock of a journal another test has just closed.
	if runAsNobody(t) {
		return
	}
	dir := filepath.Join(t.TempDir(), "ro")
	require.NoError(t, os.Mkdir(dir, 0o555))
	if f, err := os.Create(filepath.Join(dir, "probe")); err == nil {
		f.Close()
		t.Skip("this user writes into read-only directories: root, with no way to run as nobody")
	}
	path := filepath.Join(dir, "a.jnl")
	_, err := Create(path, testHeader())
	assertIs(t, err, fs.ErrPermission)
	assert.EqualError(t, err, "journal "+path+": create: permission denied")
}

func TestOpenAppendRefusesWhatItCannotContinue(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.jnl")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	text := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(text, []byte("dear diary"), 0o644))
	cases := []struct {
		name string
		path string
		kind error
		want string
	}{
		{"a missing file", filepath.Join(dir, "missing.jnl"), fs.ErrNotExist, "journal " + dir + "/missing.jnl: open: no such file or directory"},
		{"a directory", dir, syscall.EISDIR, "journal " + dir + ": open: is a directory"},
		{"an empty file", empty, ErrEmpty, "journal " + empty + ": at byte 0: empty file, not a rogue journal"},
		{"a file that is not a journal", text, ErrNotJournal, "journal " + text + ": at byte 0: not a rogue journal (no ROGUEJNL magic)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, tail, err := OpenAppend(c.path)
			assert.Nil(t, f)
			assert.Nil(t, tail)
			assertIs(t, err, c.kind)
			assert.EqualError(t, err, c.want)
		})
	}
	b, err := os.ReadFile(text)
	require.NoError(t, err)
	assert.Equal(t, "dear diary", string(b), "a file that is not a journal is left alone")
}

func TestASecondWriterIsLockedOutUntilTheFirstCloses(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.jnl")
	first, err := Create(path, testHeader())
	require.NoError(t, err)
	turns := sampleTurns(3)
	appendAll(t, first, turns[:2])

	_, _, err = OpenAppend(path)
	assertIs(t, err, ErrLocked)
	assert.EqualError(t, err, "journal "+path+": in use by another rogue process")
	_, err = Create(path, testHeader())
	assertIs(t, err, fs.ErrExist)

	require.NoError(t, first.Close())
	second, tail, err := OpenAppend(path)
	require.NoError(t, err)
	assert.Nil(t, tail)
	_, _, err = OpenAppend(path)
	assertIs(t, err, ErrLocked)
	appendAll(t, second, turns[2:])
	require.NoError(t, second.Close())

	r, err := Open(path)
	require.NoError(t, err)
	defer r.Close()
	got, err := readAll(r)
	require.NoError(t, err)
	assert.Equal(t, turns, got)
}

// faultyHandle fails writes (after writing part of the record) or fsyncs
// on demand, and counts fsyncs.
type faultyHandle struct {
	handle
	writeErr error
	partial  int
	syncErr  error
	syncs    int
}

func (h *faultyHandle) WriteAt(p []byte, off int64) (int, error) {
	if h.writeErr == nil {
		return h.handle.WriteAt(p, off)
	}
	n, _ := h.handle.WriteAt(p[:min(h.partial, len(p))], off)
	return n, h.writeErr
}

func (h *faultyHandle) Sync() error {
	h.syncs++
	if h.syncErr != nil {
		return h.syncErr
	}
	return h.handle.Sync()
}

func TestAFailedWriteBreaksTheWriterAndLeavesNoHalfRecord(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		fault faultyHandle
		want  error
	}{
		{"a disk that fills up in the middle of a record", faultyHandle{writeErr: syscall.ENOSPC, partial: 5}, syscall.ENOSPC},
		{"a write that fails outright", faultyHandle{writeErr: syscall.EIO}, syscall.EIO},
		{"an fsync that fails", faultyHandle{syncErr: syscall.EIO}, syscall.EIO},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "game.jnl")
			f, err := Create(path, testHeader())
			require.NoError(t, err)
			turns := sampleTurns(6)
			appendAll(t, f, turns[:5])

			fault := c.fault
			fault.handle = f.f
			f.f = &fault
			err = f.Append(&turns[5])
			assertIs(t, err, ErrBroken)
			assertIs(t, err, c.want)
			var e *Error
			require.True(t, errors.As(err, &e))
			assert.Equal(t, path, e.Path)

			fault.writeErr, fault.syncErr = nil, nil
			assert.Equal(t, err, f.Append(&turns[5]), "the writer stays broken")
			assert.Equal(t, err, f.Sync())
			assert.Equal(t, err, f.Close(), "Close reports the failure too")

			r, err := Open(path)
			require.NoError(t, err)
			defer r.Close()
			got, err := readAll(r)
			require.NoError(t, err, "no half record is left behind")
			if c.fault.syncErr == nil {
				assert.Equal(t, turns[:5], got)
			} else {
				assert.Equal(t, turns, got, "the record was written; only its fsync failed")
			}
		})
	}
}

func TestAFullDiskBreaksTheWriter(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	h, head, crc, err := start("/dev/full", testHeader())
	require.NoError(t, err)
	f := newFile(full, newRecorder("/dev/full", h, int64(len(head)), 0, crc))
	turns := sampleTurns(2)
	err = f.Append(&turns[0])
	assertIs(t, err, ErrBroken)
	assertIs(t, err, syscall.ENOSPC)
	assert.Contains(t, err.Error(), "journal /dev/full: turn 0 at byte ")
	assert.Contains(t, err.Error(), "write failed (write /dev/full: no space left on device): turn 0 was not written")
	assert.Equal(t, err, f.Append(&turns[1]))
	f.Close()
}

func TestBatchedWritersFsyncEveryNTurnsAndOnClose(t *testing.T) {
	t.Parallel()
	h := testHeader()
	h.Options.SyncEvery = 10
	f, err := Create(filepath.Join(t.TempDir(), "bot.jnl"), h)
	require.NoError(t, err)
	counter := &faultyHandle{handle: f.f}
	f.f = counter
	appendAll(t, f, sampleTurns(25))
	assert.Equal(t, 2, counter.syncs)
	require.NoError(t, f.Sync())
	require.NoError(t, f.Sync())
	assert.Equal(t, 3, counter.syncs, "Sync fsyncs only what is pending")
	appendAll(t, f, sampleTurns(1))
	require.NoError(t, f.Close())
	assert.Equal(t, 4, counter.syncs)
}

func TestAnUnbatchedWriterFsyncsEveryTurn(t *testing.T) {
	t.Parallel()
	f, err := Create(filepath.Join(t.TempDir(), "game.jnl"), testHeader())
	require.NoError(t, err)
	counter := &faultyHandle{handle: f.f}
	f.f = counter
	appendAll(t, f, sampleTurns(7))
	assert.Equal(t, 7, counter.syncs)
	require.NoError(t, f.Close())
	assert.Equal(t, 7, counter.syncs)
}

func TestADamagedJournalIsRefusedByOpenAppendAndLeftUntouched(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(10)
	b, starts := journalOf(t, turns)
	b[starts[4]+3] ^= 0x01
	dir := t.TempDir()
	path := filepath.Join(dir, "game.jnl")
	require.NoError(t, os.WriteFile(path, b, 0o644))

	f, tail, err := OpenAppend(path)
	assert.Nil(t, f)
	assert.Nil(t, tail)
	assertIs(t, err, ErrDamaged)
	got, rerr := os.ReadFile(path)
	require.NoError(t, rerr)
	assert.Equal(t, b, got)
	entries, rerr := os.ReadDir(dir)
	require.NoError(t, rerr)
	assert.Len(t, entries, 1, "no side file either")
}

func TestATornTailIsCutOnlyByTrimTornAndKeptInASideFile(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(10)
	b, starts := journalOf(t, turns)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.jnl")
	torn := b[:starts[10]-3]
	require.NoError(t, os.WriteFile(path, torn, 0o644))
	// A side file of that name from an earlier crash is not overwritten.
	taken := path + ".torn-" + strconv.FormatInt(starts[9], 10)
	require.NoError(t, os.WriteFile(taken, []byte("older"), 0o644))

	f, tail, err := OpenAppend(path)
	require.NoError(t, err)
	defer f.Close()
	require.NotNil(t, tail)
	assert.True(t, tail.Torn)
	assert.Equal(t, 9, f.Turns())
	assert.Equal(t, starts[9], f.Size())
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, torn, got, "OpenAppend changes no byte")
	assertIs(t, f.Append(&turns[9]), ErrInvalid)

	side, err := f.TrimTorn()
	require.NoError(t, err)
	assert.Equal(t, taken+"-2", side)
	assert.Equal(t, side, tail.SavedTo)
	kept, err := os.ReadFile(side)
	require.NoError(t, err)
	got, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, torn, append(got, kept...), "the journal and its side file are the file as it was")
	older, err := os.ReadFile(taken)
	require.NoError(t, err)
	assert.Equal(t, "older", string(older))
	require.NoError(t, f.Append(&turns[9]))
	assert.Contains(t, tail.Error(), "; they are kept in "+side)
}

// A game saved by an older release goes on in its own format: every turn
// appended to a journal of format 1, 2 or 3 is written in that format,
// byte for byte as that release wrote it, so the file stays one format
// from start to end.
func TestAJournalOfAnOlderFormatGoesOnInThatFormat(t *testing.T) {
	t.Parallel()
	for v := 1; v < wire.FormatVersion; v++ {
		t.Run(fmt.Sprintf("format %d", v), func(t *testing.T) {
			h := testHeader()
			h.FormatVersion = v
			turns := sampleTurns(60)
			whole, _ := journalIn(t, h, turns)
			current, _ := journalOf(t, turns)
			require.NotEqual(t, current, whole, "format %d writes other bytes than the current format", v)

			path := filepath.Join(t.TempDir(), "old.rogue")
			f, err := Create(path, h)
			require.NoError(t, err)
			for i := range turns[:40] {
				require.NoError(t, f.Append(&turns[i]))
			}
			require.NoError(t, f.Close())

			f, tail, err := OpenAppend(path)
			require.NoError(t, err)
			require.Nil(t, tail)
			assert.Equal(t, v, f.Header().FormatVersion)
			for i := range turns[40:] {
				require.NoError(t, f.Append(&turns[40+i]))
			}
			require.NoError(t, f.Close())

			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, whole, got, "the continued journal is the one format %d writes", v)
			head, read, err := readBytes(got)
			require.NoError(t, err)
			assert.Equal(t, v, head.FormatVersion)
			assert.Equal(t, turns, read)

			m, tail, err := LoadMemory(got)
			require.NoError(t, err)
			require.Nil(t, tail)
			require.NoError(t, m.Append(&turns[0]))
			again, err := NewBytesReader(m.Bytes())
			require.NoError(t, err)
			assert.Equal(t, v, again.Header().FormatVersion)
		})
	}
}

// The current format is smaller than format 1 for the same turns.
func TestTheCurrentFormatIsSmallerThanFormat1(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(200)
	h := testHeader()
	h.FormatVersion = 1
	v1, _ := journalIn(t, h, turns)
	cur, _ := journalOf(t, turns)
	_, read, err := readBytes(cur)
	require.NoError(t, err)
	assert.Equal(t, turns, read)
	assert.Less(t, len(cur), len(v1)*85/100, "format %d: %d bytes, format 1: %d", wire.FormatVersion, len(cur), len(v1))
}

// positionAt is the Position after turn n of journal b.
func positionAt(t *testing.T, b []byte, n int) Position {
	t.Helper()
	r, err := NewBytesReader(b)
	require.NoError(t, err)
	var turn events.Turn
	for r.Turns() < n {
		require.NoError(t, r.Next(&turn))
	}
	return r.Position()
}

// Continuing from a snapshot's position checks only the records after it:
// a torn tail there is dropped as OpenAppend drops it, and the game goes
// on to the same bytes as a journal written in one go.
func TestOpenAppendAfterChecksOnlyTheRecordsAfterThePosition(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(120)
	whole, starts := journalOf(t, turns)
	at := positionAt(t, whole, 100)
	path := filepath.Join(t.TempDir(), "game.jnl")
	torn := cloneBytes(whole[:starts[110]-2])
	// A byte before the position changes: taken as it is, as the records
	// there were checked when the snapshot was made.
	torn[starts[50]+6] ^= 0x40
	require.NoError(t, os.WriteFile(path, torn, 0o644))

	f, tail, err := OpenAppendAfter(path, []Position{{Turns: 7, Offset: 9, Last: 8}, at})
	require.NoError(t, err)
	require.NotNil(t, tail)
	assert.True(t, tail.Torn)
	assert.Equal(t, 109, tail.Turn)
	assert.Equal(t, 109, f.Turns())
	_, err = f.TrimTorn()
	require.NoError(t, err)
	for i := range turns[109:] {
		require.NoError(t, f.Append(&turns[109+i]))
	}
	require.NoError(t, f.Close())
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	want := cloneBytes(whole)
	want[starts[50]+6] ^= 0x40
	assert.Equal(t, want, got)
}

// With no position that belongs to the journal, every record is checked:
// one from another journal proves nothing.
func TestOpenAppendAfterAForeignPositionChecksEverything(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(120)
	whole, starts := journalOf(t, turns)
	other := sampleTurns(121)[1:]
	foreign, _ := journalOf(t, other)
	path := filepath.Join(t.TempDir(), "game.jnl")
	b := cloneBytes(whole)
	b[starts[50]+6] ^= 0x40
	require.NoError(t, os.WriteFile(path, b, 0o644))

	_, _, err := OpenAppendAfter(path, []Position{positionAt(t, foreign, 100)})
	tail := asTail(t, err)
	assert.False(t, tail.Torn)
	assert.Equal(t, 50, tail.Turn)
}
