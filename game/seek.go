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
// worst: the answer is the same, only slower. It is not safe for concurrent use.
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
	tail   *journal.Tail
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
	return &Seeker{path: path, tables: tables, r: r, header: hc, start: r.Position()}, nil
}

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

// nearest is the turn of the newest usable snapshot at or before turn (0
// when there is none); before the directory is listed, the turn where one
// is expected.
func (k *Seeker) nearest(turn int) int {
	if k.lists == 0 {
		return turn - turn%journal.SnapshotEvery
	}
	for i := len(k.snaps) - 1; i >= 0; i-- {
		if k.snaps[i].Turn <= turn {
			return k.snaps[i].Turn
		}
	}
	return 0
}

// restore sets the current state from the newest snapshot after turn
// above and at or before turn that checks out, and reports whether there
// was one. Snapshots that do not check out are noted and forgotten.
func (k *Seeker) restore(turn, above int) bool {
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
	k.tail = nil
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
	s, err := snap.Restore(k.tables)
	if err != nil {
		return nil, err
	}
	if s.Wizard != k.r.Header().Options.Wizard || s.Seed != k.r.Header().Seed {
		return nil, errors.New("its game is not the journal's")
	}
	if err := k.r.Seek(snap.Pos); err != nil {
		var je *journal.Error
		if errors.As(err, &je) {
			return nil, je.Err
		}
		return nil, err
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
		err := k.r.Next(&t)
		if errors.Is(err, io.EOF) {
			return nil
		}
		var tail *journal.Tail
		if errors.As(err, &tail) {
			k.tail = tail
			return nil
		}
		if err != nil {
			return err
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
	}
	return nil
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
