package game

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Seeker gives the state of a journal file at any turn, fast at any
// length: it starts from the nearest snapshot at or before the turn (see
// journal.Snapshotter) and folds the few turns after it, or steps forward
// from where it last was. It opens the snapshots a game writes (at
// multiples of journal.SnapshotEvery) by name, and lists the snapshot
// directory, which grows with the game, only when none of those is there
// (a journal's end, a thinned ladder, other spacings). Snapshots that do
// not check out (corrupt, stale, another journal's) are skipped, with a
// note, and the journal is folded from further back, from its start at
// worst: the answer is the same, only slower.
//
// A journal without snapshots of its own near the turn (one attached to a
// bug report) has the snapshot cache (journal.SnapshotCache): the Seeker
// restores from it as from the journal's own snapshots, with the same
// checks, and a fold that goes journal.CacheSnapshotEvery turns past any
// snapshot leaves one there at each multiple of that spacing, so that the
// next Seeker on the journal starts from it. The cache's files are passed
// over in silence when they do not check out (and deleted when they do
// not even read): they are rebuilt as the fold passes their turn. It is
// not safe for concurrent use.
type Seeker struct {
	path   string
	tables *content.Tables
	r      *journal.Reader
	header uint32                 // the journal's header chain
	start  journal.Position       // turn 0
	snaps  []journal.SnapshotFile // once listed
	lists  int                    // how often the directory was listed: once at most
	bad    []int                  // turns of snapshots that did not check out
	cur    *reducer.State         // the state at the reader's position, or nil
	from   int                    // the turn cur was restored or restarted at
	tail   *journal.Tail
	cache  *journal.SnapshotCache // nil: none (see journal.CacheRoot)
	// cacheEvery is the spacing of the snapshots a long fold writes to
	// the cache (journal.CacheSnapshotEvery; tests make it shorter).
	cacheEvery int
	// cacheErr is the first error writing to the cache: no more is
	// written (the cache only makes later opens faster).
	cacheErr error
	// Note says in one line which snapshots were skipped and why; "" when
	// none were.
	Note    string
	skipped int
	// Folded counts the turns folded since the Seeker was opened: what
	// reaching states cost, beside reading a snapshot.
	Folded int
}

// OpenSeeker opens the journal file at path and lists its snapshots.
func OpenSeeker(path string, tables *content.Tables) (*Seeker, error) {
	r, err := journal.Open(path)
	if err != nil {
		return nil, err
	}
	r.ReuseFacts()
	hc, err := r.HeaderChain()
	if err != nil {
		r.Close()
		return nil, err
	}
	tables = FoldTables(r.Header(), tables)
	return &Seeker{path: path, tables: tables, r: r, header: hc, start: r.Position(),
		cache: journal.OpenSnapshotCache(hc, reducer.SnapshotSchema), cacheEvery: journal.CacheSnapshotEvery}, nil
}

// UseCache makes the Seeker use the snapshot cache c instead of the
// user's (journal.OpenSnapshotCache); nil for none.
func (k *Seeker) UseCache(c *journal.SnapshotCache) { k.cache = c }

// probes is how many snapshots the Seeker looks for by name, going back
// one grid step at a time, before it lists the directory.
const probes = 8

// list lists the snapshot directory, once, leaving out the snapshots that
// did not check out.
func (k *Seeker) list() {
	if k.lists > 0 {
		return
	}
	k.lists++
	snaps, err := journal.ListSnapshots(k.path)
	if err != nil {
		k.note("snapshots unreadable: %v", err)
	}
	k.snaps = slices.DeleteFunc(snaps, func(f journal.SnapshotFile) bool { return slices.Contains(k.bad, f.Turn) })
}

// Header is the journal's header.
func (k *Seeker) Header() journal.Header { return k.r.Header() }

// Close closes the journal.
func (k *Seeker) Close() error { return k.r.Close() }

func (k *Seeker) note(format string, args ...any) {
	k.skipped++
	if k.Note == "" {
		k.Note = fmt.Sprintf(format, args...)
	}
}

// NoteLine is Note with how many snapshots were skipped, for printing:
// "" when none were.
func (k *Seeker) NoteLine() string {
	switch {
	case k.skipped == 0:
		return ""
	case k.skipped == 1:
		return "note: " + k.Note
	}
	return fmt.Sprintf("note: %d snapshots skipped; the first: %s", k.skipped, k.Note)
}

