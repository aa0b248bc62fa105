package view

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

const replayLast = 1500

func seekTo(turn int) ReplayAction { return ReplayAction{Do: ReplaySeek, Turn: turn} }

var (
	nothing = ReplayAction{}
	redraw  = ReplayAction{Do: ReplayRedraw}
	quit    = ReplayAction{Do: ReplayQuit}
)

func runes(s string) []Key {
	var out []Key
	for _, r := range s {
		out = append(out, Rune(r))
	}
	return out
}

func TestReplayKeysDoWhatTheBarSays(t *testing.T) {
	t.Parallel()
	playing := func(turn int) ReplayStatus {
		return ReplayStatus{Turn: turn, Last: replayLast, Speed: 10}
	}
	paused := func(turn int) ReplayStatus {
		return ReplayStatus{Turn: turn, Last: replayLast, Paused: true, Speed: 10}
	}
	withSpeed := func(st ReplayStatus, speed int) ReplayStatus { st.Speed = speed; return st }
	prompt := func(turn int, digits string) ReplayStatus {
		st := playing(turn)
		st.Prompting, st.Prompt = true, digits
		return st
	}
	cases := []struct {
		name   string
		start  int
		paused bool
		setup  []Key
		key    Key
		want   ReplayAction
		status ReplayStatus
	}{
		{"space pauses a playing replay", 10, false, nil, Rune(' '), redraw, paused(10)},
		{"space plays a paused replay", 10, true, nil, Rune(' '), redraw, playing(10)},
		{"space at the end plays again from the first turn", replayLast, true, nil, Rune(' '), seekTo(1), playing(1)},
		{"+ plays faster", 10, false, nil, Rune('+'), redraw, withSpeed(playing(10), 20)},
		{"= plays faster too (+ without shift)", 10, false, nil, Rune('='), redraw, withSpeed(playing(10), 20)},
		{"- plays slower", 10, false, nil, Rune('-'), redraw, withSpeed(playing(10), 5)},
		{"+ past 100 turns a second plays as fast as the terminal draws", 10, false, runes("+++"), Rune('+'), redraw, withSpeed(playing(10), 0)},
		{"+ at the fastest does nothing", 10, false, runes("++++"), Rune('+'), nothing, withSpeed(playing(10), 0)},
		{"- at one turn a second does nothing", 10, false, runes("---"), Rune('-'), nothing, withSpeed(playing(10), 1)},
		{". steps one turn forward while paused", 10, true, nil, Rune('.'), seekTo(11), paused(11)},
		{". while playing pauses and steps", 10, false, nil, Rune('.'), seekTo(11), paused(11)},
		{", steps one turn back", 10, true, nil, Rune(','), seekTo(9), paused(9)},
		{", on the first turn while playing only pauses", 1, false, nil, Rune(','), redraw, paused(1)},
		{", on the first turn while paused does nothing", 1, true, nil, Rune(','), nothing, paused(1)},
		{". on the last turn does nothing", replayLast, true, nil, Rune('.'), nothing, paused(replayLast)},
		{"Right steps forward like .", 10, true, nil, Named(KeyRight), seekTo(11), paused(11)},
		{"Left steps back like ,", 10, true, nil, Named(KeyLeft), seekTo(9), paused(9)},
		{"] jumps 100 turns forward and plays on", 10, false, nil, Rune(']'), seekTo(110), playing(110)},
		{"[ jumps 100 turns back", 500, true, nil, Rune('['), seekTo(400), paused(400)},
		{"[ stops at the first turn", 50, false, nil, Rune('['), seekTo(1), playing(1)},
		{"] stops at the last turn, which pauses", 1450, false, nil, Rune(']'), seekTo(replayLast), paused(replayLast)},
		{"Home goes to the first turn", 700, false, nil, Named(KeyHome), seekTo(1), playing(1)},
		{"End goes to the last turn, which pauses", 700, false, nil, Named(KeyEnd), seekTo(replayLast), paused(replayLast)},
		{"End on the last turn does nothing", replayLast, true, nil, Named(KeyEnd), nothing, paused(replayLast)},
		{"g opens the turn prompt", 10, false, nil, Rune('g'), redraw, prompt(10, "")},
		{"a digit is typed into the prompt", 10, false, runes("g12"), Rune('3'), redraw, prompt(10, "123")},
		{"Backspace erases the last digit", 10, false, runes("g12"), Named(KeyBackspace), redraw, prompt(10, "1")},
		{"Backspace on an empty prompt does nothing", 10, false, runes("g"), Named(KeyBackspace), nothing, prompt(10, "")},
		{"a letter in the prompt does nothing, q included", 10, false, runes("g1"), Rune('q'), nothing, prompt(10, "1")},
		{"the prompt takes at most nine digits", 10, false, runes("g123456789"), Rune('0'), nothing, prompt(10, "123456789")},
		{"Enter goes to the turn typed: turn 1200 is the frame after 1201 records", 10, false, runes("g1200"), Named(KeyEnter), seekTo(1201), playing(1201)},
		{"Enter past the last turn goes to the last", 10, false, runes("g99999"), Named(KeyEnter), seekTo(replayLast), paused(replayLast)},
		{"Enter on turn 0 goes to the first frame, the Begin record's", 10, false, runes("g0"), Named(KeyEnter), seekTo(1), playing(1)},
		{"Enter on the turn shown (turn 9, the frame after 10 records) only closes the prompt", 10, false, runes("g9"), Named(KeyEnter), redraw, playing(10)},
		{"Enter on an empty prompt only closes it", 10, false, runes("g"), Named(KeyEnter), redraw, playing(10)},
		{"Esc closes the prompt and does not quit", 10, false, runes("g12"), Named(KeyEsc), redraw, playing(10)},
		{"i pauses and opens the inventory", 10, false, nil, Rune('i'), ReplayAction{Do: ReplayOpen, Screen: ModeInventory}, paused(10)},
		{"c pauses and opens the character sheet", 10, false, nil, Rune('c'), ReplayAction{Do: ReplayOpen, Screen: ModeSheet}, paused(10)},
		{"x pauses and starts looking", 10, false, nil, Rune('x'), ReplayAction{Do: ReplayOpen, Screen: ModeLook}, paused(10)},
		{"? pauses and shows the replay's keys", 10, false, nil, Rune('?'), ReplayAction{Do: ReplayKeys}, paused(10)},
		{"> asks for the next new depth", 10, false, nil, Rune('>'), ReplayAction{Do: ReplayNextDepth}, playing(10)},
		{"< asks for the last new depth before", 10, false, nil, Rune('<'), ReplayAction{Do: ReplayPrevDepth}, playing(10)},
		{"t pauses and asks to take over at the turn shown", 10, false, nil, Rune('t'), ReplayAction{Do: ReplayTakeOver, Turn: 10}, paused(10)},
		{"q quits", 10, false, nil, Rune('q'), quit, playing(10)},
		{"Q quits", 10, false, nil, Rune('Q'), quit, playing(10)},
		{"Esc quits when nothing is open", 10, false, nil, Named(KeyEsc), quit, playing(10)},
		{"a key the replay does not use does nothing", 10, false, nil, Rune('z'), nothing, playing(10)},
		{"a movement key does nothing: nobody plays", 10, true, nil, Named(KeyUp), nothing, paused(10)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := NewReplayControl(replayLast, tc.start, tc.paused)
			for _, k := range tc.setup {
				c.HandleKey(k)
			}
			assert.Equal(t, tc.want, c.HandleKey(tc.key), "action")
			assert.Equal(t, tc.status, c.Status(), "status")
		})
	}
}

