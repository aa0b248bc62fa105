package fame

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/internal/forge"
	"rogue/internal/hostile"
	"rogue/journal"
	"rogue/play"
	"rogue/reducer"
)

// goldenJournal reads a journal of golden/testdata.
func goldenJournal(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "golden", "testdata", name+".rogue"))
	require.NoError(t, err)
	return b
}

// verifyLine is the line `rogue verify PATH` prints on its standard
// error for the journal b, written at path ("" when it verifies).
func verifyLineOf(t *testing.T, path string, b []byte) string {
	t.Helper()
	require.NoError(t, os.WriteFile(path, b, 0o644))
	err := play.Verify(path, 0, io.Discard, io.Discard)
	if err == nil {
		return ""
	}
	return "rogue verify: " + err.Error()
}

// refusal is the *Refusal err is, or fails the test.
func refusal(t *testing.T, err error) *Refusal {
	t.Helper()
	var ref *Refusal
	require.True(t, errors.As(err, &ref), "not a refusal: %v", err)
	return ref
}

// rewrite is forge.Rewrite of b.
func rewrite(t *testing.T, b []byte, header func(*journal.Header), last func(*reducer.State) []events.Fact) []byte {
	t.Helper()
	out, err := forge.Rewrite(b, header, last)
	require.NoError(t, err)
	return out
}

func TestAForgedJournalIsRefusedWithTheLineRogueVerifyPrints(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		b      []byte
		why    Why
		within string // what the line says
	}{
		{"a rules-1 game whose header says rules 3 and that claims a win", rewrite(t, goldenJournal(t, "deep"), func(h *journal.Header) { h.RulesVersion = 3 }, forge.Wins), Diverged, ": turn 0: fact 1 differs after Begin{}"},
		{"a rules-3 death whose last turn is a spliced win", rewrite(t, goldenJournal(t, "r3-deep-death"), func(*journal.Header) {}, forge.Wins), Diverged, "fact 0 differs after"},
		{"a rules-1 game whose header says rules 9", rewrite(t, goldenJournal(t, "slain"), func(h *journal.Header) { h.RulesVersion = 9 }, nil), Unverified, "cannot re-simulate: the journal was played under rules version 9"},
		{"a journal with a byte flipped in its last record", flipLast(goldenJournal(t, "slain")), Damaged, "damaged journal"},
		{"a file that is no journal", []byte("GIF89a, not a journal at all"), NotJournal, "not a rogue journal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.why == Diverged {
				// The forgery folds: it claims a win.
				r, err := journal.NewBytesReader(c.b)
				require.NoError(t, err)
				s, _, err := game.Fold(r, nil, -1, nil)
				require.NoError(t, err)
				require.True(t, s.Won, "the forged journal claims a win")
			}
			path := filepath.Join(t.TempDir(), "forged.rogue")
			want := verifyLineOf(t, path, c.b)
			_, err := Check(bytes.NewReader(c.b), path, DefaultLimits())
			ref := refusal(t, err)
			assert.Equal(t, want, ref.Line, "the refusal is rogue verify's line")
			assert.Equal(t, c.why, ref.Why)
			assert.Contains(t, ref.Line, c.within)
			assert.NotContains(t, ref.Line, "\n")
		})
	}
}

// flipLast flips a bit in the middle of the journal's last record.
func flipLast(b []byte) []byte {
	out := bytes.Clone(b)
	out[len(out)-3] ^= 0x10
	return out
}

func TestEveryHostileJournalIsRefusedWithTheLineRogueVerifyPrints(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, j := range hostile.All() {
		t.Run(j.Name, func(t *testing.T) {
			path := filepath.Join(dir, j.Name+".rogue")
			want := verifyLineOf(t, path, j.Bytes)
			_, err := Check(bytes.NewReader(j.Bytes), path, DefaultLimits())
			ref := refusal(t, err)
			if ref.Why == TooLong || ref.Why == OverBudget {
				// Past a limit before re-simulation finds anything.
				assert.Empty(t, want, ref.Line)
				return
			}
			if want != "" {
				assert.Equal(t, want, ref.Line)
				return
			}
			// A hostile journal that verifies holds no finished game.
			assert.Equal(t, Unfinished, ref.Why, ref.Line)
		})
	}
}

