package journal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Snapshots are a cache of game states beside a journal, so that resuming
// or seeking in a long game folds a few thousand turns instead of all of
// them. They are never the truth: each one says which journal and which
// position in it it belongs to, and a reader checks that (and the state's
// own digest) before trusting it, falling back to folding from the start.
// Deleting them loses nothing.
//
// The snapshots of the journal at path live in the directory path+".snap",
// one file per snapshot named after its turn (0000012288.snap), each
// written whole with WriteFileAtomic. A snapshot file is
//
//	magic    8 bytes "ROGUESNP"
//	length   uvarint, the payload's length, at most MaxSnapshotSize
//	crc      4 bytes little endian: CRC-32C (Castagnoli) of the payload
//	payload  uvarints: snapshot file version (1), state schema
//	         (reducer.SnapshotSchema), turns, offset, last, chain, header
//	         chain (see Position, Reader.HeaderChain); then the state digest
//	         and the state (reducer.MarshalSnapshot), each a uvarint length
//	         and its bytes.
//
// The state's bytes are the reducer's: the journal frames, checks and
// caches them without reading them (see SnapshotState), and the state
// schema is a number it is given and compares. Decoding a state is
// game.RestoreSnapshot's.

// SnapshotMagic is the first 8 bytes of every snapshot file.
const SnapshotMagic = "ROGUESNP"

// MaxSnapshotSize is the largest snapshot payload read or written.
const MaxSnapshotSize = 16 << 20

// snapshotVersion is the version of the snapshot file layout.
const snapshotVersion = 1

// Snapshot is one cached state and where it belongs.
type Snapshot struct {
	// Pos is the journal position the state was folded to: State's turn
	// is Pos.Turns.
	Pos Position
	// Header is the journal's Reader.HeaderChain.
	Header uint32
	// Schema is the state schema State was written under.
	Schema int
	// Digest is the state's SnapshotState.Digest.
	Digest string
	// State is SnapshotState.MarshalSnapshot's bytes.
	State []byte
}

// SnapshotState is a game state as a snapshot keeps it, the reducer's
// (*reducer.State is one): its digest, and its bytes under the state
// schema the snapshot names.
type SnapshotState interface {
	Digest() string
	MarshalSnapshot() []byte
}

// NewSnapshot snapshots s, encoded under state schema schema, which was
// folded to pos of the journal whose header chain is header.
func NewSnapshot(s SnapshotState, schema int, pos Position, header uint32) Snapshot {
	return Snapshot{Pos: pos, Header: header, Schema: schema, Digest: s.Digest(), State: s.MarshalSnapshot()}
}

// MarshalBinary returns the snapshot file's bytes.
func (s Snapshot) MarshalBinary() ([]byte, error) {
	if len(s.Digest) > MaxNameLen {
		return nil, fmt.Errorf("snapshot: digest of %d bytes", len(s.Digest))
	}
	var p []byte
	for _, v := range []uint64{snapshotVersion, uint64(s.Schema), uint64(s.Pos.Turns), uint64(s.Pos.Offset), uint64(s.Pos.Last), uint64(s.Pos.Chain), uint64(s.Header)} {
		p = binary.AppendUvarint(p, v)
	}
	p = binary.AppendUvarint(p, uint64(len(s.Digest)))
	p = append(p, s.Digest...)
	p = binary.AppendUvarint(p, uint64(len(s.State)))
	p = append(p, s.State...)
	if len(p) > MaxSnapshotSize {
		return nil, fmt.Errorf("snapshot: %d bytes, more than %d", len(p), MaxSnapshotSize)
	}
	b := append([]byte(SnapshotMagic), binary.AppendUvarint(nil, uint64(len(p)))...)
	b = binary.LittleEndian.AppendUint32(b, chain(0, p))
	return append(b, p...), nil
}

