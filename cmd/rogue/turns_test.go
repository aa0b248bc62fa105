package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer/content"
	"rogue/replay"
	"rogue/view"
)

// replayScreen is the 80x24 replay screen (bar included) at turn n of the
// journal at path, as rogue replay draws it.
func replayScreen(t *testing.T, path string, n int) string {
	f, err := replay.Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	fr, err := f.At(n + 1) // the frame after n+1 records is turn n
	require.NoError(t, err)
	v := view.NewReplayView(view.NewReplayControl(f.Total(), n+1, true))
	v.Resize(80, 24)
	v.Show(fr)
	c := view.NewTextCanvas(80, 24)
	view.DrawReplay(c, v)
	return c.String()
}

// One real journal's death has one turn number in every output: the
// dump's last line (where "You are slain" is), replay --headless, the
// replay's bar, export --text's game over screen, the morgue (the death
// summary), the status line one turn before, and verify's count of turns.
func TestADeathHasTheSameTurnNumberInEveryOutput(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"r2-slain", "slain", "fireball-self", "starved"} {
		t.Run(name, func(t *testing.T) {
			path := goldenJournal(name)
			dump := runHere("dump", path)
			require.Equal(t, 0, dump.Code, dump.Stderr)
			lines := regexp.MustCompile(`(?m)^turn (\d+) @`).FindAllStringSubmatch(dump.Stdout, -1)
			require.NotEmpty(t, lines)
			death, err := strconv.Atoi(lines[len(lines)-1][1])
			require.NoError(t, err)
			last := dump.Stdout[strings.LastIndex(dump.Stdout, "\nturn "):]
			require.Regexp(t, `\| (You are slain|You starve|Your own|You die|You are killed|You burn)`, last, "the dump's last turn is the death")
			at := fmt.Sprintf("at turn %d.", death)

			headless := runHere("replay", "--headless", path)
			require.Equal(t, 0, headless.Code, headless.Stderr)
			assert.Contains(t, headless.Stdout, fmt.Sprintf("turn:     %d of %d\n", death, death), "replay --headless")

			assert.Contains(t, replayScreen(t, path, death), fmt.Sprintf("Turn %d of %d", death, death), "the replay's bar")
			assert.Contains(t, replayScreen(t, path, death), at, "the replay's game over screen")
			before := replayScreen(t, path, death-1)
			assert.Contains(t, before, fmt.Sprintf("Turn %d of %d", death-1, death), "the replay's bar a turn before")
			assert.Regexp(t, fmt.Sprintf(`(?m)^HP .*Turn %d( |$)`, death-1), before, "the status line a turn before")

			export := runHere("export", "--text", "-", "--turn", strconv.Itoa(death), path)
			require.Equal(t, 0, export.Code, export.Stderr)
			assert.Contains(t, export.Stdout, at, "export --turn")
			exportBefore := runHere("export", "--text", "-", "--turn", strconv.Itoa(death-1), path)
			require.Equal(t, 0, exportBefore.Code, exportBefore.Stderr)
			assert.Regexp(t, fmt.Sprintf(`(?m)^HP .*Turn %d `, death-1), exportBefore.Stdout, "export --turn's status line")

			morgue := runHere("dump", "--morgue", path)
			require.Equal(t, 0, morgue.Code, morgue.Stderr)
			assert.Contains(t, morgue.Stdout, at, "the morgue's first line")
			assert.Contains(t, morgue.Stdout, fmt.Sprintf("%d turns (0 to %d)", death+1, death), "the morgue's heading")
			assert.Regexp(t, fmt.Sprintf(`(?m)^  turn +%d  .* on depth \d+$`, death), morgue.Stdout, "the morgue's timeline ends with the death")
			assert.Regexp(t, fmt.Sprintf(`(?m)turn %d$`, death), morgue.Stdout, "the HP chart's last turn")

			verify := runHere("verify", path)
			require.Equal(t, 0, verify.Code, verify.Stderr)
			assert.Contains(t, verify.Stdout, fmt.Sprintf("verified %d turns", death+1), "verify counts turns 0 to the death")
		})
	}
}

// dump --morgue words the morgue of any journal: a torn one's whole turns
// with a note, a damaged one's turns before the damage with exit 3, and
// refuses to be mixed with --json.
func TestDumpMorgueOfEveryKindOfJournal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	whole, err := os.ReadFile(goldenJournal("r2-slain"))
	require.NoError(t, err)
	torn := writeFile(t, dir, "torn.rogue", whole[:3000])
	damaged := writeFile(t, dir, "damaged.rogue", flip(whole, 2000, 0))
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // a line the output holds, "" for none
		stderr string
	}{
		{"a dead game's morgue", []string{goldenJournal("r2-slain")}, 0, "You died: slain by an Orc on depth 6 at turn 3070.", ""},
		{"a torn journal's, with a note", []string{torn}, 0, "The game stands at turn 331 on depth 1.", "rogue dump: note: journal " + torn + ": turn 332 at byte 2995: torn record"},
		{"a damaged journal's, of the turns before the damage, exit 3", []string{damaged}, 3, "played:  208 turns (0 to 207)", "turn 208 at byte 1997: damaged journal"},
		{"not with --json", []string{"--json", goldenJournal("r2-slain")}, 2, "", "rogue dump: --morgue and --json are two dumps: one at a time"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := runHere(append([]string{"dump", "--morgue"}, tc.args...)...)
			assert.Equal(t, tc.code, got.Code, got.Stderr)
			if tc.stdout == "" {
				assert.Empty(t, got.Stdout)
			} else {
				assert.Contains(t, got.Stdout, tc.stdout)
			}
			assert.Contains(t, got.Stderr, tc.stderr)
			assert.LessOrEqual(t, strings.Count(got.Stderr, "\n"), 1, "at most one line: %q", got.Stderr)
		})
	}
}
