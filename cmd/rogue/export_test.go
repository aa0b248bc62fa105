package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
	"rogue/game"
	"rogue/journal"
)

// runHere runs rogue's main in this process and returns what it did.
func runHere(args ...string) ran {
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return ran{Code: code, Stdout: stdout.String(), Stderr: stderr.String()}
}

// castEvent is one [time, code, data] line of an asciicast.
type castEvent struct {
	Time float64
	Code string
	Data string
}

// checkCast checks that b is an asciicast v2 recording: a JSON header
// line with version 2, width and height, then [time, "o", data] frames
// whose times increase strictly, each followed by the [time, "m", label]
// markers of its time, then the [time, "o", "\x1b[?25h"] that shows the
// cursor again, 2 s after the last frame. It returns the header, the
// frames and the markers.
func checkCast(t *testing.T, b []byte) (map[string]any, []castEvent, []castEvent) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	require.True(t, sc.Scan(), "a header line")
	var header map[string]any
	require.NoError(t, json.Unmarshal(sc.Bytes(), &header), "the header is JSON")
	assert.Equal(t, float64(2), header["version"])
	assert.Equal(t, float64(80), header["width"])
	assert.Equal(t, float64(24), header["height"])
	var frames, markers []castEvent
	for n := 2; sc.Scan(); n++ {
		var ev []json.RawMessage
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev), "line %d is a JSON array", n)
		require.Len(t, ev, 3, "line %d: [time, code, data]", n)
		var e castEvent
		require.NoError(t, json.Unmarshal(ev[0], &e.Time), "line %d: the time is a number", n)
		require.NoError(t, json.Unmarshal(ev[1], &e.Code), "line %d: the code is a string", n)
		require.NoError(t, json.Unmarshal(ev[2], &e.Data), "line %d: the data is a string", n)
		if len(frames) == 0 {
			require.Equal(t, "o", e.Code, "line %d: a frame comes first", n)
			frames = append(frames, e)
			continue
		}
		prev := frames[len(frames)-1].Time
		switch e.Code {
		case "o":
			require.Greater(t, e.Time, prev, "line %d: times increase", n)
			frames = append(frames, e)
		case "m":
			require.Equal(t, prev, e.Time, "line %d: a marker goes with its frame", n)
			markers = append(markers, e)
		default:
			t.Fatalf("line %d: code %q is neither output nor a marker", n, e.Code)
		}
	}
	require.NoError(t, sc.Err())
	require.GreaterOrEqual(t, len(frames), 2, "a frame and the end")
	end := frames[len(frames)-1]
	assert.Equal(t, castEvent{Time: frames[len(frames)-2].Time + 2, Code: "o", Data: "\x1b[?25h"}, end,
		"the recording ends showing the cursor, the last frame held 2 s")
	return header, frames[:len(frames)-1], markers
}

func TestAnExportedAsciicastIsAValidV2Recording(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	journalPath := goldenJournal("short")
	out := filepath.Join(dir, "short.cast")
	got := runHere("export", "--asciicast", out, journalPath)
	require.Equal(t, 0, got.Code, got.Stderr)
	assert.Equal(t, "wrote 40 frames (turns 0 to 39, a frame a turn, 5.9 s at 10 frames/s, the last held 2 s) to "+out+"\n", got.Stdout)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	header, events, markers := checkCast(t, b)
	assert.Empty(t, markers, "the short game stays on depth 1 and lives")

	r, err := journal.Open(journalPath)
	require.NoError(t, err)
	defer r.Close()
	assert.Equal(t, map[string]any{
		"version": float64(2), "width": float64(80), "height": float64(24),
		"timestamp": float64(r.Header().Created.Unix()),
		"title":     "rogue: short.rogue (seed 1, bot)",
	}, header, "the timestamp is when the game began, not now")
	require.Len(t, events, 40, "one frame a turn")
	assert.Equal(t, 0.0, events[0].Time)
	assert.InDelta(t, 3.9, events[39].Time, 1e-9)
	assert.True(t, strings.HasPrefix(events[0].Data, "\x1b[?25l\x1b[0m\x1b[2J"), "the first frame clears the screen")
	for i, e := range events[1:] {
		assert.NotContains(t, e.Data, "\x1b[2J", "frame %d draws only what changed", i+2)
	}
}

