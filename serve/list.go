package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Journal is one journal of the list (GET /api/journals), as JSON.
type Journal struct {
	Name     string    `json:"name"`
	Size     int64     `json:"size"`
	Modified time.Time `json:"modified"`
	// URL is where its bytes are (/journals/NAME); Replay and Follow the
	// page's addresses that replay it and follow it as it grows.
	URL    string `json:"url"`
	Replay string `json:"replay"`
	Follow string `json:"follow"`
	// Growing is whether it was written in the last GrowingFor: a game
	// being played, most likely.
	Growing bool `json:"growing"`
	// From the header, when it reads.
	Player  string    `json:"player,omitempty"`
	Seed    uint64    `json:"seed,omitempty"`
	Created time.Time `json:"created,omitzero"`
	Format  int       `json:"format,omitempty"`
	Rules   int       `json:"rules,omitempty"`
	// Turns is how many whole turns it holds (the last is turn Turns-1,
	// as replay and dump number them) and Depth the player's depth after
	// them: known when the journal was folded, which the list does for
	// journals of at most FoldBytes bytes.
	Turns *int `json:"turns,omitempty"`
	Depth *int `json:"depth,omitempty"`
	// Status is how the game stands: "alive" (going on, or stopped),
	// "dead", "damaged" (read up to its damage), "unreadable" (not a
	// journal this program reads) or "unknown" (not read: too long for
	// the list's bounded work).
	Status string `json:"status"`
	// Ending says it in a line: "died on depth 3 at turn 812: slain by a
	// goblin".
	Ending string `json:"ending,omitempty"`
	// Torn is whether its last record is cut short: being written now,
	// or left by a crash; the turns before it are whole.
	Torn bool `json:"torn,omitempty"`
	// Problem names the damage, or why it does not read, in one line.
	Problem string `json:"problem,omitempty"`
}

// List is GET /api/journals: the journals of the folder, newest first
// (ties by name).
type List struct {
	Journals []Journal `json:"journals"`
	// More is whether the folder holds more journals than listed (at most
	// MaxListed, of the first MaxScanned names of the folder).
	More bool `json:"more,omitempty"`
}

// The list's bounds: it reads at most MaxScanned names of the folder and
// lists the MaxListed newest journals; it folds a journal of at most
// FoldBytes bytes, and reads the header and last record (about half a
// megabyte at most, see journal.LastTurn) of a longer one, within
// ListBudget bytes read for one list in all; a journal modified since
// the last list is read again, the others are not. A journal written in
// the last GrowingFor is growing.
const (
	MaxScanned       = 10000
	MaxListed        = 500
	FoldBytes  int64 = 1 << 20
	ListBudget int64 = 16 << 20
	GrowingFor       = 10 * time.Second
	// lastTurnBytes is what journal.LastTurn reads at most, counted
	// against the budget.
	lastTurnBytes = 2 * (journal.MaxRecordSize + 16)
	// readCost is what opening a journal and reading its header costs
	// at most (the journal reader reads 64 KiB at a time), and what a
	// fold may read past the journal's damage, counted against the
	// budget.
	readCost = 64 << 10
)

// notRead is the ending of a journal the list had no budget left to read.
const notRead = "not read: the list reads a bounded number of bytes"

// lister makes lists, one at a time, keeping what it read of each
// journal for the next list while the journal is unchanged.
type lister struct {
	mu     sync.Mutex
	folder *folder
	now    func() time.Time
	known  map[string]known
	// bytesRead counts the bytes of journals read, all told.
	bytesRead int64
}

// counted counts the bytes read through it into *n.
type counted struct {
	ra io.ReaderAt
	n  *int64
}

func (c counted) ReadAt(b []byte, off int64) (int, error) {
	n, err := c.ra.ReadAt(b, off)
	*c.n += int64(n)
	return n, err
}

type known struct {
	size int64
	mod  time.Time
	j    Journal
}

