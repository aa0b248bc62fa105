package golden

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

var update = flag.Bool("update", false, "rewrite the .golden files from what the journals give now")

// journals lists testdata/*.rogue.
func journals(t *testing.T) []string {
	paths, err := filepath.Glob(filepath.Join("testdata", "*.rogue"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	return paths
}

// marks reads the turns listed in name.turns (whitespace separated; turn
// numbers as every output gives them, turn 0 the Begin record), if
// the file exists.
func marks(t *testing.T, path string) []int {
	b, err := os.ReadFile(strings.TrimSuffix(path, ".rogue") + ".turns")
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	var out []int
	for _, f := range strings.Fields(string(b)) {
		n, err := strconv.Atoi(f)
		require.NoError(t, err, "%s.turns: %q is not a turn number", path, f)
		out = append(out, n)
	}
	return out
}

// render is what a golden file says of one journal: the state and the
// 80x24 screen (with the log as the game showed it) at each marked turn
// and at the end, the digest, and what re-simulation under the journal's
// own rules finds.
func render(t *testing.T, path string) string {
	var b strings.Builder
	open := func() *journal.Reader {
		r, err := journal.Open(path)
		require.NoError(t, err)
		t.Cleanup(func() { r.Close() })
		return r
	}
	r := open()
	h := r.Header()
	fmt.Fprintf(&b, "journal %s: format %d, rules %d, chance %s, seed %d, player %q, wizard %v\n",
		filepath.Base(path), h.FormatVersion, h.RulesVersion, h.Algorithm, h.Seed, h.Player, h.Options.Wizard)
	want := map[int]bool{}
	for _, turn := range marks(t, path) {
		want[turn] = true
	}
	s := reducer.New(h.Seed, game.FoldTables(h, content.Default()))
	s.Wizard = h.Options.Wizard
	var log []view.ReplayLine
	var hp []int
	var turn events.Turn
	for {
		err := r.Next(&turn)
		if errors.Is(err, io.EOF) {
			break
		}
		var tail *journal.Tail
		if errors.As(err, &tail) {
			fmt.Fprintf(&b, "\ntail: %v\n", tail)
			break
		}
		require.NoError(t, err)
		msgs, err := s.ApplyTurnMessages(&turn)
		require.NoError(t, err)
		for _, m := range msgs {
			log = append(log, view.ReplayLine{Turn: s.Turn, Text: m})
		}
		if len(log) > 20 {
			log = log[len(log)-20:]
		}
		hp = append(hp, s.Player().HP)
		if want[s.TurnNumber()] {
			fmt.Fprintf(&b, "\n== at turn %d ==\n", s.TurnNumber())
			writeState(&b, s, hp, log)
		}
	}
	fmt.Fprintf(&b, "\n== end: turn %d, the last of %d ==\n", s.TurnNumber(), s.Turn)
	writeState(&b, s, hp, log)

	div, checked, _, err := game.Verify(open(), content.Default())
	require.NoError(t, err)
	fmt.Fprintf(&b, "\n== re-simulation ==\n")
	if div == nil {
		fmt.Fprintf(&b, "rules version %d, the journal's own, decides all %d turns as recorded\n", h.RulesVersion, checked)
	} else {
		b.WriteString(div.Report())
	}
	return b.String()
}

// writeState writes the state, its 80x24 screen framed so trailing
// blanks show, and its digest. The screen is drawn as the game showed it
// after the turn, and as a replay and an export draw it: the turn's own
// lines new (a busy turn grows the log), the older ones grey.
func writeState(b *strings.Builder, s *reducer.State, hp []int, log []view.ReplayLine) {
	b.WriteString(game.Describe(s))
	m := view.NewModel(view.MainMenu{})
	m.Resize(80, 24)
	m.ShowReplayed(view.ReplayFrame{State: s, Log: log, HP: hp})
	c := view.NewTextCanvas(80, 24)
	view.Draw(c, m)
	b.WriteString("+" + strings.Repeat("-", 80) + "+\n")
	for _, line := range strings.Split(strings.TrimSuffix(c.String(), "\n"), "\n") {
		fmt.Fprintf(b, "|%-80s|\n", line)
	}
	b.WriteString("+" + strings.Repeat("-", 80) + "+\n")
	fmt.Fprintf(b, "digest %s\n", s.Digest())
}

func TestGoldenJournals(t *testing.T) {
	t.Parallel()
	for _, path := range journals(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".rogue")
		t.Run(name, func(t *testing.T) {
			got := render(t, path)
			goldenPath := strings.TrimSuffix(path, ".rogue") + ".golden"
			if *update {
				require.NoError(t, os.WriteFile(goldenPath, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(goldenPath)
			require.NoError(t, err, "no golden file: run go test ./golden -update and review it")
			if string(want) != got {
				t.Errorf("%s differs from what the journal gives now, first at %s\n(go test ./golden -update rewrites it; review the diff)", goldenPath, firstDifference(string(want), got))
			}
		})
	}
}

// firstDifference names the first line where two texts differ.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want: %q\n  got:  %q", i+1, a, b)
		}
	}
	return "the end"
}

// The corpus covers every fact type and every way the player can die.
func TestTheCorpusCoversEveryFactAndDeath(t *testing.T) {
	t.Parallel()
	facts := map[events.FactCode]bool{}
	deaths := map[events.Cause]bool{}
	for _, path := range journals(t) {
		r, err := journal.Open(path)
		require.NoError(t, err)
		s, _, err := game.Fold(r, content.Default(), -1, func(_ *reducer.State, turn *events.Turn) error {
			for _, f := range turn.Facts {
				facts[f.Code()] = true
			}
			return nil
		})
		require.NoError(t, err)
		r.Close()
		if s.Over && !s.Won {
			deaths[s.Death.Cause] = true
		}
	}
	var missing []string
	for _, c := range events.FactCodes() {
		if !facts[c] {
			missing = append(missing, events.FactName(c))
		}
	}
	assert.Empty(t, missing, "fact types no golden journal holds")
	assert.Equal(t, map[events.Cause]bool{events.CauseMelee: true, events.CauseStarvation: true, events.CauseFireball: true, events.CauseShot: true}, deaths,
		"the player can die by melee, starvation, their own fireball and a shot")
}

// Every journal verifies under the rules it was played with, rules 1 and
// rules 2 alike; a rules-1 journal re-simulated under rules 2 diverges
// (they decide otherwise, from the first level's spawns on), and verify
// names the turn.
func TestEveryJournalVerifiesUnderItsOwnRulesAndRules1DivergesUnder2(t *testing.T) {
	t.Parallel()
	rules2, err := content.ForRules(2)
	require.NoError(t, err)
	seen := map[int]int{}
	for _, path := range journals(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			r, err := journal.Open(path)
			require.NoError(t, err)
			defer r.Close()
			v := r.Header().RulesVersion
			seen[v]++
			div, checked, _, err := game.Verify(r, content.Default())
			require.NoError(t, err)
			if div != nil {
				t.Fatalf("%s does not verify under its own rules %d: %s", path, v, div.Summary())
			}
			assert.Positive(t, checked)
			if v != 1 {
				return
			}
			r2, err := journal.Open(path)
			require.NoError(t, err)
			defer r2.Close()
			div, _, _, err = game.VerifyUnder(r2, rules2)
			require.NoError(t, err)
			require.NotNil(t, div, "rules 2 decide a rules-1 game otherwise")
			assert.Equal(t, 1, div.JournalRules)
			assert.Equal(t, 2, div.Rules)
			assert.Contains(t, div.Report(), "played under rules version 1 and was re-simulated under version 2")
		})
	}
	assert.Positive(t, seen[1], "rules-1 journals")
	assert.Positive(t, seen[2], "rules-2 journals")
}
