package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

var recordItems = flag.Bool("record-items", false, "record testdata/r3-*.rogue again: the strong bot's first games under the newest rules to show each of rules 3's items, monsters' behaviours and ends")

// seen is what a game showed before a turn: the kind of every entity
// spawned, and the depth.
type seen struct {
	kinds map[events.EntityID]int
	depth int
}

// behaves is the behaviour of the monster of id, under the newest rules.
func (s *seen) behaves(id events.EntityID) content.Behaves {
	if m := content.Default().Monster(s.kinds[id]); m != nil {
		return m.Behaves
	}
	return content.Behaves{}
}

// itemShows are the golden journals of rules 3's items, monsters and
// ends: each is the strong bot's game, of the seeds 1 to 200, that shows
// it soonest, cut three turns after, its .turns file marking the turn
// that shows it.
var itemShows = []struct {
	name string
	saw  func(t *events.Turn) bool
}{
	{"r3-wand", func(t *events.Turn) bool { return has(t, events.CodeZapped) }},
	{"r3-ring", func(t *events.Turn) bool {
		for _, f := range t.Facts {
			if e, ok := f.(*events.Equipped); ok && e.Actor == events.PlayerID && e.Slot == events.Ring {
				return true
			}
		}
		return false
	}},
	{"r3-pile", func(t *events.Turn) bool { return t.Command.Code() == events.CodePickUpItem }},
	{"r3-enchanted", func(t *events.Turn) bool { return has(t, events.CodeEnchanted) }},
}

// monsterShows are the golden journals of rules 3's monsters and ends,
// chosen as itemShows are, from what the game showed before the turn.
var monsterShows = []struct {
	name string
	saw  func(t *events.Turn, s *seen) bool
}{
	{"r3-shot", func(t *events.Turn, _ *seen) bool { return has(t, events.CodeShot) }},
	{"r3-woke", func(t *events.Turn, _ *seen) bool { return hasMood(t, events.Awake) }},
	{"r3-fled", func(t *events.Turn, _ *seen) bool { return hasMood(t, events.Fleeing) }},
	{"r3-rallied", func(t *events.Turn, _ *seen) bool { return hasMood(t, events.Rallied) }},
	{"r3-stole", func(t *events.Turn, _ *seen) bool { return has(t, events.CodeStole) }},
	{"r3-summoned", func(t *events.Turn, _ *seen) bool { return has(t, events.CodeSummoned) }},
	{"r3-regenerated", func(t *events.Turn, s *seen) bool {
		// A Troll's wounds closing (a fleeing monster heals too).
		for _, f := range t.Facts {
			if h, ok := f.(*events.Healed); ok && h.Cause == events.CauseRegeneration && s.behaves(h.Actor).Regenerates > 0 {
				return true
			}
		}
		return false
	}},
	{"r3-fast", func(t *events.Turn, s *seen) bool {
		// A fast monster's two actions in one turn, both blows.
		blows := map[events.EntityID]int{}
		for _, f := range t.Facts {
			if a, ok := f.(*events.Attacked); ok && a.Target == events.PlayerID && s.behaves(a.Attacker).Fast {
				if blows[a.Attacker]++; blows[a.Attacker] == 2 {
					return true
				}
			}
		}
		return false
	}},
	{"r3-slow", func(t *events.Turn, s *seen) bool {
		// A slow monster's blow: it strikes on even turns only.
		for _, f := range t.Facts {
			if a, ok := f.(*events.Attacked); ok && a.Target == events.PlayerID && s.behaves(a.Attacker).Slow {
				return true
			}
		}
		return false
	}},
	{"r3-pack", func(t *events.Turn, s *seen) bool {
		// A level whose spawns hold a pack: three of a pack kind in a row.
		run, last := 0, 0
		for _, f := range t.Facts {
			if sp, ok := f.(*events.Spawned); ok {
				if m := content.Default().Monster(sp.Kind); m != nil && m.Pack > 0 && sp.Kind == last {
					if run++; run == 2 {
						return true
					}
				} else {
					run = 0
				}
				last = sp.Kind
			}
		}
		return false
	}},
	{"r3-won", func(t *events.Turn, _ *seen) bool { return has(t, events.CodeWon) }},
	{"r3-shot-dead", func(t *events.Turn, _ *seen) bool {
		for _, f := range t.Facts {
			if d, ok := f.(*events.Died); ok && d.Actor == events.PlayerID && d.Cause == events.CauseShot {
				return true
			}
		}
		return false
	}},
	{"r3-deep-death", func(t *events.Turn, s *seen) bool {
		// A death in the last third of the dungeon.
		third := content.Default().Rules.GoalDepth * 2 / 3
		for _, f := range t.Facts {
			if d, ok := f.(*events.Died); ok && d.Actor == events.PlayerID && s.depth > third {
				return true
			}
		}
		return false
	}},
}

