package play

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/internal/hostile"
	"rogue/journal"
	"rogue/reducer/content"
)

// hostileFolder is a data folder of 100 journals, newest first: the
// hostile journals of at most size bytes (each of them, several times
// over), a game whose player died, then an unfinished game, the oldest.
// offered is the game the menu should offer: the newest unfinished one
// that opens, which is a hostile journal built within the caps when one
// is small enough to be folded (it is a game, if an odd one), else the
// bot's game.
func hostileFolder(t testing.TB, size int) (dir, offered string) {
	dir = t.TempDir()
	alive := newTestSession(t, dir, 5)
	require.NoError(t, alive.close())
	deadly := testPlayer(newDeadlySession(t, dir))
	botPlays(deadly, 500)
	require.True(t, deadly.sess.g.State.Over, "seed 7 dies under the bot")
	require.NoError(t, deadly.sess.close())
	when := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(alive.path, when, when))
	when = when.Add(time.Minute)
	require.NoError(t, os.Chtimes(deadly.sess.path, when, when))
	all := hostile.AllOf(size)
	offered = alive.path
	for i := 0; i < 98; i++ {
		j := all[i%len(all)]
		path := filepath.Join(dir, fmt.Sprintf("%02d-%s%s", i, j.Name, JournalExt))
		require.NoError(t, os.WriteFile(path, j.Bytes, 0o644))
		when = when.Add(time.Minute)
		require.NoError(t, os.Chtimes(path, when, when))
		if j.Refusal == "" && len(j.Bytes) <= maxResumeBytes {
			offered = path
		}
	}
	return dir, offered
}

// A data folder full of hostile journals, newer than the game to
// continue, does not stall the menu: each journal costs a stat, and one
// small enough to be continued a read of its end, and a fold of at most
// maxResumeBytes if it is tried (see BenchmarkOpeningTheMenu for how
// long). Those the fold refuses are passed over.
func TestHostileJournalsInTheDataFolderDoNotStallTheMenu(t *testing.T) {
	t.Parallel()
	for _, size := range []int{hostile.MaxSize, maxResumeBytes} {
		dir, offered := hostileFolder(t, size)
		journals, err := listJournals(dir)
		require.NoError(t, err)
		require.Len(t, journals, 100)
		ss, _ := continueSession(journals)
		require.NotNil(t, ss, "journals of %d bytes at most", size)
		assert.Equal(t, offered, ss.path, "journals of %d bytes at most", size)
		require.NoError(t, ss.close())
	}
}

// What opening the menu costs in finding the unfinished game and opening
// it, in a data folder of 100 journals of which 98 are hostile, newer than
// the game to continue: of 1 to 4 MB (more than the menu folds: passed
// over on their size), or of at most 1 MiB (read and tried). Target:
// under 200 ms.
func BenchmarkOpeningTheMenu(b *testing.B) {
	for _, size := range []int{hostile.MaxSize, maxResumeBytes} {
		b.Run(fmt.Sprintf("hostile journals of %d KiB at most", size>>10), func(b *testing.B) {
			dir, unfinished := hostileFolder(b, size)
			for b.Loop() {
				journals, err := listJournals(dir)
				if err != nil {
					b.Fatal(err)
				}
				ss, _ := continueSession(journals)
				if ss == nil || ss.path != unfinished {
					b.Fatalf("did not open %q", unfinished)
				}
				if err := ss.close(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The newest unfinished journal that does not fold (small enough to be
// tried) is passed over: the menu offers the next one that opens, and
// says why it passed over the newer one.
func TestAJournalThatDoesNotFoldIsNotOfferedToContinue(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	alive := newTestSession(t, dir, 5)
	require.NoError(t, alive.close())
	older := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(alive.path, older, older))

	h := game.NewHeader(9, "someone", journal.Options{})
	m, err := journal.NewMemory(h)
	require.NoError(t, err)
	at := events.Pos{X: 1, Y: 1}
	player, monster := content.Default().Player.Code, 0
	for _, k := range content.Default().Monsters {
		if !k.Player && len(k.Wears) == 0 {
			monster = k.Code
		}
	}
	require.NoError(t, m.Append(&events.Turn{Command: &events.Begin{}, Facts: []events.Fact{
		&events.LevelEntered{Depth: 1, Width: 3, Height: 3, Rooms: []events.Rect{{X: 1, Y: 1, W: 1, H: 1}}, Stairs: at, Arrival: at},
		&events.Spawned{ID: events.PlayerID, Kind: player, Pos: at, HP: 10},
		&events.Spawned{ID: events.PlayerID + 1, Kind: monster, Pos: at, HP: 10}, // on the player
	}}))
	bad := filepath.Join(dir, "bad"+JournalExt)
	require.NoError(t, os.WriteFile(bad, m.Bytes(), 0o644))

	journals, err := listJournals(dir)
	require.NoError(t, err)
	require.Equal(t, []string{bad, alive.path}, journals, "newest first")
	require.Equal(t, bad, findUnfinished(journals), "its last turn is no death")
	ss, passed := continueSession(journals)
	require.NotNil(t, ss)
	assert.Equal(t, alive.path, ss.path)
	require.NoError(t, ss.close())
	require.Len(t, passed, 1)
	assert.Contains(t, passed[0], bad+": at byte ")
	assert.Contains(t, passed[0], "turn 0: fact 2 (Spawned) field Pos")
}

// A damaged unfinished journal is passed over with a line that names it
// and rogue salvage, and it is left as it was.
func TestADamagedJournalIsPassedOverWithALineNamingSalvage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	older := newTestSession(t, dir, 5)
	require.NoError(t, older.close())
	when := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(older.path, when, when))
	newer := testPlayer(newTestSession(t, dir, 6))
	botPlays(newer, 40)
	require.NoError(t, newer.sess.close())
	b, err := os.ReadFile(newer.sess.path)
	require.NoError(t, err)
	b[len(b)/2] ^= 0x10 // a bit of a middle record
	require.NoError(t, os.WriteFile(newer.sess.path, b, 0o644))

	journals, err := listJournals(dir)
	require.NoError(t, err)
	ss, passed := continueSession(journals)
	require.NotNil(t, ss)
	assert.Equal(t, older.path, ss.path)
	require.NoError(t, ss.close())
	require.Len(t, passed, 1)
	assert.Contains(t, passed[0], newer.sess.path)
	assert.Contains(t, passed[0], "rogue salvage "+newer.sess.path)
	after, err := os.ReadFile(newer.sess.path)
	require.NoError(t, err)
	assert.Equal(t, b, after, "the damaged journal is left as it was")
}
