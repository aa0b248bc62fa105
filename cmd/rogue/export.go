package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"rogue/play"
	"rogue/replay"
)

// runExport is `rogue export`: a replay as a file to share.
//
//	rogue export --asciicast OUT.cast [--from TURN] [--to TURN] [--every TURNS] [--speed FRAMES_PER_SECOND] FILE
//	rogue export --text OUT.txt [--turn TURN] FILE
//
// The flags are read here; play.Export draws and writes.
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
	return play.Export(path, play.ExportOptions{Text: *text, Cast: *cast, Turn: *turn, From: *from, To: *to, Every: *every, Speed: *speed}, stdout, stderr)
}