func TestAReplayStartsWhereItIsToldWithinTheJournal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		start  int
		paused bool
		want   ReplayStatus
	}{
		{"turn 1, playing", 1, false, ReplayStatus{Turn: 1, Last: replayLast, Speed: 10}},
		{"turn 0 is turn 1: before it there is nothing to show", 0, false, ReplayStatus{Turn: 1, Last: replayLast, Speed: 10}},
		{"a turn past the end is the last, paused", 9999, false, ReplayStatus{Turn: replayLast, Last: replayLast, Paused: true, Speed: 10}},
		{"turn 700, paused", 700, true, ReplayStatus{Turn: 700, Last: replayLast, Paused: true, Speed: 10}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, NewReplayControl(replayLast, tc.start, tc.paused).Status())
		})
	}
}

// replayStep is a key pressed or a tick of the clock at a time (ms after
// the start), and what it asks.
type replayStep struct {
	key  *Key
	at   int // ms, for a tick
	want ReplayAction
}

func press(k Key, want ReplayAction) replayStep { return replayStep{key: &k, want: want} }
func tick(ms int, want ReplayAction) replayStep { return replayStep{at: ms, want: want} }

func TestAPlayingReplayMovesWithTheClock(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 23, 8, 42, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	cases := []struct {
		name     string
		start    int
		paused   bool
		steps    []replayStep
		turn     int
		waitAt   int           // ms
		wantWait time.Duration // after the steps, at waitAt
	}{
		{"a paused replay stays put and waits for a key", 10, true,
			[]replayStep{tick(0, nothing), tick(5000, nothing)}, 10, 5000, -1},
		{"the first tick only sets the clock", 10, false,
			[]replayStep{tick(0, nothing)}, 10, 0, 100 * time.Millisecond},
		{"at 10 turns a second, a second later is ten turns later", 10, false,
			[]replayStep{tick(0, nothing), tick(1000, seekTo(20))}, 20, 1000, 100 * time.Millisecond},
		{"at 10 turns a second, 99 ms is not a turn yet", 10, false,
			[]replayStep{tick(0, nothing), tick(99, nothing)}, 10, 99, time.Millisecond},
		{"a late tick catches up in one seek", 10, false,
			[]replayStep{tick(0, nothing), tick(100, seekTo(11)), tick(450, seekTo(14))}, 14, 450, 50 * time.Millisecond},
		{"a change of speed counts from the next tick", 10, false,
			[]replayStep{tick(0, nothing), tick(500, seekTo(15)), press(Rune('+'), redraw), tick(500, nothing), tick(1000, seekTo(25))}, 25, 1000, 50 * time.Millisecond},
		{"at the fastest, every tick is a turn and none waits", 10, false,
			[]replayStep{press(Rune('+'), redraw), press(Rune('+'), redraw), press(Rune('+'), redraw), press(Rune('+'), redraw),
				tick(0, seekTo(11)), tick(0, seekTo(12)), tick(1, seekTo(13))}, 13, 1, 0},
		{"playing stops at the last turn", 1495, false,
			[]replayStep{tick(0, nothing), tick(60000, seekTo(replayLast)), tick(60100, nothing)}, replayLast, 60100, -1},
		{"a pause stops the clock and playing again restarts it", 10, false,
			[]replayStep{tick(0, nothing), press(Rune(' '), redraw), tick(5000, nothing), press(Rune(' '), redraw),
				tick(5000, nothing), tick(5100, seekTo(11))}, 11, 5100, 100 * time.Millisecond},
		{"a jump plays on from where it lands", 10, false,
			[]replayStep{tick(0, nothing), press(Rune(']'), seekTo(110)), tick(10, nothing), tick(210, seekTo(112))}, 112, 210, 100 * time.Millisecond},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := NewReplayControl(replayLast, tc.start, tc.paused)
			for i, st := range tc.steps {
				var got ReplayAction
				if st.key != nil {
					got = c.HandleKey(*st.key)
				} else {
					got = c.Tick(at(st.at))
				}
				assert.Equal(t, st.want, got, "step %d", i)
			}
			assert.Equal(t, tc.turn, c.Turn())
			assert.Equal(t, tc.wantWait, c.Wait(at(tc.waitAt)))
		})
	}
}