func TestAnAsciicastTakesItsTurnsAndSpeed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cases := []struct {
		name   string
		args   []string
		frames int
		last   float64
		stderr string
	}{
		{"--from and --to choose the turns", []string{"--from", "10", "--to", "19"}, 10, 0.9, ""},
		{"--speed sets the frames a second", []string{"--speed", "2.5", "--to", "4"}, 5, 1.6, ""},
		{"the fastest speed still gives increasing times", []string{"--speed", "1000"}, 40, 0.039, ""},
		{"--every takes one frame every N turns, and the last", []string{"--every", "7"}, 7, 0.6, ""},
		{"--to past the end stops at the end, with a note", []string{"--to", "99"}, 40, 3.9,
			"rogue export: note: the journal ends at turn 39, before turn 99\n"},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, fmt.Sprintf("%d.cast", i))
			got := runHere(append(append([]string{"export", "--asciicast", out}, tc.args...), goldenJournal("short"))...)
			require.Equal(t, 0, got.Code, got.Stderr)
			assert.Equal(t, tc.stderr, got.Stderr)
			b, err := os.ReadFile(out)
			require.NoError(t, err)
			_, events, _ := checkCast(t, b)
			require.Len(t, events, tc.frames)
			assert.InDelta(t, tc.last, events[len(events)-1].Time, 1e-9)
		})
	}
}

func TestExportingTwiceGivesTheSameFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var files [][]byte
	for _, name := range []string{"a.cast", "b.cast"} {
		out := filepath.Join(dir, name)
		got := runHere("export", "--asciicast", out, goldenJournal("fireball-self"))
		require.Equal(t, 0, got.Code, got.Stderr)
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		files = append(files, b)
	}
	assert.Equal(t, files[0], files[1])
}

// goldenScreens are the 80x24 screens a golden file of the corpus holds
// (written by golden's tests from view.Draw), by turn.
func goldenScreens(t *testing.T, name string) map[int]string {
	b, err := os.ReadFile(filepath.Join("..", "..", "golden", "testdata", name+".golden"))
	require.NoError(t, err)
	lines := strings.Split(string(b), "\n")
	out := map[int]string{}
	turn := -1
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "== at turn "):
			turn, err = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(l, "== at turn "), " =="))
			require.NoError(t, err)
		case strings.HasPrefix(l, "== end: turn "):
			turn, err = strconv.Atoi(strings.TrimSuffix(strings.Fields(strings.TrimPrefix(l, "== end: turn "))[0], ","))
			require.NoError(t, err)
		case strings.HasPrefix(l, "+---") && turn >= 0:
			var screen strings.Builder
			for _, row := range lines[i+1 : i+25] {
				screen.WriteString(strings.TrimRight(strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|"), " ") + "\n")
			}
			out[turn] = screen.String()
			i += 25
			turn = -1
		}
	}
	return out
}

// export --text gives exactly the screen view.Draw gives at that turn: the
// screens in the golden corpus, at every marked turn and at the end of
// every journal.
func TestExportTextIsTheGameScreenAtThatTurn(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "..", "golden", "testdata", "*.rogue"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".rogue")
		screens := goldenScreens(t, name)
		require.NotEmpty(t, screens, name)
		for turn, want := range screens {
			t.Run(fmt.Sprintf("%s at turn %d", name, turn), func(t *testing.T) {
				got := runHere("export", path, "--text", "-", "--turn", strconv.Itoa(turn))
				require.Equal(t, 0, got.Code, got.Stderr)
				assert.Equal(t, want, got.Stdout)
			})
		}
	}
}

