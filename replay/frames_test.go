package replay

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/game"
	"rogue/internal/hostile"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

// plainFold is what a frame must hold at each turn of a journal, from one
// plain fold from turn 0: the digest, the log (the last 50 lines of at
// most the last 4096 turns) and the HP after each turn.
type plainFold struct {
	digests []string // after i turns
	lines   []view.ReplayLine
	hp      []int
	over    bool
}

func foldPlainly(t testing.TB, path string) plainFold {
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	h := r.Header()
	s := reducer.New(h.Seed, game.FoldTables(h, content.Default()))
	s.Wizard = h.Options.Wizard
	p := plainFold{digests: []string{s.Digest()}}
	var turn events.Turn
	for {
		err := r.Next(&turn)
		var tail *journal.Tail
		if errors.Is(err, io.EOF) || errors.As(err, &tail) {
			break
		}
		require.NoError(t, err)
		msgs, err := s.ApplyTurnMessages(&turn)
		require.NoError(t, err)
		for _, m := range msgs {
			p.lines = append(p.lines, view.ReplayLine{Turn: s.Turn, Text: m})
		}
		p.hp = append(p.hp, s.Player().HP)
		p.digests = append(p.digests, s.Digest())
	}
	p.over = s.Over
	return p
}

// logAt is the frame's log after turn turns.
func (p plainFold) logAt(turn int) []view.ReplayLine {
	var out []view.ReplayLine
	for _, l := range p.lines {
		if l.Turn <= turn && l.Turn > turn-logTurns {
			out = append(out, l)
		}
	}
	return out[max(0, len(out)-logLines):]
}

// checkFrames visits turns of the journal at path in order, backwards
// and at random, and checks each frame against a plain fold.
func checkFrames(t *testing.T, path string, visits int) {
	want := foldPlainly(t, path)
	f, err := Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	total := len(want.digests) - 1
	require.Equal(t, total, f.Total())
	var turns []int
	for turn := 1; turn <= min(total, 70); turn++ {
		turns = append(turns, turn)
	}
	for turn := total; turn >= max(1, total-70); turn-- {
		turns = append(turns, turn)
	}
	rng := rand.New(rand.NewPCG(uint64(total), 7))
	for range visits {
		turns = append(turns, 1+rng.IntN(total))
	}
	for _, turn := range turns {
		checkFrame(t, f, want, turn)
	}
}

// checkFrame checks the frame at turn against a plain fold, and the lines
// frames keeps for the log: every line of the turns they cover, ending at
// the frame's turn, over at most logTurns+fineEvery turns.
func checkFrame(t *testing.T, f *Frames, want plainFold, turn int) {
	total := len(want.digests) - 1
	fr, err := f.At(turn)
	require.NoError(t, err)
	require.Equal(t, turn, fr.State.Turn)
	require.Equal(t, want.digests[turn], fr.State.Digest(), "turn %d", turn)
	require.Equal(t, want.logAt(turn), append([]view.ReplayLine{}, fr.Log...), "the log at turn %d", turn)
	if turn == total && want.over {
		require.Equal(t, want.hp, fr.HP, "the HP chart")
	} else {
		require.Nil(t, fr.HP, "turn %d: no chart before the game is over", turn)
	}
	require.True(t, f.linesOK)
	require.Equal(t, turn, f.linesTo, "the lines kept end at the frame's turn")
	require.LessOrEqual(t, f.linesTo-f.linesFrom, logTurns+fineEvery, "turn %d: the turns of the lines kept", turn)
	var kept []view.ReplayLine
	for _, l := range want.lines {
		if l.Turn > f.linesFrom && l.Turn <= f.linesTo {
			kept = append(kept, l)
		}
	}
	require.Equal(t, kept, append([]view.ReplayLine{}, f.lines...), "turn %d: the lines kept of turns (%d, %d]", turn, f.linesFrom, f.linesTo)
}

func TestFramesAreWhatAPlainFoldGivesAtAnyTurnInAnyOrder(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"short", "long", "slain", "starved", "fireball-self", "levelled-up", "torn", "wizard"} {
		t.Run(name, func(t *testing.T) { checkFrames(t, goldenJournal(name), 300) })
	}
}

// botJournalFile records a wizard bot game of turns turns into dir, with
// the snapshots a game writes (one every journal.SnapshotEvery turns).
func botJournalFile(t testing.TB, dir string, seed uint64, turns int) string {
	path := filepath.Join(dir, "bot.rogue")
	g, snapErr, err := game.RecordPlayer(path, game.NewHeader(seed, "bot", journal.Options{Wizard: true, SyncEvery: 1 << 20}),
		content.Default(), bot.Strong{}, turns, nil)
	require.NoError(t, err)
	require.NoError(t, snapErr)
	require.Equal(t, turns, g.State.Turn)
	return path
}

