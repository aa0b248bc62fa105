package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"

	"rogue/reducer"
	"rogue/view"
)

// An asciicast v2 recording (https://docs.asciinema.org/manual/asciicast/v2/)
// of a replay: a JSON header line, then one output event per turn,
// [time, "o", data], data being the escape sequences that turn the
// previous turn's screen into this one's (the first draws it whole and
// hides the cursor). A marker event, [time, "m", label], goes with the
// frame of each new depth and of the player's death, for a player to
// jump to. The screens are the game's without its hints at keys (nobody
// plays a recording), and the recording ends with the cursor shown again,
// CastHold seconds after the last frame, which it holds that long.

// DefaultCastSpeed and MaxCastSpeed are the default and the fastest
// frames a second of a recording (turns a second when every turn is a
// frame).
const (
	DefaultCastSpeed = 10
	MaxCastSpeed     = 1000 // times keep 6 decimals, so they always increase
)

// CastHold is how long, in seconds, a recording holds its last frame.
const CastHold = 2

// CastSeconds is how long a recording of frames frames at speed frames a
// second plays: to its last frame, then CastHold.
func CastSeconds(frames int, speed float64) float64 {
	return float64(frames-1)/speed + CastHold
}

// MaxCastFrames is the most frames a recording has unless asked for
// more: a longer stretch of turns is recorded one frame every few turns
// (see CastStep). Drawing a frame costs about 50 to 100 µs, so a
// recording of any journal takes at most a second or two to draw, and it
// plays for at most 17 minutes at 10 frames a second.
const MaxCastFrames = 10000

// CastStep is how many turns apart the frames of a recording of turns
// from to last are by default: 1 up to MaxCastFrames turns, else the
// fewest that keep it to MaxCastFrames frames (the last turn's included).
func CastStep(from, last int) int {
	gaps := last - from // between the first frame and the last
	return max(1, (gaps+MaxCastFrames-2)/(MaxCastFrames-1))
}

// CastFrames is how many frames a recording of turns from to last, one
// frame every step turns, has: from, from+step, ... and always last.
func CastFrames(from, last, step int) int {
	return (last-from+step-1)/step + 1
}

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

// WriteCast writes the recording of turns from to last of f to w, one
// frame every step turns (the last turn always has one), speed frames a
// second. It walks f forward: f keeps only the checkpoints of a walk
// forward from then on (see Frames.walkForward).
func WriteCast(w io.Writer, f *Frames, from, last, step int, speed float64) error {
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
	screen := NewFrameScreen()
	screen.m.Recording = true
	var prev *view.TextCanvas
	// Two canvases, drawn on in turn: the frame's and the one before.
	canvases := [2]*view.TextCanvas{view.NewTextCanvas(exportWidth, exportHeight), view.NewTextCanvas(exportWidth, exportHeight)}
	out := newCastEvents()
	step = max(step, 1)
	depths, err := f.depthEntries()
	if err != nil {
		return err
	}
	// Markers are for the turns after the frame before: depths is in
	// order of turn, so one index walks it with the frames (a journal of
	// a level a turn has as many entries as turns).
	next, _ := slices.BinarySearchFunc(depths, from+1, func(d depthEntry, turn int) int { return d.turn - turn })
	for i, turn := 0, from; ; i++ {
		f.walkForward(i, step)
		fr, err := f.At(turn)
		if err != nil {
			return err
		}
		at := float64(i) / speed
		cur := canvases[i%2]
		cur.Clear()
		screen.DrawOn(cur, fr)
		out.line = out.line[:0]
		out.add(at, "o", view.ANSIFrame(prev, cur))
		for ; next < len(depths) && depths[next].turn <= turn; next++ {
			d := depths[next]
			out.add(at, "m", fmt.Sprintf("depth %d, turn %d", d.depth, d.turn-1))
		}
		if s := fr.State; s != nil && s.Over {
			if s.Won {
				out.add(at, "m", fmt.Sprintf("won on turn %d", s.TurnNumber()))
			} else {
				out.add(at, "m", fmt.Sprintf("died on turn %d: %s", s.TurnNumber(), reducer.DeathCause(s)))
			}
		}
		if turn == last {
			out.add(at+CastHold, "o", "\x1b[?25h") // the viewer's cursor back
		}
		if _, err := w.Write(out.line); err != nil {
			return err
		}
		prev = cur
		if turn == last {
			return nil
		}
		turn = min(turn+step, last)
	}
}

// castEvents writes a recording's events, one a line, with the same
// encoder for every one (a new one an event was most of what writing an
// event allocated).
type castEvents struct {
	line []byte
	data bytes.Buffer // what enc writes
	enc  *json.Encoder
}

func newCastEvents() *castEvents {
	e := &castEvents{}
	e.enc = json.NewEncoder(&e.data)
	e.enc.SetEscapeHTML(false)
	return e
}

// add appends the event [t, code, data] and a newline to the line.
func (e *castEvents) add(t float64, code, data string) {
	b := append(e.line, '[')
	b = strconv.AppendFloat(b, t, 'f', 6, 64)
	b = append(b, `, "`+code+`", `...)
	e.data.Reset()
	e.enc.Encode(data) // a string always encodes
	b = append(b, bytes.TrimRight(e.data.Bytes(), "\n")...)
	e.line = append(b, "]\n"...)
}

// The size of an exported screen.
const (
	exportWidth  = view.Width
	exportHeight = view.MinHeight
)

// FrameScreen draws frames as the game's 80x24 screen, into text canvases.
type FrameScreen struct{ m *view.Model }

// NewFrameScreen is a FrameScreen of the game's 80x24.
func NewFrameScreen() FrameScreen {
	m := view.NewModel(view.MainMenu{})
	m.Resize(exportWidth, exportHeight)
	return FrameScreen{m: m}
}

// Draw is the screen of frame f: what view.Draw draws.
func (s FrameScreen) Draw(f view.ReplayFrame) *view.TextCanvas {
	c := view.NewTextCanvas(exportWidth, exportHeight)
	s.DrawOn(c, f)
	return c
}

// DrawOn draws the screen of frame f on c, a blank 80x24 canvas (a
// recording draws its frames on two canvases in turn).
func (s FrameScreen) DrawOn(c *view.TextCanvas, f view.ReplayFrame) {
	s.m.ShowReplayed(f)
	view.Draw(c, s.m)
}