// UnmarshalBinary reads a snapshot file's bytes, checking its framing and
// checksum, every length against the bytes left, and every number against
// its range. It does not decode the state: see Snapshot.Restore.
func (s *Snapshot) UnmarshalBinary(b []byte) error {
	if !bytes.HasPrefix(b, []byte(SnapshotMagic)) {
		return errors.New("not a snapshot (no ROGUESNP magic)")
	}
	b = b[len(SnapshotMagic):]
	n, plen, fault := parseLength(b, MaxSnapshotSize)
	if fault != nil {
		return fmt.Errorf("snapshot length: %s", fault.detail)
	}
	if len(b) != plen+4+n {
		return fmt.Errorf("snapshot of %d bytes holds %d", plen+4+n, len(b))
	}
	p := b[plen+4:]
	if chain(0, p) != binary.LittleEndian.Uint32(b[plen:]) {
		return errors.New("snapshot checksum mismatch: the file is corrupt")
	}
	var err error
	next := func(what string, max uint64) uint64 {
		if err != nil {
			return 0
		}
		v, k := binary.Uvarint(p)
		switch {
		case k <= 0:
			err = fmt.Errorf("snapshot %s: not a varint", what)
		case v > max:
			err = fmt.Errorf("snapshot %s %d is over %d", what, v, max)
		}
		if err != nil {
			return 0
		}
		p = p[k:]
		return v
	}
	blob := func(what string, max int) []byte {
		n := next(what, uint64(max))
		if err == nil && n > uint64(len(p)) {
			err = fmt.Errorf("snapshot %s of %d bytes, %d left", what, n, len(p))
		}
		if err != nil {
			return nil
		}
		v := p[:n]
		p = p[n:]
		return v
	}
	if v := next("version", 1<<31); err == nil && v != snapshotVersion {
		return fmt.Errorf("snapshot file version %d, this program reads %d", v, snapshotVersion)
	}
	s.Schema = int(next("schema", 1<<31))
	s.Pos.Turns = int(next("turns", MaxTurns))
	s.Pos.Offset = int64(next("offset", uint64(MaxFileSize)))
	s.Pos.Last = int64(next("last", uint64(MaxFileSize)))
	s.Pos.Chain = uint32(next("chain", 1<<32-1))
	s.Header = uint32(next("header chain", 1<<32-1))
	s.Digest = string(blob("digest", MaxNameLen))
	s.State = blob("state", MaxSnapshotSize)
	if err != nil {
		return err
	}
	if len(p) != 0 {
		return fmt.Errorf("snapshot: %d bytes after its end", len(p))
	}
	return nil
}

// SnapshotDir is the directory holding the snapshots of the journal at path.
func SnapshotDir(path string) string { return path + ".snap" }

// SnapshotFile is one snapshot file of a journal, by turn.
type SnapshotFile struct {
	Turn int
	Path string
}

func snapshotName(turn int) string { return fmt.Sprintf("%010d.snap", turn) }

// SnapshotPath is where the snapshot of turn turn of the journal at path
// is, if there is one: a reader that knows which turn it wants (one on the
// Snapshotter's grid, a multiple of SnapshotEvery) opens it by name
// rather than listing the directory.
func SnapshotPath(path string, turn int) string {
	return SnapshotDir(path) + string(filepath.Separator) + snapshotName(turn)
}

// ListSnapshots lists the snapshot files of the journal at path by
// increasing turn, judging by their names only; nil when there are none.
func ListSnapshots(path string) ([]SnapshotFile, error) {
	dir := SnapshotDir(path)
	d, err := os.Open(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("snapshots of %s: %w", path, err)
	}
	defer d.Close()
	// Unsorted: the names sort as their turns, which are sorted below.
	entries, err := d.ReadDir(-1)
	if err != nil {
		return nil, fmt.Errorf("snapshots of %s: %w", path, err)
	}
	var out []SnapshotFile
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".snap")
		if !ok || len(name) != 10 || !e.Type().IsRegular() {
			continue
		}
		turn, err := strconv.Atoi(name)
		if err != nil || turn < 0 {
			continue
		}
		out = append(out, SnapshotFile{Turn: turn, Path: dir + string(filepath.Separator) + e.Name()})
	}
	slices.SortFunc(out, func(a, b SnapshotFile) int { return a.Turn - b.Turn })
	return out, nil
}