// StateAt returns the state after turn turns (turn 0: before the first;
// a negative turn: the journal's end). A journal that ends before turn
// gives its last state, with its *journal.Tail if it ends torn or corrupt
// (nil for a clean end). The state belongs to the Seeker and is valid
// until the next call: Clone it to keep it.
func (k *Seeker) StateAt(turn int) (*reducer.State, *journal.Tail, error) {
	if turn < 0 {
		turn = journal.MaxTurns
	}
	// Step forward from where we are, unless a snapshot is nearer.
	switch {
	case k.cur == nil || k.cur.Turn > turn:
		if !k.restore(turn, 0) {
			if err := k.restart(); err != nil {
				return nil, nil, err
			}
		}
	case k.nearest(turn) > k.cur.Turn:
		k.restore(turn, k.cur.Turn)
	}
	if err := k.fold(turn, nil); err != nil {
		k.cur = nil
		return nil, nil, err
	}
	return k.cur, k.tail, nil
}

// Walk folds on from the state StateAt (or Walk) last returned, one turn
// at a time, until the state has turn turns (a negative turn: to the
// journal's end), calling each, when not nil, with every turn and the
// state just before it, before the turn is folded into that state: the
// state and the turn are valid only during the call. It returns what
// StateAt would, with the turns in between seen; an error from each stops
// it and is returned. StateAt must have been called first.
func (k *Seeker) Walk(turn int, each func(before *reducer.State, t *events.Turn) error) (*reducer.State, *journal.Tail, error) {
	if k.cur == nil {
		return nil, nil, errors.New("seeker: Walk before StateAt")
	}
	if turn < 0 {
		turn = journal.MaxTurns
	}
	if err := k.fold(turn, each); err != nil {
		k.cur = nil
		return nil, nil, err
	}
	return k.cur, k.tail, nil
}

// nearest is the turn of the newest usable snapshot at or before turn,
// the journal's own or the cache's (0 when there is none); before the
// journal's snapshot directory is listed, the turn where one is expected.
func (k *Seeker) nearest(turn int) int {
	best := k.CachedBefore(turn)
	if k.lists == 0 {
		return max(best, turn-turn%journal.SnapshotEvery)
	}
	for i := len(k.snaps) - 1; i >= 0; i-- {
		if k.snaps[i].Turn <= turn {
			return max(best, k.snaps[i].Turn)
		}
	}
	return best
}

// CachedBefore is the turn of the newest snapshot in the cache at or
// before turn, or 0 when there is none: StateAt of it restores that
// snapshot if it checks out.
func (k *Seeker) CachedBefore(turn int) int {
	files := k.cache.Files()
	for i := len(files) - 1; i >= 0; i-- {
		if files[i].Turn <= turn {
			return files[i].Turn
		}
	}
	return 0
}

// restore sets the current state from the newest snapshot after turn
// above and at or before turn that checks out, the journal's own or the
// cache's, and reports whether there was one. The journal's own
// snapshots that do not check out are noted and forgotten; the cache's
// are passed over in silence.
func (k *Seeker) restore(turn, above int) bool {
	own := k.restoreOwn(turn, above)
	if own {
		above = k.cur.Turn
	}
	if k.restoreCached(turn, above) || own {
		k.from = k.cur.Turn
		return true
	}
	return false
}

// restoreCached sets the current state from the newest snapshot in the
// cache after turn above and at or before turn that checks out, and
// reports whether there was one. A cache file that does not read or whose
// state does not check out is deleted; one of another journal of the same
// game (its position is not in this journal) is left for that journal.
func (k *Seeker) restoreCached(turn, above int) bool {
	files := k.cache.Files()
	for i := len(files) - 1; i >= 0; i-- {
		f := files[i]
		if f.Turn > turn || f.Turn <= above {
			continue
		}
		snap, err := k.cache.Read(f)
		if err != nil {
			k.cache.Forget(f)
			continue
		}
		s, err := k.check(snap)
		var pe *positionError
		switch {
		case errors.As(err, &pe):
			k.cache.Pass(f)
			continue
		case err != nil:
			k.cache.Forget(f)
			continue
		}
		k.cur, k.tail = s, nil
		return true
	}
	return false
}

// restoreOwn is restore from the journal's own snapshots.
func (k *Seeker) restoreOwn(turn, above int) bool {
	if k.lists == 0 && turn < journal.MaxTurns {
		g := turn - turn%journal.SnapshotEvery
		for range probes {
			if g <= above {
				break
			}
			if !slices.Contains(k.bad, g) && k.use(journal.SnapshotFile{Turn: g, Path: journal.SnapshotPath(k.path, g)}) {
				return true
			}
			g -= journal.SnapshotEvery
		}
	}
	k.list()
	for i := len(k.snaps) - 1; i >= 0; i-- {
		f := k.snaps[i]
		if f.Turn > turn || f.Turn <= above {
			continue
		}
		if k.use(f) {
			return true
		}
		k.snaps = append(k.snaps[:i], k.snaps[i+1:]...)
	}
	return false
}

// use makes the snapshot f the current state if it checks out. One that
// does not is noted and remembered as bad, unless it is simply not there.
func (k *Seeker) use(f journal.SnapshotFile) bool {
	s, err := k.load(f)
	if err == nil {
		k.cur, k.tail = s, nil
		return true
	}
	if !errors.Is(err, fs.ErrNotExist) {
		k.note("snapshot %s skipped: %v", filepath.Base(f.Path), err)
		k.bad = append(k.bad, f.Turn)
	}
	return false
}

