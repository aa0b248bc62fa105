package main

import (
	"fmt"
	"io"

	"rogue/internal/cli"
	"rogue/play"
	"rogue/replay"
)

// runExport is `rogue export` (help/export.txt): the flags are read here;
// play.ExportOptions checks them and play.Export draws and writes.
func runExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export")
	cast := fs.String("asciicast", "", "write the replay as an asciicast v2 recording to this file (- for the standard output)")
	text := fs.String("text", "", "write one 80x24 screen as plain text to this file (- for the standard output)")
	turn := fs.Int("turn", -1, "with --text: the turn whose screen to write (default: the last)")
	from := fs.Int("from", 0, "with --asciicast: the first turn recorded")
	to := fs.Int("to", -1, "with --asciicast: the last turn recorded (default: the journal's last)")
	every := fs.Int("every", 0, fmt.Sprintf("with --asciicast: one frame every this many turns (default: 1, or as many as keep it to %d frames)", replay.MaxCastFrames))
	speed := fs.Float64("speed", replay.DefaultCastSpeed, fmt.Sprintf("with --asciicast: frames a second (at most %d)", replay.MaxCastSpeed))
	path, err := journalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	o := play.ExportOptions{Text: *text, Cast: *cast, Turn: *turn, From: *from, To: *to, Every: *every, Speed: *speed}
	if err := o.Check(cli.Given(fs)); err != nil {
		return err
	}
	return play.Export(path, o, stdout, stderr)
}