// copyWithoutSnapshots copies the journal at path alone, as one attached
// to a bug report comes.
func copyWithoutSnapshots(t testing.TB, path string) string {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "attached.rogue")
	require.NoError(t, os.WriteFile(out, b, 0o644))
	return out
}

// A bot game of 5000 turns, with the snapshots a game writes (1024 turns
// apart) and without (as a journal attached to a bug report comes).
func TestFramesOfALongJournalWithAndWithoutSnapshots(t *testing.T) {
	t.Parallel()
	path := botJournalFile(t, t.TempDir(), 3, 5000)
	snaps, err := journal.ListSnapshots(path)
	require.NoError(t, err)
	require.Len(t, snaps, 5000/journal.SnapshotEvery, "snapshots every %d turns", journal.SnapshotEvery)
	bare := copyWithoutSnapshots(t, path)
	t.Run("with its snapshots the frames are a plain fold's", func(t *testing.T) { checkFrames(t, path, 60) })
	t.Run("without snapshots the frames are a plain fold's", func(t *testing.T) { checkFrames(t, bare, 60) })
	t.Run("with its snapshots a step back folds a few dozen turns", func(t *testing.T) { checkStepsBack(t, path, 4700, 4000) })
	t.Run("without snapshots a step back folds a few dozen turns", func(t *testing.T) { checkStepsBack(t, bare, 4700, 4000) })
	t.Run("stepping forward through it the frames are a plain fold's and a step folds one turn", func(t *testing.T) {
		want := foldPlainly(t, path)
		f, err := Open(path, content.Default())
		require.NoError(t, err)
		defer f.Close()
		checkFrame(t, f, want, 1)
		for turn := 2; turn <= f.Total(); turn++ {
			before := f.folded
			if turn%50 == 0 || turn > logTurns && turn < logTurns+2*fineEvery {
				checkFrame(t, f, want, turn) // past where the oldest lines kept go
			} else {
				_, err := f.At(turn)
				require.NoError(t, err)
			}
			require.Equal(t, 1, f.folded-before, "turn %d", turn)
		}
	})
}

// quietJournalFile records a wizard game of 10 000 turns of waiting, whose
// log is mostly quiet: the player starves from turn 420, and the hunger
// gnaws (a line or two a turn) through turn 600, on every 97th turn up to
// 5000 (fewer than logLines lines in logTurns turns), from 6000 through
// 6100, and on every 500th after. The rules' starving damage changes
// while it is recorded; the facts carry what it was.
func quietJournalFile(t testing.TB) string {
	path := filepath.Join(t.TempDir(), "quiet.rogue")
	// Rules 1, whose hunger starves a player by turn 420.
	h, err := game.NewHeaderRules(5, "quiet", journal.Options{Wizard: true, SyncEvery: 1 << 20}, 1)
	require.NoError(t, err)
	jf, err := journal.Create(path, h)
	require.NoError(t, err)
	defer jf.Close()
	rules1, err := content.ForRules(1)
	require.NoError(t, err)
	tables := *rules1
	g, err := game.Start(jf.Header(), &tables, jf)
	require.NoError(t, err)
	for turn := 1; turn < 10_000; turn++ {
		tables.Rules.StarvingDamage = 0
		if turn <= 600 || turn <= 5000 && turn%97 == 0 || turn >= 6000 && turn <= 6100 || turn%500 == 0 {
			tables.Rules.StarvingDamage = 1
		}
		_, err := g.Do(&events.Wait{})
		require.NoError(t, err)
	}
	require.Equal(t, 10_000, g.State.Turn)
	require.NoError(t, jf.Close())
	return path
}

// A game whose log is mostly quiet: the frames are a plain fold's, and a
// step back does not fold the last logTurns turns anew for their few lines.
func TestFramesOfAQuietJournal(t *testing.T) {
	t.Parallel()
	path := quietJournalFile(t)
	lines := foldPlainly(t, path).lines
	require.Greater(t, len(lines), 300, "the bursts")
	require.Less(t, len(lines), 600, "and few lines besides")
	t.Run("the frames are a plain fold's", func(t *testing.T) { checkFrames(t, path, 300) })
	t.Run("a step back folds a few dozen turns", func(t *testing.T) { checkStepsBack(t, path, 9000, 5000) })
}