func TestExportFlagsGoBeforeAndAfterTheFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	j := goldenJournal("short")
	orders := [][]string{
		{"export", "--text", "%s", "--turn", "12", j},
		{"export", j, "--text", "%s", "--turn", "12"},
		{"export", "--turn", "12", j, "--text", "%s"},
		{"export", "--text=%s", j, "--turn=12"},
	}
	var screens []string
	for i, args := range orders {
		out := filepath.Join(dir, fmt.Sprintf("%d.txt", i))
		args = append([]string(nil), args...)
		for k, a := range args {
			args[k] = strings.Replace(a, "%s", out, 1)
		}
		got := runHere(args...)
		require.Equal(t, 0, got.Code, got.Stderr)
		assert.Equal(t, fmt.Sprintf("wrote the screen at turn 12 of short.rogue to %s\n", out), got.Stdout)
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		screens = append(screens, string(b))
	}
	for i := range screens {
		assert.Equal(t, screens[0], screens[i], "order %d", i)
	}
	assert.Contains(t, screens[0], "Turn 12")
}

func TestBadExportsGiveOneLineAndAnExitCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	j := goldenJournal("short")
	journalBytes, err := os.ReadFile(j)
	require.NoError(t, err)
	garbage := writeFile(t, dir, "garbage.rogue", []byte("this is not a journal at all"))
	f, err := journal.Create(filepath.Join(dir, "empty.rogue"), game.NewHeader(1, "bot", journal.Options{}))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	empty := filepath.Join(dir, "empty.rogue")
	cast := filepath.Join(dir, "out.cast")
	cases := []struct {
		name string
		args []string
		code int
		says string
	}{
		{"no journal", []string{"--text", "-"}, 2, "name the journal to read"},
		{"two journals", []string{"--text", "-", j, j}, 2, "one journal at a time"},
		{"nothing to export", []string{j}, 2, "say what to export: --asciicast OUT.cast or --text OUT.txt"},
		{"both exports", []string{"--text", "-", "--asciicast", cast, j}, 2, "one at a time"},
		{"--speed with --text", []string{"--text", "-", "--speed", "3", j}, 2, "--from, --to, --every and --speed go with --asciicast"},
		{"--from with --text", []string{"--text", "-", "--from", "3", j}, 2, "--from, --to, --every and --speed go with --asciicast"},
		{"--turn with --asciicast", []string{"--asciicast", cast, "--turn", "3", j}, 2, "--turn goes with --text"},
		{"a speed of 0", []string{"--asciicast", cast, "--speed", "0", j}, 2, "--speed must be more than 0 and at most 1000"},
		{"a negative speed", []string{"--asciicast", cast, "--speed", "-4", j}, 2, "--speed must be more than 0"},
		{"a speed that is not a number", []string{"--asciicast", cast, "--speed", "NaN", j}, 2, "--speed must be more than 0"},
		{"a speed too fast to time", []string{"--asciicast", cast, "--speed", "5000", j}, 2, "at most 1000 frames a second"},
		{"a speed that is a word", []string{"--asciicast", cast, "--speed", "fast", j}, 2, "invalid value \"fast\" for flag -speed"},
		{"--from -1", []string{"--asciicast", cast, "--from", "-1", j}, 2, "--from must be a turn number (0 or more)"},
		{"--to before --from", []string{"--asciicast", cast, "--from", "10", "--to", "5", j}, 2, "--to (5) must not be before --from (10)"},
		{"--turn -1", []string{"--text", "-", "--turn", "-1", j}, 2, "--turn must be a turn number (0 or more)"},
		{"a turn past the end", []string{"--text", "-", "--turn", "999", j}, 1, "short.rogue ends at turn 39: there is no turn 999"},
		{"--from past the end", []string{"--asciicast", cast, "--from", "40", j}, 1, "short.rogue ends at turn 39: there is no turn 40 to start from"},
		{"not a journal", []string{"--text", "-", garbage}, 1, "not a rogue journal"},
		{"no such file", []string{"--text", "-", filepath.Join(dir, "missing.rogue")}, 1, "missing.rogue"},
		{"a journal with no turns", []string{"--text", "-", empty}, 1, "holds no turns: there is no screen to export"},
		{"the journal as the output", []string{"--asciicast", j, j}, 2, "is the journal: an export never overwrites it"},
		{"a directory as the output", []string{"--text", dir, j}, 2, "is a directory"},
		{"an output in no directory", []string{"--asciicast", filepath.Join(dir, "no", "such", "dir.cast"), j}, 1, "writing " + filepath.Join(dir, "no", "such", "dir.cast")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := runHere(append([]string{"export"}, tc.args...)...)
			assert.Equal(t, tc.code, got.Code)
			assert.Contains(t, got.Stderr, tc.says)
			assert.True(t, strings.HasPrefix(got.Stderr, "rogue export: "), "stderr: %q", got.Stderr)
			assert.Equal(t, 1, strings.Count(got.Stderr, "\n"), "one line: %q", got.Stderr)
			assert.Empty(t, got.Stdout)
		})
	}
	after, err := os.ReadFile(j)
	require.NoError(t, err)
	assert.Equal(t, journalBytes, after, "the journal is untouched")
	leftovers, err := filepath.Glob(filepath.Join(dir, ".*.part"))
	require.NoError(t, err)
	assert.Empty(t, leftovers, "no half-written export is left")
}

