package view

import (
	"fmt"
	"strconv"
	"time"
)

// The replay's controls: which turn is shown, whether it plays and how
// fast, and the "go to turn" prompt. ReplayControl is pure: keys and clock
// readings go in, actions come out, and the program that reads the
// journal does the seeking. It never touches a game: a replay only shows
// what the journal recorded.

// replaySpeeds are the speeds + and - step through, in turns a second; 0
// is as fast as the terminal draws (one turn per frame).
var replaySpeeds = []int{1, 2, 5, 10, 20, 50, 100, 0}

// defaultSpeed is the index in replaySpeeds a replay starts at: 10 turns
// a second.
const defaultSpeed = 3

// ReplayJump is how many turns [ and ] jump.
const ReplayJump = 100

// maxPromptDigits is the most digits the turn prompt takes.
const maxPromptDigits = 9

// ReplayDo is what a key or a tick asks of the program running a replay.
type ReplayDo uint8

// What a replay action asks.
const (
	ReplayNothing   ReplayDo = iota // the key did nothing
	ReplayRedraw                    // only the controls changed: draw again
	ReplaySeek                      // show the state after Turn turns
	ReplayOpen                      // open Screen on the state shown
	ReplayKeys                      // show the replay's keys
	ReplayQuit                      // leave the replay
	ReplayNextDepth                 // seek to the next turn a new depth is entered
	ReplayPrevDepth                 // seek to the turn before this one a new depth was entered
	ReplayTakeOver                  // start a new game from the state after Turn turns
)

var replayDoNames = [...]string{"nothing", "redraw", "seek", "open", "keys", "quit", "next depth", "previous depth", "take over"}

func (d ReplayDo) String() string {
	if int(d) < len(replayDoNames) {
		return replayDoNames[d]
	}
	return "ReplayDo(" + strconv.Itoa(int(d)) + ")"
}

// ReplayAction is what to do after a key or a tick.
type ReplayAction struct {
	Do ReplayDo
	// Turn is the turn to show, with ReplaySeek.
	Turn int
	// Screen is the screen to open, with ReplayOpen: ModeInventory,
	// ModeSheet or ModeLook.
	Screen Mode
}

func (a ReplayAction) String() string {
	switch a.Do {
	case ReplaySeek:
		return fmt.Sprintf("seek to turn %d", a.Turn)
	case ReplayOpen:
		return "open the " + a.Screen.String()
	case ReplayTakeOver:
		return fmt.Sprintf("take over at turn %d", a.Turn)
	}
	return a.Do.String()
}

// ReplayStatus is where a replay stands, as its bar shows it.
type ReplayStatus struct {
	// Turn and Last count turns folded: the state shown and the journal's
	// last are at turns Turn-1 and Last-1 as every output numbers turns
	// (reducer.State.TurnNumber); the bar and the prompt show those.
	Turn, Last int
	Paused     bool // stopped (always, at the last turn)
	Speed      int  // turns a second; 0: as fast as the terminal draws
	Prompting  bool // the "go to turn" prompt is open
	Prompt     string
	Warning    string // why the journal ends where it does (damage), or ""
	Note       string // a one-line answer to the last key (a take-over refused), or ""
	Following  bool   // the journal is followed as it is written
}

// ReplayControl is the replay's position, speed, pause and prompt.
type ReplayControl struct {
	first, last int
	turn        int
	paused      bool
	speed       int // index in replaySpeeds
	prompting   bool
	prompt      string
	// Warning is shown in the bar for the whole replay: the journal is
	// damaged after its last turn shown, say. "" for none.
	Warning string
	// note answers the last key in the bar until the next one (see Tell).
	note string
	// Following is whether the journal is followed as another process
	// writes it: at its last turn the replay waits for the next (see
	// Grow).
	Following bool

	// Playing is timed from an anchor: the turn shown at an instant;
	// the turn due at now is anchorTurn + (now-anchor) x speed. Any jump,
	// pause or change of speed drops the anchor, and the next Tick sets it.
	anchored   bool
	anchor     time.Time
	anchorTurn int
}

// NewReplayControl controls the replay of a journal of last turns,
// showing turn start first (clamped to 1..last), playing unless paused.
func NewReplayControl(last, start int, paused bool) *ReplayControl {
	c := &ReplayControl{first: min(1, last), last: last, paused: paused, speed: defaultSpeed}
	c.turn = c.clamp(start)
	if c.turn == c.last {
		c.paused = true
	}
	return c
}

// Status is where the replay stands.
func (c *ReplayControl) Status() ReplayStatus {
	return ReplayStatus{Turn: c.turn, Last: c.last, Paused: c.paused, Speed: replaySpeeds[c.speed],
		Prompting: c.prompting, Prompt: c.prompt, Warning: c.Warning, Note: c.note, Following: c.Following}
}

// Grow makes the journal last turns long: a journal followed as it is
// written has grown. A replay that shows its last turn goes on to the
// new last (a seek); one elsewhere stays where it is.
func (c *ReplayControl) Grow(last int) ReplayAction {
	if last <= c.last {
		return ReplayAction{}
	}
	atEnd := c.turn == c.last
	c.first, c.last = min(1, last), last
	if !atEnd {
		return ReplayAction{Do: ReplayRedraw}
	}
	c.pause()
	return c.seek(last)
}