// list lists the folder.
func (l *lister) list(ctx context.Context) (List, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	root := l.folder.root()
	names, more, err := l.names(root)
	if err != nil {
		return List{}, err
	}
	type found struct {
		name string
		info fs.FileInfo
	}
	var files []found
	for _, name := range names {
		info, err := root.Stat(name) // follows a link inside the folder only
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		files = append(files, found{name, info})
	}
	slices.SortFunc(files, func(a, b found) int {
		if c := b.info.ModTime().Compare(a.info.ModTime()); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	if len(files) > MaxListed {
		files, more = files[:MaxListed], true
	}
	now := l.now()
	budget := ListBudget
	out := List{Journals: []Journal{}, More: more}
	kept := make(map[string]known, len(files))
	for _, f := range files {
		if ctx.Err() != nil {
			return List{}, ctx.Err()
		}
		k, ok := l.known[f.name]
		if !ok || k.size != f.info.Size() || !k.mod.Equal(f.info.ModTime()) {
			j, keep := l.read(ctx, f.name, f.info, &budget)
			k = known{size: f.info.Size(), mod: f.info.ModTime(), j: j}
			ok = keep
		}
		if ok {
			kept[f.name] = k
		}
		j := k.j
		j.Growing = now.Sub(j.Modified) < GrowingFor
		out.Journals = append(out.Journals, j)
	}
	l.known = kept
	return out, nil
}

// names reads the names of the journals of the folder's root, at most
// MaxScanned names in all; more says there were more. A folder that does
// not exist yet (root nil) has none.
func (l *lister) names(root *os.Root) (names []string, more bool, err error) {
	if root == nil {
		return nil, false, nil
	}
	d, err := root.Open(".")
	if err != nil {
		return nil, false, fmt.Errorf("cannot list the folder: %w", err)
	}
	defer d.Close()
	scanned := 0
	for scanned < MaxScanned {
		entries, err := d.ReadDir(min(256, MaxScanned-scanned))
		for _, e := range entries {
			if listable(e.Name()) && (e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0) {
				names = append(names, e.Name())
			}
		}
		scanned += len(entries)
		if errors.Is(err, io.EOF) || len(entries) == 0 && err == nil {
			return names, false, nil
		}
		if err != nil {
			return nil, false, fmt.Errorf("cannot list the folder: %w", err)
		}
	}
	return names, true, nil
}

// read reads what the list says of the journal name, stat'ed as info,
// within budget; keep is whether to keep it for the next list while the
// journal is unchanged (not when it could not be read for now).
func (l *lister) read(ctx context.Context, name string, info fs.FileInfo, budget *int64) (j Journal, keep bool) {
	j = Journal{Name: name, URL: JournalPath(name), Status: "unknown", Size: info.Size(), Modified: info.ModTime().UTC()}
	j.Replay, j.Follow = pageLink("replay", j.URL), pageLink("follow", j.URL)
	if *budget < readCost {
		j.Ending = notRead
		return j, false
	}
	*budget -= readCost
	f, info, err := l.folder.open(ctx, name)
	if err != nil {
		j.Problem = notFound(name, err)
		if errors.Is(err, errBusy) {
			j.Problem = "not read: the server is busy"
		}
		return j, false
	}
	defer l.folder.close(f)
	j.Size, j.Modified = info.Size(), info.ModTime().UTC()
	src := counted{f, &l.bytesRead}
	r, err := journal.NewReader(src, j.Size, name)
	if err != nil {
		j.Status, j.Problem = "unreadable", oneLine(err)
		return j, true
	}
	h := r.Header()
	j.Player, j.Seed, j.Created, j.Format, j.Rules = h.Player, h.Seed, h.Created.UTC(), h.FormatVersion, h.RulesVersion
	switch {
	case j.Size <= FoldBytes && *budget >= j.Size+readCost:
		*budget -= j.Size + readCost
		summarizeFold(&j, r)
	case *budget >= lastTurnBytes+readCost:
		*budget -= lastTurnBytes + readCost
		summarizeLast(&j, src, name)
	default:
		j.Ending = notRead
		return j, false
	}
	return j, true
}

// summarizeFold folds the whole journal.
func summarizeFold(j *Journal, r *journal.Reader) {
	s, tail, err := game.Fold(r, content.Default(), -1, nil)
	if err != nil {
		j.Status, j.Problem = "damaged", oneLine(err)
		if s == nil {
			return
		}
	}
	turns, depth := r.Turns(), s.Depth
	j.Turns, j.Depth = &turns, &depth
	if tail != nil && tail.Torn {
		j.Torn = true
	}
	if err == nil && tail != nil && !tail.Torn {
		j.Status, j.Problem = "damaged", oneLine(tail)
	}
	if p := s.Player(); p != nil {
		if s.Over {
			j.Ending = fmt.Sprintf("died on depth %d at turn %d: %s", s.Depth, s.TurnNumber(), reducer.DeathCause(s))
		} else {
			j.Ending = fmt.Sprintf("alive on depth %d at turn %d, HP %d/%d", s.Depth, s.TurnNumber(), max(0, p.HP), s.MaxHP(p))
		}
	} else {
		j.Ending = "the game has not begun"
	}
	if j.Status == "unknown" {
		j.Status = "alive"
		if s.Over {
			j.Status = "dead"
		}
	}
}

// summarizeLast reads the journal's last turn only (a bounded read from
// its end): whether the player died in it.
func summarizeLast(j *Journal, f io.ReaderAt, name string) {
	_, t, ok, err := journal.LastTurnOf(f, j.Size, name)
	switch {
	case errors.Is(err, journal.ErrNoCleanEnd):
		j.Torn = true
		j.Ending = "too long to read whole here, and its last record is cut short or damaged"
		return
	case err != nil:
		j.Status, j.Problem = "damaged", oneLine(err)
		return
	case !ok:
		j.Status, j.Ending = "alive", "the game has not begun"
		return
	}
	j.Status, j.Ending = "alive", "too long to read whole here: the player is alive at its end"
	for _, fact := range t.Facts {
		if d, ok := fact.(*events.Died); ok && d.Actor == events.PlayerID {
			j.Status, j.Ending = "dead", "too long to read whole here: the player died in its last turn ("+d.Cause.String()+")"
		}
	}
}

// oneLine is err's message on one line.
func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// newest is the name of the folder's most recently written journal (ties
// by name), or "" when it has none.
func (l *lister) newest() (string, error) {
	root := l.folder.root()
	names, _, err := l.names(root)
	if err != nil {
		return "", err
	}
	best, bestMod := "", time.Time{}
	for _, name := range names {
		info, err := root.Stat(name)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		if best == "" || info.ModTime().After(bestMod) || info.ModTime().Equal(bestMod) && name < best {
			best, bestMod = name, info.ModTime()
		}
	}
	return best, nil
}
