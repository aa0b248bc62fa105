package play

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
)

// Where journals live, what they are called, and which one is unfinished.

// JournalExt ends the name of every journal the game writes.
const JournalExt = ".rogue"

// DataDir is the folder for journals: $XDG_DATA_HOME/rogue, else
// ~/.local/share/rogue. It is created (0755) if missing.
func DataDir() (string, error) {
	dir, err := DataDirPath()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fail(1, "cannot create the journal folder %s: %v", dir, err)
	}
	return dir, nil
}

// DataDirPath is where DataDir is, without creating it: for what only
// reads the journals (rogue serve).
func DataDirPath() (string, error) {
	base := os.Getenv("XDG_DATA_HOME")
	if base == "" || !filepath.IsAbs(base) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fail(1, "cannot tell where to keep journals: set XDG_DATA_HOME or HOME (%v)", err)
		}
		base = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(base, "rogue"), nil
}

// journalName is a new journal's file name, which a person can tell apart
// from the others: when the game began and its seed,
// "2026-11-23_0842_seed-123456.rogue"; n > 1 adds "-n" for a second game
// of the same seed in the same minute.
func journalName(now time.Time, seed uint64, n int) string {
	name := fmt.Sprintf("%s_seed-%d", now.Format("2006-01-02_1504"), seed)
	if n > 1 {
		name += fmt.Sprintf("-%d", n)
	}
	return name + JournalExt
}

// createJournal creates a new journal for a game of seed in dir, under
// the first free name.
func createJournal(dir string, seed uint64, now time.Time) (*journal.File, string, error) {
	for n := 1; ; n++ {
		path := filepath.Join(dir, journalName(now, seed, n))
		f, err := journalCreate(path, seed)
		if errors.Is(err, fs.ErrExist) && n < 100 {
			continue
		}
		return f, path, err
	}
}

// journalCreate creates the journal of a person's game at path: every
// turn fsynced.
func journalCreate(path string, seed uint64) (*journal.File, error) {
	return journal.Create(path, game.NewHeader(seed, playerName(), journal.Options{SyncEvery: 1}))
}

// playerName is the login name when it is a plain one, else "player".
func playerName() string {
	name := loginName()
	if name == "" || len(name) > 32 {
		return "player"
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return "player"
		}
	}
	return name
}

// randomSeed is a new game's seed when none is given: 1 to 999999, short
// enough to read out and type again.
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())%999999 + 1
	}
	return binary.LittleEndian.Uint64(b[:])%999999 + 1
}

// listJournals lists the journals in dir, the most recently played first
// (ties by name).
func listJournals(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fail(1, "cannot list the journals in %s: %v", dir, err)
	}
	type found struct {
		path string
		mod  time.Time
	}
	var list []found
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), JournalExt) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		list = append(list, found{filepath.Join(dir, e.Name()), info.ModTime()})
	}
	slices.SortFunc(list, func(a, b found) int {
		if c := b.mod.Compare(a.mod); c != 0 {
			return c
		}
		return strings.Compare(b.path, a.path)
	})
	paths := make([]string, len(list))
	for i, f := range list {
		paths[i] = f.path
	}
	return paths, nil
}

// findUnfinished is the most recently played journal in dir whose player
// has not died (its last turn has no Died fact for the player), or "".
// Journals this program cannot read or continue are passed over. Each
// journal costs a bounded read (see finished), so that a data folder of
// long or hostile journals opens the menu as fast as one of short games.
func findUnfinished(journals []string) string {
	for _, path := range journals {
		if over, err := finished(path); err == nil && !over {
			return path
		}
	}
	return ""
}

// maxContinueTries is how many unfinished journals the menu tries to
// open, newest first, before it offers none: one that does not open (it
// does not fold, or another rogue plays it) is passed over, and each try
// folds at most maxResumeBytes.
const maxContinueTries = 3

// continueSession opens the game the menu offers to continue: the newest
// unfinished journal that opens, of the first maxContinueTries; nil when
// there is none. passed says, a line each, why the newer unfinished
// journals it passed over could not be continued (a damaged one names
// rogue salvage), so that the menu does not offer an older game in
// silence.
func continueSession(journals []string) (ss *session, passed []string) {
	for range maxContinueTries {
		path := findUnfinished(journals)
		if path == "" {
			return nil, passed
		}
		ss, err := openSession(path)
		if err == nil {
			return ss, passed
		}
		passed = append(passed, err.Error())
		journals = journals[slices.Index(journals, path)+1:]
	}
	return nil, passed
}

// maxResumeBytes is the most bytes of journal the continued game may
// have to fold after its newest snapshot (or its header): a game this
// program plays snapshots every journal.SnapshotEvery turns, about 45 KB
// of turns (44 bytes a turn over a long bot game), so this is over five
// times that. Folding it costs at most about 60 ms whatever it holds (the
// worst journals within the fold's caps fold 4 MB in under a second). A
// journal further from a snapshot than this (a long game whose snapshots
// were deleted or could not be written, or a file from elsewhere) is not
// offered: rogue play --journal FILE continues it.
const maxResumeBytes = 256 << 10

// finished reports whether the game in the journal at path is over, from
// its header and its last turn alone (journal.LastTurn reads at most half
// a megabyte, whatever the journal holds): over when that turn has the
// player's Died fact. A journal that ends torn (a crash) is not over. It
// fails for a journal that cannot be continued cheaply: one this program
// cannot play, or more than maxResumeBytes past its newest snapshot.
func finished(path string) (bool, error) {
	// First what costs a stat and a few bytes: whether continuing it
	// would fold more than maxResumeBytes.
	info, err := os.Stat(path)
	if err != nil {
		return false, err
	}
	from, _ := journal.NewestSnapshotOffset(path)
	if info.Size()-from > maxResumeBytes {
		return false, fmt.Errorf("%s: %d bytes to fold past its newest snapshot, more than %d", path, info.Size()-from, maxResumeBytes)
	}
	h, last, _, err := journal.LastTurn(path)
	if err != nil && !errors.Is(err, journal.ErrNoCleanEnd) {
		return false, err
	}
	if err := game.CheckPlayable(h); err != nil {
		return false, err
	}
	for _, f := range last.Facts {
		if d, ok := f.(*events.Died); ok && d.Actor == events.PlayerID {
			return true, nil
		}
	}
	return false, nil
}
