package journal

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The snapshot cache holds snapshots of journals that came without their
// own (a journal attached to a bug report, copied to another machine),
// so that opening one a second time folds a few thousand turns instead
// of all of them. It lives in the user's cache directory (CacheRoot), one
// folder per journal header and state schema; each file is a snapshot in
// the same layout as a game's own (see Snapshot), named after its turn
// and the journal's chained checksum at that turn:
//
//	$XDG_CACHE_HOME/rogue/snap/HEADERCHAIN-sSCHEMA/TURN-CHAIN.snap
//
// Journals of the same game share a folder (a copy cut short, a longer
// copy of it): a snapshot is only used where the journal's bytes up to
// its turn are the ones it was folded from, which its position says and
// a reader checks (Reader.Seek), together with the state's digest, as for
// a game's own snapshots. Nothing in the cache is trusted unchecked: a
// file that does not read, does not check out or does not belong is
// ignored (and deleted), never an error. The whole folder may be deleted
// at any time; it is rebuilt as journals are opened.

// CacheSnapshotEvery is the spacing, in turns, of the snapshots a long
// fold leaves in the cache (see game.Seeker).
const CacheSnapshotEvery = 16384

// The most a journal header's cache folder takes: past maxCacheFiles
// files, no more are written, and no snapshot over maxCacheFileSize bytes
// is (the deepest states of the long wizard game take 5 KB; a hostile
// journal can make states of megabytes), so that no journal can fill the
// disk through the cache.
const (
	maxCacheFiles    = 1024
	maxCacheFileSize = 256 << 10
)

// CacheRoot is rogue's folder in the user's cache directory, as the XDG
// base directory specification places it: $XDG_CACHE_HOME/rogue when
// that is an absolute path, else $HOME/.cache/rogue. It fails when
// neither is known.
func CacheRoot() (string, error) {
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "rogue"), nil
	}
	home := os.Getenv("HOME")
	if home == "" || !filepath.IsAbs(home) {
		return "", errors.New("no cache directory: neither XDG_CACHE_HOME nor HOME is set to an absolute path")
	}
	return filepath.Join(home, ".cache", "rogue"), nil
}

// SnapshotCache is the snapshot cache of one journal (see CacheRoot):
// the folder of the snapshots of journals with its header chain. The zero
// value and nil hold nothing and write nothing.
type SnapshotCache struct {
	dir    string
	header uint32
	schema int
	files  []CachedSnapshot // as listed, by increasing turn
	listed bool
}

// CachedSnapshot is one file of a SnapshotCache: the snapshot of Turn,
// where the journal's chain is Chain, according to its name.
type CachedSnapshot struct {
	Turn  int
	Chain uint32
	Path  string
}

// OpenSnapshotCache is the snapshot cache of the journal whose header
// chain is header (Reader.HeaderChain), for states of state schema schema
// (reducer.SnapshotSchema), in the folder CacheRoot names. It
// returns nil when there is no cache directory: the cache is then not
// used.
func OpenSnapshotCache(header uint32, schema int) *SnapshotCache {
	root, err := CacheRoot()
	if err != nil {
		return nil
	}
	return NewSnapshotCache(root, header, schema)
}

// NewSnapshotCache is the snapshot cache of the journal whose header
// chain is header, for states of state schema schema, under the folder
// root. Nothing is read or made until
// it is used.
func NewSnapshotCache(root string, header uint32, schema int) *SnapshotCache {
	name := fmt.Sprintf("%08x-s%d", header, schema)
	return &SnapshotCache{dir: filepath.Join(root, "snap", name), header: header, schema: schema}
}

// Dir is the cache's folder.
func (c *SnapshotCache) Dir() string {
	if c == nil {
		return ""
	}
	return c.dir
}

func cacheName(turn int, chain uint32) string { return fmt.Sprintf("%010d-%08x.snap", turn, chain) }

// Files lists the cache's snapshot files by increasing turn (the folder
// is read once; files written since by this SnapshotCache are in the
// list), judging by their names only. An unreadable or missing folder
// lists none.
func (c *SnapshotCache) Files() []CachedSnapshot {
	if c == nil {
		return nil
	}
	if c.listed {
		return c.files
	}
	c.listed = true
	d, err := os.Open(c.dir)
	if err != nil {
		return nil
	}
	defer d.Close()
	entries, err := d.ReadDir(maxCacheFiles + 1)
	if err != nil && len(entries) == 0 {
		return nil
	}
	for _, e := range entries {
		if f, ok := parseCacheName(e.Name()); ok && e.Type().IsRegular() {
			f.Path = filepath.Join(c.dir, e.Name())
			c.files = append(c.files, f)
		}
	}
	slices.SortFunc(c.files, compareCached)
	return c.files
}