func TestAReplayOfAJournalWithNoTurnsSaysSoWithoutATerminal(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "empty.rogue")
	f, err := journal.Create(path, game.NewHeader(1, "bot", journal.Options{}))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	got := runHere("replay", path)
	assert.Equal(t, ran{Code: 1, Stderr: "rogue replay: " + path + " holds no turns: there is nothing to replay\n"}, got)
}

// Journals that are wrong, or from elsewhere, export as replay --headless
// reads them: one line and exit 1 for what cannot be folded; a note for a
// torn or corrupt end (the whole turns before it export); and a journal
// played under newer rules exports as it was played.
func TestJournalsFromElsewhereExportAsTheyReplay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := botJournal(t, 5, 10)
	good := m.Bytes()
	end := len(good)
	ghost, _, err := journal.LoadMemory(good)
	require.NoError(t, err)
	require.NoError(t, ghost.Append(&events.Turn{Command: &events.Wait{}, Facts: []events.Fact{&events.Moved{Actor: 999, Dir: events.North}}}))
	paths := map[string]string{
		"future": writeFile(t, dir, "future.jnl", setHeaderByte(good, 1, wire.FormatVersion+1)),
		"rules2": writeFile(t, dir, "rules-next.jnl", setHeaderByte(good, 2, events.RulesVersion+1)),
		"ghost":  writeFile(t, dir, "ghost.jnl", ghost.Bytes()),
		"bomb":   writeFile(t, dir, "bomb.jnl", withRecord(good, m.Chain(), []byte{0xdd, 0xff, 0xff, 0xff, 0xff})),
	}
	p := func(name string) string { return paths[name] }
	cases := []struct {
		name   string
		path   string
		code   int
		stderr string
	}{
		{"a journal from a newer format is refused", p("future"), 1,
			"rogue export: journal " + p("future") + ": at byte 8: " + newerFormat + "\n"},
		{"a fact about a missing entity is named with its turn", p("ghost"), 1,
			"rogue export: journal " + p("ghost") + ": at byte " + strconv.Itoa(end) + ": turn 10: fact 0 (Moved) field Actor: entity 999 does not exist\n"},
		{"a damaged last record exports the turns before it and exits 3", p("bomb"), 3,
			"rogue export: journal " + p("bomb") + ": turn 10 at byte " + strconv.Itoa(end) +
				": damaged journal: record does not decode: payload offset 0: declares an array of 4294967295 values but only 0 bytes are left; " +
				"its checksum holds but its payload is refused, and nothing readable follows it; rogue salvage " + p("bomb") + " writes a new journal of every turn that can be recovered\n"},
		{"a journal played under newer rules exports as played", p("rules2"), 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := runHere("export", "--text", "-", tc.path)
			assert.Equal(t, tc.code, got.Code)
			assert.Equal(t, tc.stderr, got.Stderr)
			if tc.code != 1 {
				assert.Contains(t, got.Stdout, "Turn 9")
			}
		})
	}
}
