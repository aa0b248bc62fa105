package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"rogue/journal"
	"rogue/reducer/content"
	"rogue/replay"
)

// runExport is `rogue export`: a replay as a file to share.
//
//	rogue export --asciicast OUT.cast [--from TURN] [--to TURN] [--every TURNS] [--speed FRAMES_PER_SECOND] FILE
//	rogue export --text OUT.txt [--turn TURN] FILE
//
// Both draw the 80x24 screen exactly as the replay (and the game) shows it
// at each turn, from the journal's recorded facts only.
func runExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export")
	cast := fs.String("asciicast", "", "write the replay as an asciicast v2 recording to this file (- for the standard output)")
	text := fs.String("text", "", "write one 80x24 screen as plain text to this file (- for the standard output)")
	turn := fs.Int("turn", -1, "with --text: the turn whose screen to write (default: the last)")
	from := fs.Int("from", 0, "with --asciicast: the first turn recorded")
	to := fs.Int("to", -1, "with --asciicast: the last turn recorded (default: the journal's last)")
	every := fs.Int("every", 0, fmt.Sprintf("with --asciicast: one frame every this many turns (default: 1, or as many as keep it to %d frames)", replay.MaxCastFrames))
	speed := fs.Float64("speed", replay.DefaultCastSpeed, fmt.Sprintf("with --asciicast: frames a second (at most %d)", replay.MaxCastSpeed))
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	path, err := oneFile(pos, "journal")
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case *cast != "" && *text != "":
		return usageError("--asciicast and --text are two exports: one at a time")
	case *cast == "" && *text == "":
		return usageError("say what to export: --asciicast OUT.cast or --text OUT.txt")
	case *text != "" && (set["from"] || set["to"] || set["speed"] || set["every"]):
		return usageError("--from, --to, --every and --speed go with --asciicast; --text takes --turn")
	case set["every"] && *every < 1:
		return usageError("--every must be a number of turns (1 or more), got %d", *every)
	case *cast != "" && set["turn"]:
		return usageError("--turn goes with --text; an asciicast takes --from and --to")
	case set["turn"] && *turn < 0:
		return usageError("--turn must be a turn number (0 or more), got %d", *turn)
	case *from < 0:
		return usageError("--from must be a turn number (0 or more), got %d", *from)
	case set["to"] && *to < *from:
		return usageError("--to (%d) must not be before --from (%d)", *to, *from)
	case math.IsNaN(*speed) || *speed <= 0 || *speed > replay.MaxCastSpeed:
		return usageError("--speed must be more than 0 and at most %d frames a second, got %v", replay.MaxCastSpeed, *speed)
	}
	out := *cast + *text
	if err := notTheJournal(out, path); err != nil {
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
		return damaged(path, d)
	}
	if f.Total() == 0 {
		return fail(1, "%s holds no turns: there is no screen to export", path)
	}
	if err := exportAll(f, path, *text, *cast, *turn, *from, *to, *every, *speed, stdout, stderr); err != nil {
		return err
	}
	if d := f.Damage(); d != nil {
		return damaged(path, d)
	}
	return nil
}

// exportAll writes the export the flags ask for (see runExport). turn,
// from and to are turn numbers as every output gives them (turn 0 is the
// journal's first record, reducer.State.TurnNumber); the screen at turn n
// is the frame after n+1 records, f.At(n+1).
func exportAll(f *replay.Frames, path, text, cast string, turn, from, to, every int, speed float64, stdout, stderr io.Writer) error {
	if text != "" {
		return exportText(f, text, turn, stdout)
	}
	end := f.Total() - 1 // the journal's last turn
	last := to
	if last < 0 || last > end {
		if last > end {
			fmt.Fprintf(stderr, "rogue export: note: the journal ends at turn %d, before turn %d\n", end, last)
		}
		last = end
	}
	if from > last {
		return fail(1, "%s ends at turn %d: there is no turn %d to start from", path, end, from)
	}
	if every == 0 {
		every = replay.CastStep(from, last)
	}
	return exportCast(f, cast, from, last, every, speed, stdout)
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
	return annotateWrite(path, err)
}

// annotateWrite names the file an I/O error was writing; a journal's own
// errors (it failed to fold) pass as they are.
func annotateWrite(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fail(1, "writing %s: %v", path, err)
	}
	return err
}
