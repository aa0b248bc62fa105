package game

import (
	"fmt"

	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Snapshots keeps the snapshots of a game being written to a journal file
// (see journal.Snapshotter): call After once the state has folded each
// turn. Snapshots are a cache; failing to write one never stops the game:
// the first error is in Err and no more are written.
type Snapshots struct {
	f *journal.File
	s *journal.Snapshotter
}

// NewSnapshots starts keeping the snapshots of the journal file f, which
// is at path. Snapshots already there that do not belong to it are
// deleted.
func NewSnapshots(path string, f *journal.File) (*Snapshots, error) {
	hc, err := journal.HeaderChainOf(f.Header())
	if err != nil {
		return nil, err
	}
	return &Snapshots{f: f, s: journal.NewSnapshotter(path, hc, reducer.SnapshotSchema, f.Turns())}, nil
}

// After writes a snapshot of s if one is due: s must be the state of the
// journal as it stands (every turn appended folded). The journal is
// synced first, so that a snapshot never describes turns a crash could
// lose.
func (k *Snapshots) After(s *reducer.State) {
	if !k.s.Due(s.Turn) {
		return
	}
	pos, ok := k.f.Position()
	if !ok || pos.Turns != s.Turn {
		return
	}
	if err := k.f.Sync(); err != nil {
		k.s.Err = err
		return
	}
	k.s.Save(s, pos)
}

// Err is the first error writing a snapshot, or nil.
func (k *Snapshots) Err() error { return k.s.Err }

// RestoreSnapshot decodes the state of snap with tables and checks it: the
// state schema this program writes (reducer.SnapshotSchema), the turn its
// position says, and the digest recomputed from the decoded state equal
// to the stored one. The journal only frames and checks a snapshot's
// bytes; their encoding is the reducer's.
func RestoreSnapshot(snap journal.Snapshot, tables *content.Tables) (*reducer.State, error) {
	if snap.Schema != reducer.SnapshotSchema {
		return nil, fmt.Errorf("state schema %d, this program reads %d", snap.Schema, reducer.SnapshotSchema)
	}
	st, err := reducer.UnmarshalSnapshot(snap.State, tables)
	if err != nil {
		return nil, err
	}
	if st.Turn != snap.Pos.Turns {
		return nil, fmt.Errorf("the state is at turn %d, the snapshot says %d", st.Turn, snap.Pos.Turns)
	}
	if d := st.Digest(); d != snap.Digest {
		return nil, fmt.Errorf("the state's digest is %s, the snapshot says %s", d, snap.Digest)
	}
	return st, nil
}

// RecordPlayer plays a game of the built-in player p, new to this game,
// into a new journal file at path with header h (fsyncing every
// h.Options.SyncEvery turns), keeping its snapshots, until it has turns
// turns or the player dies. each, if not nil, is called after every turn.
// It returns the finished game (the journal is closed) and, apart, the
// error that stopped snapshots being written, if one did: the journal is
// whole either way.
func RecordPlayer(path string, h journal.Header, tables *content.Tables, p Player, turns int, each func(*reducer.State)) (g *Game, snapErr, err error) {
	f, err := journal.Create(path, h)
	if err != nil {
		return nil, nil, err
	}
	g, snapErr, err = recordBot(path, f, tables, p, turns, each)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return g, snapErr, err
}

func recordBot(path string, f *journal.File, tables *content.Tables, p Player, turns int, each func(*reducer.State)) (*Game, error, error) {
	snaps, err := NewSnapshots(path, f)
	if err != nil {
		return nil, nil, err
	}
	g, err := Start(f.Header(), tables, f)
	if err != nil {
		return nil, nil, err
	}
	for g.State.Turn < turns && !g.State.Over {
		if err := g.PlayerTurn(p); err != nil {
			return g, snaps.Err(), err
		}
		snaps.After(g.State)
		if each != nil {
			each(g.State)
		}
	}
	if err := snaps.Err(); err != nil {
		return g, fmt.Errorf("snapshots of %s: %w", path, err), nil
	}
	return g, nil, nil
}
