package play

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"rogue/events"
	"rogue/events/wire"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Taking over a recorded game: a new game in a new journal in the data
// folder that goes on from a turn of another journal (the parent), which
// is only read. The new journal holds a copy of the parent's turns up to
// that turn (see game.TakeOver), so it stands alone.

// takeOverName is the file name of a game taken over from a game of seed
// at turn, begun at now: "2026-11-24_2110_seed-42_from-turn-812.rogue";
// n > 1 adds "-n".
func takeOverName(now time.Time, seed uint64, turn, n int) string {
	name := fmt.Sprintf("%s_seed-%d_from-turn-%d", now.Format("2006-01-02_1504"), seed, turn)
	if n > 1 {
		name += fmt.Sprintf("-%d", n)
	}
	return name + JournalExt
}

// parentName is the name the new journal's header gives its parent: the
// file's base name, with what a header may not hold (bytes that are not
// UTF-8, control characters) as '?', cut to journal.MaxParentNameLen.
func parentName(path string) string {
	name := strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.IsControl(r) {
			return '?'
		}
		return r
	}, strings.ToValidUTF8(filepath.Base(path), "?"))
	for len(name) > journal.MaxParentNameLen {
		_, n := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-n]
	}
	return name
}

// takeOver starts a new game in dir from turn turn of the journal at
// parent, begun at now, and opens it to play: it writes the new journal
// whole under a name of its own (never overwriting a file), then opens it
// as any journal is continued. The parent is not changed. A turn that
// cannot be taken over is refused in one line (exit 3 past damage, else
// 1), and nothing is written.
func takeOver(dir, parent string, turn int, now time.Time) (*session, error) {
	r, err := journal.Open(parent)
	if err != nil {
		return nil, err
	}
	m, s, err := game.TakeOver(r, parentName(parent), turn, playerName(), now, content.Default())
	r.Close()
	var refused *game.TakeOverError
	switch {
	case errors.As(err, &refused) && refused.Damaged:
		return nil, fail(exitDamaged, "cannot take over: %v; rogue salvage %s writes a new journal of every turn that can be recovered", err, parent)
	case errors.As(err, &refused):
		return nil, fail(1, "cannot take over: %v", err)
	case err != nil:
		return nil, err
	}
	path, err := writeNew(dir, m.Bytes(), func(n int) string { return takeOverName(now, m.Header().Seed, turn, n) })
	if err != nil {
		return nil, err
	}
	// A snapshot at the turn taken over (a cache: failing to write it
	// loses nothing), as none was written while its turns were copied:
	// continuing it later folds only the turns played after, and the
	// menu offers it however long the parent was (see finished).
	if pos, ok := m.Position(); ok {
		if hc, err := journal.HeaderChainOf(m.Header()); err == nil {
			journal.NewSnapshotter(path, hc, reducer.SnapshotSchema, m.Turns()).Save(s, pos)
		}
	}
	ss, err := openSession(path)
	if err != nil {
		return nil, err
	}
	if n := len(ss.recent); n > 0 && strings.HasPrefix(ss.recent[n-1], "Welcome back") {
		ss.recent = ss.recent[:n-1] // it is not back: it is a new game
	}
	ss.recent = append(ss.recent, fmt.Sprintf("You take over %s at turn %d: this is a new game, %s; the original is as it was.",
		baseName(parent), turn, baseName(path)))
	return ss, nil
}

// writeNew writes data to a new file in dir, named name(1), or name(2)...
// the first free one, whole or not at all: through a temporary file,
// fsynced, then linked to its name (which fails rather than overwrite).
// It returns the new file's path.
func writeNew(dir string, data []byte, name func(int) string) (string, error) {
	tmp := filepath.Join(dir, "."+name(1)+".writing")
	if err := journal.WriteFileAtomic(tmp, data); err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	for n := 1; n <= 100; n++ {
		path := filepath.Join(dir, name(n))
		err := os.Link(tmp, path)
		if err == nil {
			if d, err := os.Open(dir); err == nil { // the new name on disk too
				d.Sync()
				d.Close()
			}
			return path, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fail(1, "writing %s: %v", path, err)
		}
	}
	return "", fail(1, "writing %s: 100 files of that name exist already", filepath.Join(dir, name(1)))
}

// parentNote says, for rogue verify of a journal taken over from another
// (h.Parent), what the journal at path holds of it, and whether the file
// of the parent's name beside it is that parent: its chain after the turn
// taken over is the one the header recorded, and its turns up to there
// are the journal's. checked is how many turns the journal holds.
func parentNote(path string, h journal.Header, checked int) string {
	p := h.Parent
	head := fmt.Sprintf("%s: taken over from %s at turn %d", path, p.Name, p.Turn)
	if checked <= p.Turn {
		return fmt.Sprintf("%s, but it holds only %d turns: it is not the whole of what was taken over", head, checked)
	}
	beside := filepath.Join(filepath.Dir(path), p.Name)
	r, err := journal.Open(beside)
	if err != nil {
		return head + "; the journal stands alone (its first turns are a copy), and the parent is not beside it"
	}
	defer r.Close()
	c, err := journal.Open(path)
	if err != nil {
		return head + ": " + err.Error()
	}
	defer c.Close()
	pe, ce := wire.NewTurnEncoderFor(h.FormatVersion), wire.NewTurnEncoderFor(h.FormatVersion)
	var pt, ct events.Turn
	for n := 0; n <= p.Turn; n++ {
		if err := r.Next(&pt); err != nil {
			return fmt.Sprintf("%s; %s beside it is not the parent: it ends before turn %d", head, beside, n)
		}
		if err := c.Next(&ct); err != nil {
			return head + ": " + err.Error()
		}
		a, errA := pe.Encode(&pt)
		b, errB := ce.Encode(&ct)
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			return fmt.Sprintf("%s; %s beside it is not the parent: its turn %d differs", head, beside, n)
		}
	}
	if r.Chain() != p.Chain {
		return fmt.Sprintf("%s; %s beside it holds the same turns, but its chain after turn %d is %#08x, not %#08x: its header differs from the parent's", head, beside, p.Turn, r.Chain(), p.Chain)
	}
	return fmt.Sprintf("%s; %s beside it is that parent, and its turns 0 to %d are this journal's", head, beside, p.Turn)
}