func TestReplayActionsSayWhatTheyDo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a    ReplayAction
		want string
	}{
		{nothing, "nothing"},
		{seekTo(12), "seek to turn 12"},
		{ReplayAction{Do: ReplayOpen, Screen: ModeSheet}, "open the character sheet"},
		{quit, "quit"},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, tc.a.String())
	}
}

// A journal followed as it is written grows: a replay at its last turn
// goes on to the new last, one elsewhere stays; the bar says the replay
// waits for the next turn.
func TestAFollowedReplayGoesOnToTheNewestTurnOnlyFromTheLast(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		start  int
		paused bool
		grow   int
		do     ReplayAction
		want   ReplayStatus
	}{
		{"at the last turn: on to the new last", 10, false, 15, ReplayAction{Do: ReplaySeek, Turn: 15},
			ReplayStatus{Turn: 15, Last: 15, Paused: true, Speed: 10, Following: true}},
		{"paused earlier: stays", 4, true, 15, ReplayAction{Do: ReplayRedraw},
			ReplayStatus{Turn: 4, Last: 15, Paused: true, Speed: 10, Following: true}},
		{"playing earlier: plays on", 4, false, 15, ReplayAction{Do: ReplayRedraw},
			ReplayStatus{Turn: 4, Last: 15, Speed: 10, Following: true}},
		{"no new turn: nothing", 10, false, 10, ReplayAction{},
			ReplayStatus{Turn: 10, Last: 10, Paused: true, Speed: 10, Following: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := NewReplayControl(10, tc.start, tc.paused)
			c.Following = true
			assert.Equal(t, tc.do, c.Grow(tc.grow))
			assert.Equal(t, tc.want, c.Status())
		})
	}
	assert.Equal(t, "following: the newest turn", replayState(ReplayStatus{Turn: 3, Last: 3, Paused: true, Following: true}))
	assert.Equal(t, "paused, 10 turns/s", replayState(ReplayStatus{Turn: 2, Last: 3, Paused: true, Speed: 10, Following: true}))
}
