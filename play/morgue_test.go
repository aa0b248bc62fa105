package play

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/view"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata (the morgues)")

func goldenJournal(name string) string {
	return filepath.Join("..", "golden", "testdata", name+".rogue")
}

// The morgue of every dead game in the golden corpus, and of a game won
// (rules 3), is reviewable text:
// testdata/morgue-NAME.golden (go test ./play -run Morgue -update
// rewrites them).
func TestTheMorgueOfAGoldenGameMatchesItsGolden(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"r2-slain", "fireball-self", "starved", "r2-levelled-up", "r3-won"} {
		t.Run(name, func(t *testing.T) {
			text, tail, err := MorgueFile(filepath.ToSlash(goldenJournal(name)), "rogue test build")
			require.NoError(t, err)
			require.Nil(t, tail)
			path := filepath.Join("testdata", "morgue-"+name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(want), text, "%s (go test ./play -run Morgue -update rewrites it)", path)
		})
	}
}

// The morgue's parts agree with the state folded from the journal: the
// kills add up to the state's count, in a total order; the timeline is
// in the order of the turns and starts at turn 0 on depth 1; the HP has
// one value a turn; the messages are the last few.
func TestTheMorgueIsFoldedFromTheJournal(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"r2-slain", "fireball-self", "starved", "r2-levelled-up", "long", "deep"} {
		t.Run(name, func(t *testing.T) {
			mg, _, _, err := FoldMorgue(goldenJournal(name))
			require.NoError(t, err)
			s := mg.State
			total := 0
			for i, k := range mg.Kills {
				total += k.N
				if i > 0 {
					prev := mg.Kills[i-1]
					assert.True(t, prev.N > k.N || (prev.N == k.N && s.Content().Name(prev.Kind) < s.Content().Name(k.Kind)), "kills sorted: %v before %v", prev, k)
				}
			}
			assert.Equal(t, s.Kills, total, "the kills by kind add up to the state's kills")
			require.NotEmpty(t, mg.Timeline)
			assert.Equal(t, view.Milestone{Turn: 0, Depth: 1}, mg.Timeline[0])
			depth, level := 1, 1
			for i, m := range mg.Timeline[1:] {
				assert.GreaterOrEqual(t, m.Turn, mg.Timeline[i].Turn, "in the order of the turns")
				if m.Depth > 0 {
					assert.Equal(t, depth+1, m.Depth, "each depth once, in order")
					depth = m.Depth
				} else {
					assert.Equal(t, level+1, m.Level, "each level once, in order")
					level = m.Level
				}
			}
			assert.Equal(t, s.Depth, depth, "the timeline reaches the last depth")
			assert.Equal(t, s.Player().Level, level, "and the last level")
			assert.Len(t, mg.HP, s.Turn, "one HP a turn")
			assert.LessOrEqual(t, len(mg.Messages), view.MorgueMessages)
		})
	}
}

// The backpack is listed in stacks, as the inventory shows it: three
// Health Potions are one line.
func TestTheMorgueStacksTheBackpack(t *testing.T) {
	t.Parallel()
	text, _, err := MorgueFile(goldenJournal("r2-short"), "v")
	require.NoError(t, err)
	pack := text[strings.Index(text, "\nBackpack\n"):]
	pack = pack[:strings.Index(pack[1:], "\n\n")+1]
	assert.Equal(t, "\nBackpack\n  a  3 Health Potions\n  b  a Ration\n  c  a Fireball Scroll", pack)
}

// A journal that stops before Begin words no morgue but says so; one whose
// game goes on says where it stands, not a death.
func TestTheMorgueOfAGameThatGoesOn(t *testing.T) {
	t.Parallel()
	text, _, err := MorgueFile(goldenJournal("r2-short"), "v")
	require.NoError(t, err)
	assert.Contains(t, text, "rogue: the game of bot\n")
	assert.Contains(t, text, "The game stands at turn ")
	assert.NotContains(t, text, "You died")
	assert.Equal(t, "No game was played.\n", view.MorgueText(view.Morgue{}))
}

// What wording the morgue of a 3 071-turn game costs (the whole journal
// folded once, at death). Target: under 50 ms.
func BenchmarkTheMorgue(b *testing.B) {
	for b.Loop() {
		if _, _, err := MorgueFile(goldenJournal("r2-slain"), "v"); err != nil {
			b.Fatal(err)
		}
	}
}