func TestEveryGoldenJournalVerifiesAndOnlyFinishedGamesRank(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "golden", "testdata", "*.rogue"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	ranked := map[string]string{}
	for _, path := range paths {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		name := filepath.Base(path)
		v, err := VerifyBytes(b, name, DefaultLimits())
		require.NoError(t, err, "%s verifies", name)
		assert.Equal(t, v.Turns, v.State.Turn, "%s: every turn re-simulated", name)
		_, err = Check(bytes.NewReader(b), name, DefaultLimits())
		if err != nil {
			ref := refusal(t, err)
			assert.Contains(t, []Why{Unfinished, NotScored}, ref.Why, ref.Line)
			continue
		}
		ranked[name] = v.Entry().Outcome
	}
	assert.Equal(t, map[string]string{
		"fireball-self.rogue": "killed by your own fireball on depth 1",
		"r2-slain.rogue":      "slain by an Orc on depth 6",
		"r3-deep-death.rogue": "slain by an Ogre on depth 10",
		"r3-pile.rogue":       "won",
		"r3-shot-dead.rogue":  "killed from afar by a Goblin Archer on depth 1",
		"r3-won.rogue":        "won",
		"slain.rogue":         "slain by an Orc on depth 1",
		"starved.rogue":       "starved to death on depth 4",
	}, ranked)
}

func TestWhatVerifiesButCannotRankSaysWhy(t *testing.T) {
	t.Parallel()
	cases := []struct {
		journal string
		want    string
	}{
		{"wizard", "rogue submit: wizard.rogue: a game in wizard mode (a recorded cheat: the player cannot die) is not scored"},
		{"short", "rogue submit: short.rogue: the game is not over (turn 39 on depth 1): only a game won or lost ranks"},
	}
	for _, c := range cases {
		_, err := Check(bytes.NewReader(goldenJournal(t, c.journal)), c.journal+".rogue", DefaultLimits())
		assert.Equal(t, c.want, refusal(t, err).Line)
	}
}

// endless is a reader of n bytes of journal-looking garbage that counts
// what was read of it.
type endless struct{ n, read int64 }

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.n {
		return 0, io.EOF
	}
	k := min(int64(len(p)), e.n-e.read)
	copy(p, strings.Repeat(journal.Magic, int(k)/len(journal.Magic)+1)[:k])
	e.read += k
	return int(k), nil
}

func TestA100MBUploadIsRefusedByTheSizeCapBeforeItIsReadWhole(t *testing.T) {
	t.Parallel()
	src := &endless{n: 100 << 20}
	lim := DefaultLimits()
	_, err := Check(src, "big.rogue", lim)
	ref := refusal(t, err)
	assert.Equal(t, TooLarge, ref.Why)
	assert.Equal(t, "rogue submit: big.rogue: more than 4194304 bytes, the most a journal may be here (the size up to which reading any journal costs a bounded time)", ref.Line)
	assert.LessOrEqual(t, src.read, lim.MaxBytes+1, "read no more than the cap and a byte")
}