// SnapshotPositions returns the positions of the newest snapshots of the
// journal at path, at most n of them, newest first: where
// OpenAppendAfter may start checking. A snapshot that cannot be read is
// passed over (they are a cache); a position still has to prove it
// belongs to the journal.
func SnapshotPositions(path string, n int) []Position {
	files, _ := ListSnapshots(path)
	var out []Position
	for i := len(files) - 1; i >= 0 && len(out) < n; i-- {
		if s, err := ReadSnapshot(files[i].Path); err == nil {
			out = append(out, s.Pos)
		}
	}
	return out
}

// ReadSnapshot reads the snapshot file at path (at most MaxSnapshotSize
// bytes and its framing).
func ReadSnapshot(path string) (Snapshot, error) {
	var s Snapshot
	f, err := os.Open(path)
	if err != nil {
		return s, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(len(SnapshotMagic)+maxFrameOverhead+MaxSnapshotSize+1)))
	if err != nil {
		return s, err
	}
	err = s.UnmarshalBinary(b)
	return s, err
}

// WriteSnapshot writes s as the snapshot of its turn beside the journal at
// path, replacing any file of that turn (see WriteFileAtomic).
func WriteSnapshot(path string, s Snapshot) error {
	b, err := s.MarshalBinary()
	if err != nil {
		return err
	}
	return writeSnapshotFile(path, snapshotName(s.Pos.Turns), b)
}

// writeSnapshotFile writes b whole (see WriteFileAtomic) as the file name
// in the snapshot directory of the journal at path, making the directory
// if there is none.
func writeSnapshotFile(path, name string, b []byte) error {
	dir := SnapshotDir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("snapshots of %s: %w", path, err)
	}
	return WriteFileAtomic(filepath.Join(dir, name), b)
}

// SnapshotOwnerName is the name of the file in a snapshot directory that
// says which journal its snapshots belong to (see NewSnapshotter).
const SnapshotOwnerName = "journal"

