package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"rogue/journal"
	"rogue/replay"
	"rogue/view"
)

// An asciicast v2 recording (https://docs.asciinema.org/manual/asciicast/v2/)
// of a replay: a JSON header line, then one output event per turn,
// [time, "o", data], data being the escape sequences that turn the
// previous turn's screen into this one's (the first draws it whole).

const (
	defaultCastSpeed = 10
	maxCastSpeed     = 1000 // times keep 6 decimals, so they always increase
)

// castHeader is the recording's first line. Its timestamp is when the game
// began (from the journal), not when it was exported, so that exporting
// the same journal twice gives the same file.
type castHeader struct {
	Version   int    `json:"version"`
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	Timestamp int64  `json:"timestamp"`
	Title     string `json:"title"`
}

// exportCast writes turns from to last of f to the file out as an
// asciicast, speed turns a second, through a temporary file renamed at
// the end (out never holds half a recording), or to stdout when out is
// "-".
func exportCast(f *replay.Frames, out string, from, last int, speed float64, stdout io.Writer) error {
	err := writeFileVia(out, stdout, func(w io.Writer) error { return writeCast(w, f, from, last, speed) })
	if err != nil || out == "-" {
		return err
	}
	n := last - from + 1
	fmt.Fprintf(stdout, "wrote %d frames (turns %d to %d, %.1f s at %v turns/s) to %s\n",
		n, from, last, float64(n-1)/speed, speed, out)
	return nil
}

// writeCast writes the recording of turns from to last of f to w.
func writeCast(w io.Writer, f *replay.Frames, from, last int, speed float64) error {
	h := f.Header()
	head, err := json.Marshal(castHeader{
		Version: 2, Width: exportWidth, Height: exportHeight,
		Timestamp: h.Created.Unix(),
		Title:     fmt.Sprintf("rogue: %s (seed %d, %s)", filepath.Base(f.Path()), h.Seed, h.Player),
	})
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "%s\n", head); err != nil {
		return err
	}
	screen := newFrameScreen()
	var prev *view.TextCanvas
	var line []byte
	for turn := from; turn <= last; turn++ {
		fr, err := f.At(turn)
		if err != nil {
			return err
		}
		cur := screen.draw(fr)
		line = appendCastEvent(line[:0], float64(turn-from)/speed, view.ANSIFrame(prev, cur))
		if _, err := w.Write(line); err != nil {
			return err
		}
		prev = cur
	}
	return nil
}

// appendCastEvent appends the output event [t, "o", data] and a newline.
func appendCastEvent(b []byte, t float64, data string) []byte {
	b = append(b, '[')
	b = strconv.AppendFloat(b, t, 'f', 6, 64)
	b = append(b, `, "o", `...)
	var s bytes.Buffer
	enc := json.NewEncoder(&s)
	enc.SetEscapeHTML(false)
	enc.Encode(data) // a string always encodes
	b = append(b, bytes.TrimRight(s.Bytes(), "\n")...)
	return append(b, "]\n"...)
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
