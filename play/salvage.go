package play

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// Salvage is rogue salvage: it writes a new journal of every turn of the
// damaged journal at path that can be read and re-verified, to out
// (default: path's name with .salvaged, the first free one), and returns
// the lines that say what it kept and what it lost. It never changes the
// journal at path, and never overwrites a file.
func Salvage(path, out string) ([]string, error) {
	if out != "" {
		if _, err := os.Lstat(out); err == nil {
			return nil, usageError("%s exists already: salvage never overwrites a file", out)
		}
	}
	r, err := journal.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	h := r.Header()
	if h.RulesVersion > events.RulesVersion {
		return nil, fail(1, "%s: cannot re-verify its turns: the journal was played under rules version %d, and this program has version %d: update rogue", path, h.RulesVersion, events.RulesVersion)
	}
	if err := game.CheckPlayable(h); err != nil && h.RulesVersion == events.RulesVersion {
		return nil, fail(1, "%s: cannot re-verify its turns: %v", path, err)
	}
	dest := out
	if dest == "" {
		dest = salvageName(path)
	}
	tmp := filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+".salvaging")
	os.Remove(tmp) // a leftover of an interrupted salvage of ours
	w, err := journal.Create(tmp, h)
	if err != nil {
		return nil, err
	}
	done := false
	defer func() {
		if !done {
			w.Close()
			os.Remove(tmp)
		}
	}()
	got, err := journal.Salvage(r, w.Append)
	if err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	kept, div, err := reverify(tmp)
	if err != nil {
		return nil, err
	}
	if err := os.Link(tmp, dest); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, fail(1, "%s appeared while salvaging: salvage never overwrites a file; nothing was written", dest)
		}
		return nil, fail(1, "writing %s: %v", dest, err)
	}
	os.Remove(tmp)
	done = true
	return salvageReport(path, dest, got, kept, div), nil
}

// salvageName is the default name of FILE's salvage: game.rogue gives
// game.salvaged.rogue, then game.salvaged-2.rogue... whichever is free.
func salvageName(path string) string {
	ext := filepath.Ext(path)
	if ext != JournalExt {
		ext = ""
	}
	base := strings.TrimSuffix(path, ext)
	for n := 1; ; n++ {
		name := base + ".salvaged" + JournalExt
		if n > 1 {
			name = fmt.Sprintf("%s.salvaged-%d%s", base, n, JournalExt)
		}
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) || n >= 1000 {
			return name
		}
	}
}

// reverify re-simulates the salvaged journal at path under its own rules
// (the damaged journal's) and cuts it before the first turn that diverges (the file is the
// salvage's own, not written yet under its name). It returns how many
// turns are kept and the divergence, if any.
func reverify(path string) (int, *game.Divergence, error) {
	r, err := journal.Open(path)
	if err != nil {
		return 0, nil, err
	}
	div, checked, tail, err := game.Verify(r, content.Default())
	r.Close()
	if err != nil {
		return 0, nil, err
	}
	if tail != nil {
		return 0, nil, fmt.Errorf("the salvaged journal %s does not read back whole: %v", path, tail)
	}
	if div == nil {
		return checked, nil, nil
	}
	r, err = journal.Open(path)
	if err != nil {
		return 0, nil, err
	}
	var t events.Turn
	for r.Turns() < div.Turn {
		if err := r.Next(&t); err != nil {
			r.Close()
			return 0, nil, err
		}
	}
	end := r.End()
	r.Close()
	if err := os.Truncate(path, end); err != nil {
		return 0, nil, err
	}
	return div.Turn, div, nil
}

// salvageReport says what the salvage kept and what it lost, by turn
// range.
func salvageReport(path, dest string, got *journal.Salvaged, kept int, div *game.Divergence) []string {
	var lines []string
	if kept > 0 {
		lines = append(lines, fmt.Sprintf("kept turns 0 to %d of %s in %s, each one re-verified", kept-1, path, dest))
	} else {
		lines = append(lines, fmt.Sprintf("kept no turn of %s: %s holds its header only, and a game continued from it starts over", path, dest))
	}
	for _, b := range got.Breaks {
		if b.How.Seamless() {
			lines = append(lines, "mended: "+b.String())
		}
	}
	switch {
	case div != nil:
		lines = append(lines, fmt.Sprintf("lost: turns %d to %d: turn %d does not re-verify under the journal's own rules, version %d (%s), so it and every turn after it are left out",
			kept, got.Turns-1, kept, div.JournalRules, div.Summary()))
	case got.Lost():
		b := got.Breaks[len(got.Breaks)-1]
		msg := fmt.Sprintf("lost: the %d bytes from byte %d, turn %d on: %s", fileSize(path)-got.Stop, got.Stop, got.StopTurn, b.String())
		if got.Unverifiable > 0 {
			msg += fmt.Sprintf("; %s in them still read, but a game cannot be re-decided past a lost turn", plural(got.Unverifiable, "record"))
		}
		lines = append(lines, msg)
	case got.Stop < fileSize(path):
		lines = append(lines, fmt.Sprintf("lost: the %d bytes from byte %d, the end of an append cut short by a crash (no whole turn)", fileSize(path)-got.Stop, got.Stop))
	default:
		lines = append(lines, "lost: nothing")
	}
	if got.Capped {
		lines = append(lines, "note: the search for readable records stopped at its work cap; some records after the damage may not have been looked for")
	}
	lines = append(lines, fmt.Sprintf("%s was not changed", path))
	return lines
}

// plural is "1 record", "2 records".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}
