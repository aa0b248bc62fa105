package play

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"rogue/journal"
	"rogue/reducer/content"
	"rogue/replay"
)

// ExportOptions are what `rogue export` is asked for: one screen as text
// (Text, the file to write or "-", and Turn, -1 for the last) or the
// replay as an asciicast (Cast, the file or "-"; turns From to To, -1 for
// the journal's last; a frame every Every turns, 0 to choose; Speed
// frames a second). Turn numbers are as every output gives them (turn 0
// is the journal's first record, reducer.State.TurnNumber).
type ExportOptions struct {
	Text, Cast     string
	Turn, From, To int
	Every          int
	Speed          float64
}

// Export is `rogue export` once its flags are read: the screen at a turn
// of the journal at path, or its replay, drawn on the 80x24 screen
// exactly as the replay (and the game) shows it, from the journal's
// recorded facts only, written whole or not at all. It never writes over
// the journal.
func Export(path string, o ExportOptions, stdout, stderr io.Writer) error {
	if err := notTheJournal(o.Cast+o.Text, path); err != nil {
		return err
	}
	f, err := replay.Open(path, content.Default())
	if err != nil {
		return err
	}
	defer f.Close()
	for _, n := range f.Notes() {
		fmt.Fprintf(stderr, "rogue export: %s\n", n)
	}
	if d := f.Damage(); d != nil && f.Total() == 0 {
		return Damaged(path, d)
	}
	if f.Total() == 0 {
		return fail(1, "%s holds no turns: there is no screen to export", path)
	}
	if err := exportAll(f, path, o, stdout, stderr); err != nil {
		return err
	}
	if d := f.Damage(); d != nil {
		return Damaged(path, d)
	}
	return nil
}

// exportAll writes the export o asks for (see Export); the screen at turn
// n is the frame after n+1 records, f.At(n+1).
func exportAll(f *replay.Frames, path string, o ExportOptions, stdout, stderr io.Writer) error {
	if o.Text != "" {
		return exportText(f, o.Text, o.Turn, stdout)
	}
	end := f.Total() - 1 // the journal's last turn
	last := o.To
	if last < 0 || last > end {
		if last > end {
			fmt.Fprintf(stderr, "rogue export: note: the journal ends at turn %d, before turn %d\n", end, last)
		}
		last = end
	}
	if o.From > last {
		return fail(1, "%s ends at turn %d: there is no turn %d to start from", path, end, o.From)
	}
	every := o.Every
	if every == 0 {
		every = replay.CastStep(o.From, last)
	}
	return exportCast(f, o.Cast, o.From, last, every, o.Speed, stdout)
}

// notTheJournal refuses an output path that is the journal itself: an
// export must never overwrite a game.
func notTheJournal(out, path string) error {
	if out == "-" {
		return nil
	}
	oi, err := os.Stat(out)
	if err != nil {
		return nil // nothing there yet (or nothing we could overwrite)
	}
	if ji, err := os.Stat(path); err == nil && os.SameFile(oi, ji) {
		return usageError("%s is the journal: an export never overwrites it", out)
	}
	if oi.IsDir() {
		return usageError("%s is a directory: name the file to write", out)
	}
	return nil
}

// exportText writes the 80x24 screen at turn turn (the last when turn <
// 0) as plain text: 24 lines, trailing blanks trimmed.
func exportText(f *replay.Frames, out string, turn int, stdout io.Writer) error {
	end := f.Total() - 1
	if turn > end {
		return fail(1, "%s ends at turn %d: there is no turn %d", f.Path(), end, turn)
	}
	if turn < 0 {
		turn = end
	}
	fr, err := f.At(turn + 1)
	if err != nil {
		return err
	}
	screen := replay.NewFrameScreen().Draw(fr).String()
	if out == "-" {
		_, err := io.WriteString(stdout, screen)
		return err
	}
	if err := journal.WriteFileAtomic(out, []byte(screen)); err != nil {
		return fail(1, "writing %s: %v", out, err)
	}
	fmt.Fprintf(stdout, "wrote the screen at turn %d of %s to %s\n", turn, filepath.Base(f.Path()), out)
	return nil
}

// exportCast writes turns from to last of f (turn numbers: frames
// f.At(from+1) to f.At(last+1)), one frame every step turns,
// to the file out as an asciicast, speed frames a second, through a
// temporary file renamed at the end (out never holds half a recording),
// or to stdout when out is "-".
func exportCast(f *replay.Frames, out string, from, last, step int, speed float64, stdout io.Writer) error {
	err := writeFileVia(out, stdout, func(w io.Writer) error { return replay.WriteCast(w, f, from+1, last+1, step, speed) })
	if err != nil || out == "-" {
		return err
	}
	n := replay.CastFrames(from, last, step)
	every := "a frame a turn"
	if step > 1 {
		every = fmt.Sprintf("a frame every %d turns (--every 1 for all)", step)
	}
	fmt.Fprintf(stdout, "wrote %d frames (turns %d to %d, %s, %.1f s at %v frames/s, the last held %d s) to %s\n",
		n, from, last, every, replay.CastSeconds(n, speed), speed, replay.CastHold, out)
	return nil
}

// writeFileVia writes the file at path with write, whole or not at all
// (journal.WriteAtomic: a temporary file beside it, fsynced, renamed over
// path), or to stdout when path is "-".
func writeFileVia(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" {
		bw := bufio.NewWriterSize(stdout, 64<<10)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	var own error // write's own error, which is not about writing path
	err := journal.WriteAtomic(path, func(w io.Writer) error {
		own = write(w)
		return own
	})
	if err != nil && err != own {
		return fail(1, "writing %s: %v", path, err)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fail(1, "writing %s: %v", path, err)
	}
	return err
}