// restart sets the current state to the start of the game.
func (k *Seeker) restart() error {
	if err := k.r.Seek(k.start); err != nil {
		return err
	}
	h := k.r.Header()
	k.cur = reducer.New(h.Seed, k.tables) // k.tables are the journal's (see OpenSeeker)
	k.cur.Wizard = h.Options.Wizard
	k.tail, k.from = nil, 0
	return nil
}

// load reads and checks one snapshot and moves the reader to its position.
func (k *Seeker) load(f journal.SnapshotFile) (*reducer.State, error) {
	snap, err := journal.ReadSnapshot(f.Path)
	if err != nil {
		return nil, err
	}
	if snap.Header != k.header {
		return nil, errors.New("it belongs to another journal")
	}
	if snap.Pos.Turns != f.Turn {
		return nil, fmt.Errorf("it holds turn %d", snap.Pos.Turns)
	}
	s, err := k.check(snap)
	var pe *positionError
	if errors.As(err, &pe) {
		return nil, pe.err
	}
	return s, err
}

// positionError is a snapshot whose position is not in the journal.
type positionError struct{ err error }

func (e *positionError) Error() string { return e.err.Error() }

// check restores the state of snap, a snapshot of this journal's header,
// checks that it is of the journal's game and its position in the
// journal (a *positionError if not), and moves the reader there.
func (k *Seeker) check(snap journal.Snapshot) (*reducer.State, error) {
	s, err := RestoreSnapshot(snap, k.tables)
	if err != nil {
		return nil, err
	}
	if s.Wizard != k.r.Header().Options.Wizard || s.Seed != k.r.Header().Seed {
		return nil, errors.New("its game is not the journal's")
	}
	if err := k.r.Seek(snap.Pos); err != nil {
		var je *journal.Error
		if errors.As(err, &je) {
			err = je.Err
		}
		return nil, &positionError{err}
	}
	return s, nil
}

// fold folds turns into the current state until it has turn turns or the
// journal ends, calling each (when not nil) before folding each turn.
func (k *Seeker) fold(turn int, each func(*reducer.State, *events.Turn) error) error {
	s := k.cur
	if k.tail != nil {
		return nil
	}
	var t events.Turn
	for s.Turn < turn {
		if err := k.r.Next(&t); err != nil {
			return k.stop(err)
		}
		if each != nil {
			if err := each(s, &t); err != nil {
				return err
			}
		}
		if err := s.ApplyTurn(&t); err != nil {
			return AtRecord(k.r, err)
		}
		k.Folded++
		if s.Turn%k.cacheEvery == 0 && s.Turn-k.from >= k.cacheEvery {
			k.toCache(s)
		}
	}
	return nil
}

// stop is what fold returns when the reader stops with err: nil at the
// journal's end, and at a torn or corrupt one, which it keeps in tail.
// (Apart from the loop, so that the loop allocates nothing per turn.)
func (k *Seeker) stop(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	var tail *journal.Tail
	if errors.As(err, &tail) {
		k.tail = tail
		return nil
	}
	return err
}

// toCache writes s, the state at the reader's position, to the snapshot
// cache: this journal has no snapshot near it, and the next Seeker on it
// will not fold the turns before it again. Failing to write stops the
// writing, silently: the cache only saves time.
func (k *Seeker) toCache(s *reducer.State) {
	if k.cache == nil || k.cacheErr != nil {
		return
	}
	k.cacheErr = k.cache.Write(s, k.r.Position())
}

// Position is where in the journal the state StateAt last returned
// belongs: what a snapshot of it would store.
func (k *Seeker) Position() journal.Position { return k.r.Position() }

// Loaded is the state of a journal file at a turn, as Load reaches it.
type Loaded struct {
	State  *reducer.State
	Header journal.Header
	// Tail is the journal's torn or corrupt end, when the fold reached it.
	Tail *journal.Tail
	// Position is where in the journal State belongs.
	Position journal.Position
	// Note is one line for the player about snapshots that were skipped
	// ("note: ..."), or "".
	Note string
}

// Load returns the state of the journal file at path after turn turns (a
// negative turn: at its end), starting from its nearest valid snapshot:
// resuming a game or opening a replay at a turn costs about the same in a
// long journal as in a short one.
func Load(path string, tables *content.Tables, turn int) (*Loaded, error) {
	k, err := OpenSeeker(path, tables)
	if err != nil {
		return nil, err
	}
	defer k.Close()
	s, tail, err := k.StateAt(turn)
	if err != nil {
		return nil, err
	}
	return &Loaded{State: s, Header: k.Header(), Tail: tail, Position: k.Position(), Note: k.NoteLine()}, nil
}