// checkStepsBack steps back from turn from to turn to one turn at a time
// (through stretches of the game with few log lines): no step folds from
// turn 0, nor the log's logTurns anew. A step reaches its state from the
// checkpoints folds left (fineEvery apart near where it went); now and
// then it adds a fineEvery turns' lines to the log's (from a checkpoint
// too), and once in a stretch of the journal the turns from the snapshot
// before it (journal.SnapshotEvery turns apart).
func checkStepsBack(t *testing.T, path string, from, to int) {
	f, err := Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	_, err = f.At(from)
	require.NoError(t, err)
	most, all, steps := 0, 0, 0
	for turn := from - 1; turn >= to; turn-- {
		before := f.folded
		_, err := f.At(turn)
		require.NoError(t, err)
		n := f.folded - before
		most, all, steps = max(most, n), all+n, steps+1
	}
	assert.LessOrEqual(t, most, journal.SnapshotEvery+fineEvery, "the most turns one step back folded")
	assert.LessOrEqual(t, all/steps, 3*fineEvery, "the turns a step back folds on average")
}

func TestCheckpointsStayFewAtAnyLength(t *testing.T) {
	t.Parallel()
	c := newCheckpoints()
	s := reducer.New(1, content.Default())
	for turn := checkpointEvery; turn <= 2000*checkpointEvery; turn += checkpointEvery {
		s.Turn = turn
		c.add(s, journal.Position{Turns: turn})
	}
	assert.LessOrEqual(t, len(c.list), maxCheckpoints+localCheckpoints)
	assert.Equal(t, 8*checkpointEvery, c.every, "the ladder's spacing doubled three times")
	for _, turn := range []int{0, 1023, 1024, 5000, 1_000_000, 2_047_999, 2_048_000} {
		k, ok := c.before(turn)
		if turn < c.every {
			assert.False(t, ok && k.state.Turn > turn, "turn %d", turn)
			continue
		}
		require.True(t, ok, "turn %d", turn)
		assert.LessOrEqual(t, k.state.Turn, turn)
		assert.Greater(t, k.state.Turn, turn-c.every, "turn %d: the checkpoint before it is within the ladder's spacing", turn)
		assert.Equal(t, k.state.Turn, k.pos.Turns)
	}
}

// A hostile journal whose every state holds thousands of entities keeps
// the checkpoints to maxCheckpointEntities entities in all.
func TestCheckpointsOfACrowdedJournalStayWithinTheirEntities(t *testing.T) {
	t.Parallel()
	j := hostile.Crowd(hostile.MaxSize)
	path := filepath.Join(t.TempDir(), "crowd.rogue")
	require.NoError(t, os.WriteFile(path, j.Bytes, 0o644))
	f, err := Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	for turn := 0; turn <= f.Total(); turn += f.Total()/400 + 1 {
		_, err := f.At(turn)
		require.NoError(t, err)
	}
	_, err = f.At(f.Total())
	require.NoError(t, err)
	require.Greater(t, f.cur.NumEntities(), 2000, "the crowd is there")
	held := 0
	for _, k := range f.ckpts.list {
		held += k.state.NumEntities()
	}
	assert.Equal(t, held, f.ckpts.entities, "the count is kept right")
	assert.LessOrEqual(t, held, maxCheckpointEntities, "unbounded, the checkpoints kept 1.5 million of the crowd")
	assert.Greater(t, len(f.ckpts.list), 1, "a few are still kept")
}

// The history at a turn is the same whether it is asked for first, after
// a later turn, or after an earlier one: every log line of the turns up
// to it, as a fold from the first turn gives them.
func TestTheHistoryAtATurnDoesNotDependOnWhatWasAskedBefore(t *testing.T) {
	t.Parallel()
	path := goldenJournal("long")
	fresh := func(turn int) []view.ReplayLine {
		f, err := Open(path, content.Default())
		require.NoError(t, err)
		defer f.Close()
		lines, err := f.History(turn)
		require.NoError(t, err)
		return append([]view.ReplayLine(nil), lines...)
	}
	f, err := Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	for _, turn := range []int{900, 300, 1200, 1200, 1, 1500, 700} {
		lines, err := f.History(turn)
		require.NoError(t, err)
		want := fresh(turn)
		require.NotEmpty(t, want)
		assert.Equal(t, want, lines, "turn %d", turn)
		assert.LessOrEqual(t, want[len(want)-1].Turn, turn, "no line of a turn after %d", turn)
	}
}

