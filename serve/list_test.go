package serve

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
)

// listOf is s's list of journals.
func listOf(t testing.TB, s *Server) List {
	t.Helper()
	w := get(s, "/api/journals")
	require.Equal(t, 200, w.Code, w.Body.String())
	require.Equal(t, "application/json", w.Header().Get("Content-Type"))
	var list List
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &list))
	return list
}

func intp(n int) *int { return &n }

// Each journal is listed with what its bytes say: its header, its turns,
// the depth and how the game ended, or its damage; a damaged or foreign
// file does not keep the others from being listed.
func TestTheListSaysHowEachGameEndedOrWhatIsWrongWithIt(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	alive := botJournal(t, 3, 50)
	dead := deadJournal(t)
	write(t, dir, "alive.rogue", alive)
	write(t, dir, "dead.rogue", dead)
	write(t, dir, "torn.rogue", alive[:len(alive)-2])
	flipped := append([]byte(nil), alive...)
	flipped[len(flipped)/2] ^= 0x40
	write(t, dir, "flipped.rogue", flipped)
	write(t, dir, "foreign.rogue", []byte("this is not a journal at all"))
	write(t, dir, "header-cut.rogue", alive[:12])
	write(t, dir, "empty.rogue", nil)
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, name := range []string{"alive", "dead", "torn", "flipped", "foreign", "header-cut", "empty"} {
		require.NoError(t, os.Chtimes(filepath.Join(dir, name+".rogue"), old, old.Add(time.Duration(-i)*time.Hour)))
	}
	s := newServer(t, dir)
	list := listOf(t, s)
	require.Len(t, list.Journals, 7)
	byName := map[string]Journal{}
	for _, j := range list.Journals {
		byName[j.Name] = j
	}
	assert.Equal(t, []string{"alive.rogue", "dead.rogue", "torn.rogue"}, []string{list.Journals[0].Name, list.Journals[1].Name, list.Journals[2].Name}, "newest first")

	a := byName["alive.rogue"]
	assert.Equal(t, Journal{
		Name: "alive.rogue", Size: int64(len(alive)), Modified: old,
		URL: "/journals/alive.rogue", Replay: "/?replay=/journals/alive.rogue", Follow: "/?follow=/journals/alive.rogue",
		Player: "bot", Seed: 3, Created: time.Date(2026, 11, 28, 4, 0, 0, 0, time.UTC), Format: a.Format, Rules: a.Rules,
		Turns: intp(50), Depth: a.Depth, Status: "alive", Ending: a.Ending,
	}, a)
	assert.Regexp(t, `^alive on depth \d+ at turn 49, HP \d+/\d+$`, a.Ending)

	d := byName["dead.rogue"]
	assert.Equal(t, "dead", d.Status)
	assert.Regexp(t, `^died on depth \d+ at turn \d+: .+$`, d.Ending)

	tn := byName["torn.rogue"]
	assert.Equal(t, []any{"alive", true, intp(49), ""}, []any{tn.Status, tn.Torn, tn.Turns, tn.Problem})

	f := byName["flipped.rogue"]
	assert.Equal(t, "damaged", f.Status)
	assert.Regexp(t, `flipped\.rogue.*byte \d+`, f.Problem)
	require.NotNil(t, f.Turns)
	assert.Less(t, *f.Turns, 50)

	for _, name := range []string{"foreign.rogue", "header-cut.rogue", "empty.rogue"} {
		j := byName[name]
		assert.Equal(t, []any{"unreadable", (*int)(nil)}, []any{j.Status, j.Turns}, name)
		assert.Contains(t, j.Problem, name)
	}
	assert.Contains(t, byName["foreign.rogue"].Problem, "not a rogue journal")
}

// A journal too large to fold is listed from its header and its last
// record (a bounded read from its end), one over the journal's cap from
// its size alone; the list reads a bounded number of bytes whatever the
// folder holds.
func TestHugeJournalsAreListedFromABoundedRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	alive := botJournal(t, 3, 50)
	// A journal of 1.5 GB: its header, then a hole that reads as zeros.
	big := write(t, dir, "big.rogue", alive)
	require.NoError(t, os.Truncate(big, 3<<29))
	huge := write(t, dir, "huge.rogue", alive)
	require.NoError(t, os.Truncate(huge, journal.MaxFileSize+1))
	s := newServer(t, dir)
	list := listOf(t, s)
	require.Len(t, list.Journals, 2)
	byName := map[string]Journal{}
	for _, j := range list.Journals {
		byName[j.Name] = j
	}
	b := byName["big.rogue"]
	assert.Equal(t, []any{"damaged", (*int)(nil), "bot"}, []any{b.Status, b.Turns, b.Player})
	assert.Contains(t, b.Problem, "big.rogue: at byte 1610612731: record does not decode")
	h := byName["huge.rogue"]
	assert.Equal(t, "unreadable", h.Status)
	assert.Contains(t, h.Problem, "more than the")
	assert.LessOrEqual(t, s.lister.bytesRead, int64(lastTurnBytes+1<<20))
}

// A list reads at most ListBudget bytes, however many journals the
// folder holds; the journals past it are listed with their names and
// sizes, and read by a later list.
func TestAListReadsABoundedNumberOfBytes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	alive := botJournal(t, 3, 50)
	for i := range 40 {
		p := write(t, dir, "big-"+string(rune('a'+i%26))+string(rune('a'+i/26))+".rogue", alive)
		require.NoError(t, os.Truncate(p, FoldBytes))
	}
	s := newServer(t, dir)
	list := listOf(t, s)
	require.Len(t, list.Journals, 40)
	assert.LessOrEqual(t, s.lister.bytesRead, ListBudget)
	unread := 0
	for _, j := range list.Journals {
		if j.Ending == notRead {
			unread++
		}
	}
	assert.Positive(t, unread)
}

// The newest journal is the one /follow opens, as the page follows it.
func TestFollowOpensThePageOnTheNewestJournal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := newServer(t, dir)
	b := botJournal(t, 3, 10)
	write(t, dir, "old game.rogue", b)
	write(t, dir, "new game.rogue", b)
	old := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(filepath.Join(dir, "old game.rogue"), old, old))
	w := get(s, "/follow")
	assert.Equal(t, 302, w.Code)
	assert.Equal(t, "/?follow=/journals/new%2520game.rogue", w.Header().Get("Location"))
	list := listOf(t, s)
	assert.Equal(t, []bool{true, false}, []bool{list.Journals[0].Growing, list.Journals[1].Growing})
}