func hasMood(t *events.Turn, mood events.Mood) bool {
	for _, f := range t.Facts {
		if m, ok := f.(*events.MoodChanged); ok && m.Mood == mood {
			return true
		}
	}
	return false
}

func has(t *events.Turn, c events.FactCode) bool {
	for _, f := range t.Facts {
		if f.Code() == c {
			return true
		}
	}
	return false
}

// TestRecordRules3ItemJournals records the golden journals of rules 3's
// items with -record-items (then -update writes their .golden files):
// the rules change while they are tuned, and a journal of the old rules
// no longer re-simulates.
func TestRecordRules3ItemJournals(t *testing.T) {
	t.Parallel()
	if !*recordItems {
		t.Skip("records only with -record-items")
	}
	const seeds, turns = 200, 20000
	type show struct {
		name string
		saw  func(t *events.Turn, s *seen) bool
	}
	var shows []show
	for _, s := range itemShows {
		saw := s.saw
		shows = append(shows, show{s.name, func(t *events.Turn, _ *seen) bool { return saw(t) }})
	}
	for _, s := range monsterShows {
		shows = append(shows, show{s.name, s.saw})
	}
	best := make([]struct {
		seed uint64
		turn int
	}, len(shows))
	for seed := uint64(1); seed <= seeds; seed++ {
		h := game.NewHeader(seed, "bot", journal.Options{})
		mem, err := journal.NewMemory(h)
		require.NoError(t, err)
		g, err := game.Start(mem.Header(), content.Default(), mem)
		require.NoError(t, err)
		for g.State.Turn < turns && !g.State.Over {
			require.NoError(t, g.PlayerTurn(bot.Strong{}))
		}
		r, err := mem.Reader()
		require.NoError(t, err)
		var turn events.Turn
		was := &seen{kinds: map[events.EntityID]int{}}
		for n := 0; r.Next(&turn) == nil; n++ {
			for i, show := range shows {
				if show.saw(&turn, was) && (best[i].seed == 0 || n < best[i].turn) {
					best[i].seed, best[i].turn = seed, n
				}
			}
			for _, f := range turn.Facts {
				switch f := f.(type) {
				case *events.Spawned:
					was.kinds[f.ID] = f.Kind
				case *events.LevelEntered:
					was.depth = f.Depth
				}
			}
		}
	}
	for i, show := range shows {
		b := best[i]
		require.NotZero(t, b.seed, "no game of seeds 1 to %d shows %s", seeds, show.name)
		h := game.NewHeader(b.seed, "bot", journal.Options{SyncEvery: 1 << 20})
		h.Created = time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)
		path := filepath.Join("testdata", show.name+".rogue")
		// The fixture of older rules goes: this is its replacement.
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			require.NoError(t, err)
		}
		f, err := journal.Create(path, h)
		require.NoError(t, err)
		g, err := game.Start(f.Header(), content.Default(), f)
		require.NoError(t, err)
		for g.State.TurnNumber() < b.turn+3 && !g.State.Over {
			require.NoError(t, g.PlayerTurn(bot.Strong{}))
		}
		require.NoError(t, f.Close())
		marks := fmt.Sprintf("%d\n", b.turn)
		require.NoError(t, os.WriteFile(filepath.Join("testdata", show.name+".turns"), []byte(marks), 0o644))
		fmt.Printf("%s: seed %d, turn %d\n", show.name, b.seed, b.turn)
	}
}