// Tell shows note in the bar until the next key: why a key did nothing.
func (c *ReplayControl) Tell(note string) { c.note = note }

// GoTo goes to turn (clamped to the journal) as a seek by key does,
// pausing: the program's answer to ReplayNextDepth and ReplayPrevDepth.
func (c *ReplayControl) GoTo(turn int) ReplayAction {
	c.pause()
	return c.seek(turn)
}

// Turn is the turn shown.
func (c *ReplayControl) Turn() int { return c.turn }

func (c *ReplayControl) clamp(turn int) int { return min(max(turn, c.first), c.last) }

// HandleKey says what key k asks for and updates the controls.
func (c *ReplayControl) HandleKey(k Key) ReplayAction {
	c.note = ""
	if c.prompting {
		return c.keyPrompt(k)
	}
	switch k.Code {
	case KeyEsc:
		return ReplayAction{Do: ReplayQuit}
	case KeyHome:
		return c.seek(c.first)
	case KeyEnd:
		return c.seek(c.last)
	case KeyRight:
		return c.step(1)
	case KeyLeft:
		return c.step(-1)
	case KeyRune:
	default:
		return ReplayAction{}
	}
	switch k.Rune {
	case 'q', 'Q':
		return ReplayAction{Do: ReplayQuit}
	case ' ':
		return c.togglePause()
	case '+', '=':
		return c.setSpeed(c.speed + 1)
	case '-', '_':
		return c.setSpeed(c.speed - 1)
	case '.':
		return c.step(1)
	case ',':
		return c.step(-1)
	case ']':
		return c.seek(c.turn + ReplayJump)
	case '[':
		return c.seek(c.turn - ReplayJump)
	case 'g':
		c.prompting, c.prompt = true, ""
		return ReplayAction{Do: ReplayRedraw}
	case 'i':
		return c.open(ModeInventory)
	case 'c':
		return c.open(ModeSheet)
	case 'x':
		return c.open(ModeLook)
	case '?':
		c.pause()
		return ReplayAction{Do: ReplayKeys}
	case '>':
		return ReplayAction{Do: ReplayNextDepth}
	case '<':
		return ReplayAction{Do: ReplayPrevDepth}
	case 't':
		c.pause()
		return ReplayAction{Do: ReplayTakeOver, Turn: c.turn}
	}
	return ReplayAction{}
}

// keyPrompt edits the turn prompt: digits, Backspace, Enter to go, Esc
// to give up.
func (c *ReplayControl) keyPrompt(k Key) ReplayAction {
	switch {
	case k.Code == KeyEsc:
		c.prompting, c.prompt = false, ""
		return ReplayAction{Do: ReplayRedraw}
	case k.Code == KeyBackspace:
		if c.prompt == "" {
			return ReplayAction{}
		}
		c.prompt = c.prompt[:len(c.prompt)-1]
		return ReplayAction{Do: ReplayRedraw}
	case k.Code == KeyEnter:
		n, err := strconv.Atoi(c.prompt)
		c.prompting, c.prompt = false, ""
		if err != nil { // nothing typed
			return ReplayAction{Do: ReplayRedraw}
		}
		if a := c.seek(n + 1); a.Do == ReplaySeek { // turn n is the state after n+1 records
			return a
		}
		return ReplayAction{Do: ReplayRedraw}
	case k.Code == KeyRune && k.Rune >= '0' && k.Rune <= '9' && len(c.prompt) < maxPromptDigits:
		c.prompt += string(k.Rune)
		return ReplayAction{Do: ReplayRedraw}
	}
	return ReplayAction{}
}

// seek goes to turn (clamped to the journal), playing on if playing; the
// last turn pauses.
func (c *ReplayControl) seek(turn int) ReplayAction {
	turn = c.clamp(turn)
	if turn == c.turn {
		return ReplayAction{}
	}
	c.turn = turn
	c.anchored = false
	if turn == c.last {
		c.paused = true
	}
	return ReplayAction{Do: ReplaySeek, Turn: turn}
}

// step pauses and moves one turn.
func (c *ReplayControl) step(delta int) ReplayAction {
	wasPaused := c.paused
	c.pause()
	if a := c.seek(c.turn + delta); a.Do == ReplaySeek {
		return a
	}
	if !wasPaused {
		return ReplayAction{Do: ReplayRedraw}
	}
	return ReplayAction{}
}

func (c *ReplayControl) pause() {
	c.paused = true
	c.anchored = false
}

// togglePause pauses or plays; playing at the last turn starts again
// from the first.
func (c *ReplayControl) togglePause() ReplayAction {
	if !c.paused {
		c.pause()
		return ReplayAction{Do: ReplayRedraw}
	}
	c.paused = false
	c.anchored = false
	if c.turn == c.last && c.first < c.last {
		return c.seek(c.first)
	}
	if c.turn == c.last {
		c.paused = true
		return ReplayAction{}
	}
	return ReplayAction{Do: ReplayRedraw}
}

func (c *ReplayControl) setSpeed(i int) ReplayAction {
	if i < 0 || i >= len(replaySpeeds) {
		return ReplayAction{}
	}
	c.speed = i
	c.anchored = false
	return ReplayAction{Do: ReplayRedraw}
}

// open pauses and asks to open a screen on the state shown.
func (c *ReplayControl) open(screen Mode) ReplayAction {
	c.pause()
	return ReplayAction{Do: ReplayOpen, Screen: screen}
}