func TestTheTurnCapAndTheBudgetRefuseBeforeAnyTurnIsDecided(t *testing.T) {
	t.Parallel()
	b := goldenJournal(t, "slain")
	cases := []struct {
		name string
		lim  Limits
		want Refusal
	}{
		{"a turn cap under the game's turns", Limits{MaxBytes: DefaultMaxBytes, MaxTurns: 100, Budget: DefaultBudget},
			Refusal{Why: TooLong, Line: "rogue submit: slain.rogue: more than 100 turns, the most a game may have here (a longer game is a grind, not an entry)"}},
		{"a budget under the game's steps", Limits{MaxBytes: DefaultMaxBytes, MaxTurns: DefaultMaxTurns, Budget: 150},
			Refusal{Why: OverBudget, Line: "rogue submit: slain.rogue: re-simulating it takes more than 150 steps (a step is a turn or a fact), the most one check may take here"}},
		{"a size cap under the journal's size", Limits{MaxBytes: 1000, MaxTurns: DefaultMaxTurns, Budget: DefaultBudget},
			Refusal{Why: TooLarge, Line: "rogue submit: slain.rogue: more than 1000 bytes, the most a journal may be here (the size up to which reading any journal costs a bounded time)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Check(bytes.NewReader(b), "slain.rogue", c.lim)
			ref := refusal(t, err)
			ref.Digest = ""
			c.want.Turn = -1
			assert.Equal(t, c.want, *ref)
		})
	}
}

func TestTheSameJournalSentTwiceHasTheSameDigest(t *testing.T) {
	t.Parallel()
	b := goldenJournal(t, "slain")
	first, err := Check(bytes.NewReader(b), "slain.rogue", DefaultLimits())
	require.NoError(t, err)
	second, err := Check(io.MultiReader(bytes.NewReader(b[:100]), bytes.NewReader(b[100:])), "again.rogue", DefaultLimits())
	require.NoError(t, err)
	sum := sha256.Sum256(b)
	assert.Equal(t, hex.EncodeToString(sum[:]), first.Digest)
	assert.Equal(t, first.Digest, second.Digest)
	assert.Equal(t, first.Entry(), second.Entry())
	// A forged copy is another journal, with another digest.
	_, err = Check(bytes.NewReader(flipLast(b)), "slain.rogue", DefaultLimits())
	assert.NotEqual(t, first.Digest, refusal(t, err).Digest)
}

func TestANameThatIsNotAPrintableFileNameIsUploadRogue(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"", "a\nb.rogue", strings.Repeat("x", 300), "\xff.rogue", "bell\a"} {
		assert.Equal(t, "upload.rogue", cleanName(name), "%q", name)
	}
	assert.Equal(t, "my game.rogue", cleanName("my game.rogue"))
}

func TestAnAbandonedGameRanksWhereItStopped(t *testing.T) {
	t.Parallel()
	v, err := VerifyBytes(goldenJournal(t, "short"), "short.rogue", DefaultLimits())
	require.NoError(t, err)
	e, err := v.Abandoned()
	require.NoError(t, err)
	assert.Equal(t, "abandoned on depth 1", e.Outcome)
	assert.Equal(t, "abandoned", e.Cause)
	assert.Equal(t, 39, e.Turns)
	over, err := VerifyBytes(goldenJournal(t, "slain"), "slain.rogue", DefaultLimits())
	require.NoError(t, err)
	_, err = over.Abandoned()
	assert.Equal(t, "rogue submit: slain.rogue: the game is over: it was not abandoned", refusal(t, err).Line)
	wiz, err := VerifyBytes(goldenJournal(t, "wizard"), "wizard.rogue", DefaultLimits())
	require.NoError(t, err)
	_, err = wiz.Abandoned()
	assert.Equal(t, NotScored, refusal(t, err).Why)
}

// Any bytes uploaded end in an entry or a one-line refusal, never a
// panic, and a check is the same when repeated.
func FuzzCheck(f *testing.F) {
	for _, name := range []string{"slain", "r3-shot-dead", "torn", "short"} {
		b, err := os.ReadFile(filepath.Join("..", "golden", "testdata", name+".rogue"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(journal.Magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		lim := Limits{MaxBytes: 1 << 20, MaxTurns: 5000, Budget: 50_000}
		v, err := Check(bytes.NewReader(b), "fuzz.rogue", lim)
		again, err2 := Check(bytes.NewReader(b), "fuzz.rogue", lim)
		if err != nil {
			ref := refusal(t, err)
			assert.NotContains(t, ref.Line, "\n")
			assert.Equal(t, err, err2)
			return
		}
		require.NoError(t, err2)
		assert.Equal(t, v.Entry(), again.Entry())
	})
}