// Open reads the records to count the turns and folds none of them: a
// journal whose fact the fold refuses opens, its frames before that turn
// show, and the frame of that turn (and any after it) is the fold's error,
// naming the file, the byte, the turn and the fact.
func TestOpenCountsTheTurnsWithoutFoldingThem(t *testing.T) {
	t.Parallel()
	good, err := os.ReadFile(goldenJournal("short"))
	require.NoError(t, err)
	m, tail, err := journal.LoadMemory(good)
	require.NoError(t, err)
	require.Nil(t, tail)
	refused := m.Turns()
	ghost := &events.Turn{Command: &events.Wait{}, Facts: []events.Fact{&events.Moved{Actor: 999, Dir: events.North}}}
	require.NoError(t, m.Append(ghost))
	require.NoError(t, m.Append(&events.Turn{Command: &events.Wait{}}))
	path := filepath.Join(t.TempDir(), "ghost.rogue")
	require.NoError(t, os.WriteFile(path, m.Bytes(), 0o644))

	f, err := Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, refused+2, f.Total(), "every record is a turn")
	assert.Equal(t, 0, f.folded, "opening folds nothing")
	assert.Nil(t, f.Damage())

	fr, err := f.At(refused)
	require.NoError(t, err)
	assert.Equal(t, refused, fr.State.Turn, "the turns before the refused one show")
	for _, turn := range []int{refused + 1, refused + 2} {
		_, err = f.At(turn)
		assert.EqualError(t, err, fmt.Sprintf("journal %s: at byte %d: turn %d: fact 0 (Moved) field Actor: entity 999 does not exist", path, len(good), refused), "turn %d", turn)
	}
}

// Going forward through a crowd of thousands of entities, a frame every
// few turns as an export goes, copies a state for a checkpoint only once
// every entityBytes bytes of the journal per entity: the copies cost at
// most about what the fold costs, where one every fineEvery turns cost
// more than everything else together.
func TestCheckpointsOfACrowdCostNoMoreThanItsFold(t *testing.T) {
	t.Parallel()
	j := hostile.Crowd(hostile.MaxSize)
	path := filepath.Join(t.TempDir(), "crowd.rogue")
	require.NoError(t, os.WriteFile(path, j.Bytes, 0o644))
	f, err := Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	step := CastStep(1, f.Total())
	for turn := 1; turn <= f.Total(); turn += step {
		_, err := f.At(turn)
		require.NoError(t, err)
	}
	crowd := f.cur.NumEntities()
	require.Greater(t, crowd, 7000, "the crowd is there")
	assert.Greater(t, f.ckpts.copies, 10, "checkpoints are still kept")
	assert.LessOrEqual(t, f.ckpts.copies, len(j.Bytes)/(entityBytes*crowd)+2, "a fine checkpoint every %d turns made %d copies", fineEvery, f.Total()/fineEvery)
}

// A walk forward, as a recording goes, gives a plain fold's frames at any
// step, from the start or from the middle of a quiet game (whose first
// frame's log goes back logTurns), keeping checkpoints only where it can
// go back: none once its first frame is drawn when its frames are at
// most checkpointEvery turns apart (folding each turn about once, the
// first frame's log's twice), and
// otherwise those of the forwardWindow turns before the newest, of at most
// forwardCheckpointEntities entities.
func TestAWalkForwardKeepsOnlyTheCheckpointsItCanUse(t *testing.T) {
	t.Parallel()
	path := quietJournalFile(t)
	want := foldPlainly(t, path)
	cases := []struct {
		name       string
		from, step int
	}{
		{"a frame a turn from the start", 1, 1},
		{"a frame every 101 turns from the start", 1, 101},
		{"a frame every checkpointEvery turns from the middle", 5000, checkpointEvery},
		{"a frame every 1500 turns from the start", 1, 1500},
		{"a frame every 3000 turns from the middle", 4500, 3000},
		{"a frame every 5000 turns from the start", 1, 5000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Open(path, content.Default())
			require.NoError(t, err)
			defer f.Close()
			for i, turn := 0, c.from; turn <= f.Total(); i, turn = i+1, turn+c.step {
				f.walkForward(i, c.step)
				checkFrame(t, f, want, turn)
				held := 0
				for _, k := range f.ckpts.list {
					held += k.state.NumEntities()
					newest := f.ckpts.list[len(f.ckpts.list)-1].state.Turn
					assert.GreaterOrEqual(t, k.state.Turn, newest-forwardWindow, "turn %d: a checkpoint behind the window", turn)
				}
				assert.Equal(t, held, f.ckpts.entities, "the count is kept right")
				assert.LessOrEqual(t, held, forwardCheckpointEntities)
				if i > 0 && c.step <= checkpointEvery {
					assert.Empty(t, f.ckpts.list, "turn %d: no checkpoint kept", turn)
				}
			}
			if c.step <= checkpointEvery {
				assert.LessOrEqual(t, f.folded, f.Total()+2*logTurns, "each turn folded about once (the first frame's log's turns twice)")
			}
		})
	}
}