// snapshotOwner is what the owner file of the journal at path's snapshots
// says, or "" when there is none or it cannot be read.
func snapshotOwner(path string) string {
	b, err := os.ReadFile(filepath.Join(SnapshotDir(path), SnapshotOwnerName))
	if err != nil || len(b) > 64 {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// ownerLine is what the owner file says for the journal whose header chain
// is header, under state schema schema.
func ownerLine(header uint32, schema int) string {
	return fmt.Sprintf("%08x schema %d", header, schema)
}

// Default spacing of snapshots: see Snapshotter.
const (
	SnapshotEvery    = 1024
	MaxSnapshotFiles = 1024
)

// Snapshotter keeps the snapshots of a journal being written: one every
// Every turns, at most Max of them (when there would be more, the spacing
// doubles and every other one is deleted), plus the newest one, at a
// multiple of the original spacing, so that resuming folds less than
// SnapshotEvery turns. Seeking to any turn folds fewer than Every turns
// from the snapshot before it. Writing a snapshot never stops a game:
// errors are kept in Err and writing stops.
type Snapshotter struct {
	path   string
	header uint32
	schema int
	// Every is the current spacing of kept snapshots, in turns; Base the
	// spacing of the newest one.
	Every, Base int
	// Max is the most kept snapshots (the newest one aside).
	Max  int
	kept []int // turns of the snapshots on disk, increasing
	// owned: the directory's owner file names this journal, so every
	// snapshot in it is this journal's; clean: none of another's is left,
	// so that it may say so once the first snapshot is due.
	owned, clean bool
	// Err is the first error writing or deleting a snapshot.
	Err error
}

// NewSnapshotter starts keeping the snapshots of the journal at path,
// whose header chain is header (Reader.HeaderChain, or HeaderChainOf for a
// journal being written) and which holds turns turns, of states encoded
// under state schema schema (reducer.SnapshotSchema). Snapshots already
// there that belong to another journal or lie past its end (it was cut
// back after a crash) are deleted.
//
// Which journal the snapshots belong to is in the directory's owner file
// (SnapshotOwnerName: the header chain in hex and the state schema),
// written before the journal's first snapshot and only once no other
// journal's is left, so that continuing a long game does not open each of
// its snapshots. Without it (or naming another journal or schema), each
// snapshot's first bytes are read, and those of another schema go too:
// this program cannot use them.
func NewSnapshotter(path string, header uint32, schema, turns int) *Snapshotter {
	s := &Snapshotter{path: path, header: header, schema: schema, Every: SnapshotEvery, Base: SnapshotEvery, Max: MaxSnapshotFiles}
	files, err := ListSnapshots(path)
	if err != nil {
		s.Err = err
		return s
	}
	s.owned = snapshotOwner(path) == ownerLine(header, schema)
	s.clean = true
	for _, f := range files {
		if f.Turn > turns || !s.owned && !belongs(f.Path, header, schema) {
			if err := os.Remove(f.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
				s.clean = false
			}
			continue
		}
		s.kept = append(s.kept, f.Turn)
	}
	for len(s.kept) > s.Max {
		s.thin()
	}
	return s
}

// belongs reports whether the snapshot file at path names the journal
// whose header chain is header and is of the layout this program reads and
// of state schema schema, reading only its first bytes (the rest is checked when
// it is used).
func belongs(path string, header uint32, schema int) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	b := make([]byte, 96)
	n, _ := io.ReadFull(f, b)
	b = b[:n]
	if !bytes.HasPrefix(b, []byte(SnapshotMagic)) {
		return false
	}
	b = b[len(SnapshotMagic):]
	_, plen, fault := parseLength(b, MaxSnapshotSize)
	if fault != nil {
		return false
	}
	b = b[plen+4:]
	var v [7]uint64 // version, schema, turns, offset, last, chain, header
	for i := range v {
		var k int
		v[i], k = binary.Uvarint(b)
		if k <= 0 {
			return false
		}
		b = b[k:]
	}
	return v[0] == snapshotVersion && v[1] == uint64(schema) && v[6] == uint64(header)
}

// Due reports whether a snapshot of the state after turns turns is due.
func (s *Snapshotter) Due(turns int) bool {
	return s.Err == nil && turns > 0 && turns%s.Base == 0
}

// Save writes the snapshot of st, folded to pos of the journal, and
// deletes the ones no longer kept.
func (s *Snapshotter) Save(st SnapshotState, pos Position) error {
	if s.Err != nil {
		return s.Err
	}
	if !s.owned && s.clean {
		if err := writeSnapshotFile(s.path, SnapshotOwnerName, []byte(ownerLine(s.header, s.schema)+"\n")); err != nil {
			s.Err = err
			return err
		}
		s.owned = true
	}
	if err := WriteSnapshot(s.path, NewSnapshot(st, s.schema, pos, s.header)); err != nil {
		s.Err = err
		return err
	}
	// Snapshots at or past this one are stale (the journal was cut back
	// and played again); the previous newest one goes unless it is on the
	// ladder.
	for n := len(s.kept); n > 0 && s.kept[n-1] >= pos.Turns; n = len(s.kept) {
		if s.kept[n-1] != pos.Turns {
			s.remove(s.kept[n-1])
		}
		s.kept = s.kept[:n-1]
	}
	if n := len(s.kept); n > 0 && s.kept[n-1]%s.Every != 0 {
		s.remove(s.kept[n-1])
		s.kept = s.kept[:n-1]
	}
	s.kept = append(s.kept, pos.Turns)
	for s.ladder() > s.Max {
		s.thin()
	}
	return s.Err
}

// ladder counts the kept snapshots at multiples of Every.
func (s *Snapshotter) ladder() int {
	n := 0
	for _, t := range s.kept {
		if t%s.Every == 0 {
			n++
		}
	}
	return n
}

// thin doubles the spacing and deletes the snapshots off it, the newest
// aside.
func (s *Snapshotter) thin() {
	s.Every *= 2
	keep := s.kept[:0]
	for i, t := range s.kept {
		if t%s.Every == 0 || i == len(s.kept)-1 {
			keep = append(keep, t)
		} else {
			s.remove(t)
		}
	}
	s.kept = keep
}

func (s *Snapshotter) remove(turn int) {
	err := os.Remove(SnapshotPath(s.path, turn))
	if err != nil && !errors.Is(err, os.ErrNotExist) && s.Err == nil {
		s.Err = err
	}
}

// HeaderChainOf is the header chain (see Reader.HeaderChain) of a journal
// with header h as written (File.Header, Memory.Header).
func HeaderChainOf(h Header) (uint32, error) {
	payload, err := encodeHeader(h)
	if err != nil {
		return 0, err
	}
	return chain(0, payload), nil
}