// compareCached orders cache files by turn, then chain: a total order.
func compareCached(a, b CachedSnapshot) int {
	if a.Turn != b.Turn {
		return a.Turn - b.Turn
	}
	return int(int64(a.Chain) - int64(b.Chain))
}

// parseCacheName reads a cache file's name: TURN-CHAIN.snap, 10 decimal
// and 8 hexadecimal digits.
func parseCacheName(name string) (CachedSnapshot, bool) {
	base, ok := strings.CutSuffix(name, ".snap")
	if !ok || len(base) != 19 || base[10] != '-' {
		return CachedSnapshot{}, false
	}
	turn, err := strconv.ParseUint(base[:10], 10, 63)
	if err != nil || turn > MaxTurns {
		return CachedSnapshot{}, false
	}
	chain, err := strconv.ParseUint(base[11:], 16, 32)
	if err != nil || strings.ContainsAny(base[11:], "+-") {
		return CachedSnapshot{}, false
	}
	return CachedSnapshot{Turn: int(turn), Chain: uint32(chain)}, true
}

// Read reads the snapshot file f and checks that it is what its name
// says: the cache's journal header, f's turn and chain. It does not
// restore the state (Snapshot.Restore checks that) nor check the position
// against a journal (Reader.Seek does).
func (c *SnapshotCache) Read(f CachedSnapshot) (Snapshot, error) {
	s, err := ReadSnapshot(f.Path)
	if err != nil {
		return s, err
	}
	switch {
	case s.Header != c.header:
		return s, errors.New("it belongs to another journal")
	case s.Pos.Turns != f.Turn || s.Pos.Chain != f.Chain:
		return s, fmt.Errorf("it holds turn %d at chain %08x, not what its name says", s.Pos.Turns, s.Pos.Chain)
	}
	return s, nil
}

// Has reports whether the cache lists a snapshot of turn at chain.
func (c *SnapshotCache) Has(turn int, chain uint32) bool {
	_, found := slices.BinarySearchFunc(c.Files(), CachedSnapshot{Turn: turn, Chain: chain}, compareCached)
	return found
}

// Write adds the snapshot of st, folded to pos of the journal, to the
// cache, unless it is there already or the folder is full. The file is
// written to a temporary name and renamed, but not fsynced: a cache file
// a crash cuts short fails its checksum and is ignored.
func (c *SnapshotCache) Write(st SnapshotState, pos Position) error {
	if c == nil || c.Has(pos.Turns, pos.Chain) {
		return nil
	}
	if len(c.files) >= maxCacheFiles {
		return fmt.Errorf("snapshot cache %s: full (%d files)", c.dir, maxCacheFiles)
	}
	b, err := NewSnapshot(st, c.schema, pos, c.header).MarshalBinary()
	if err != nil {
		return err
	}
	if len(b) > maxCacheFileSize {
		return fmt.Errorf("snapshot cache %s: a snapshot of %d bytes, more than %d", c.dir, len(b), maxCacheFileSize)
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	name := cacheName(pos.Turns, pos.Chain)
	tmp, err := os.CreateTemp(c.dir, "."+name+".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(c.dir, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	f := CachedSnapshot{Turn: pos.Turns, Chain: pos.Chain, Path: filepath.Join(c.dir, name)}
	i, _ := slices.BinarySearchFunc(c.files, f, compareCached)
	c.files = slices.Insert(c.files, i, f)
	return nil
}

// Forget deletes the cache file f (one that did not check out) and drops
// it from the list.
func (c *SnapshotCache) Forget(f CachedSnapshot) {
	if c == nil {
		return
	}
	os.Remove(f.Path)
	c.Pass(f)
}

// Pass drops the cache file f from the list, leaving the file: it is
// another journal's of the same game.
func (c *SnapshotCache) Pass(f CachedSnapshot) {
	if c == nil {
		return
	}
	c.files = slices.DeleteFunc(c.files, func(g CachedSnapshot) bool { return g == f })
}

// CachedPositions is SnapshotPositions for the snapshot cache of the
// journal at path and state schema schema (see OpenSnapshotCache): the
// positions of its newest
// cached snapshots that read whole and name it, at most n of them, newest
// first. A position still has to prove it belongs to the journal (see
// OpenAppendAfter). None when the journal or the cache cannot be read.
func CachedPositions(path string, schema, n int) []Position {
	r, err := Open(path)
	if err != nil {
		return nil
	}
	hc, err := r.HeaderChain()
	r.Close()
	if err != nil {
		return nil
	}
	c := OpenSnapshotCache(hc, schema)
	files := c.Files()
	var out []Position
	for i := len(files) - 1; i >= 0 && len(out) < n; i-- {
		if s, err := c.Read(files[i]); err == nil {
			out = append(out, s.Pos)
		}
	}
	return out
}
