package game

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// FuzzFold folds arbitrary journal bytes: any fact may refer to anything,
// and folding (then re-simulating) must end in a state or an error, never
// a panic. The checked-in corpus is in testdata/fuzz/FuzzFold; the seeds
// added here are the specimen game and every bad journal of
// badjournal_test.go.
func FuzzFold(f *testing.F) {
	sp := newSpecimen(f)
	f.Add(sp.bytes)
	dir := f.TempDir()
	for _, c := range badJournals() {
		path, _ := c.make(f, sp, dir)
		if b, err := os.ReadFile(path); err == nil {
			f.Add(b)
		}
		os.RemoveAll(path)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// As given, and with every checksum made right so that mutations
		// get past the framing to the codec and the fold.
		foldAnything(t, data, true)
		foldAnything(t, rechain(data), true)
	})
}

// foldAnything folds the journal in data, and re-simulates it if verify
// is set. Whatever the fold accepts must be a state that every reader of
// states can use, and folding is pure: the same bytes fold into the same
// state.
func foldAnything(t *testing.T, data []byte, verify bool) {
	r, err := journal.NewBytesReader(data)
	if err != nil {
		return
	}
	s, _, err := Fold(r, content.Default(), -1, nil)
	require.NotNil(t, s)
	if err == nil {
		useState(s)
		// The replay screen folds with messages: the same state, and
		// every fact worded before it is checked.
		again := foldWithMessages(t, data)
		require.NotNil(t, again, "what folds also folds with messages")
		assert.Equal(t, s.Digest(), again.Digest())
	} else {
		foldWithMessages(t, data)
	}
	if !verify {
		return
	}

	r, err = journal.NewBytesReader(data)
	require.NoError(t, err)
	div, checked, _, err := Verify(r, content.Default())
	if err == nil && div != nil {
		assert.Equal(t, checked, div.Turn)
		_ = div.Report()
	}
}

// foldWithMessages folds the journal in data as the replay screen does,
// wording every fact, and returns the state, or nil if a turn is refused.
func foldWithMessages(t *testing.T, data []byte) *reducer.State {
	r, err := journal.NewBytesReader(data)
	require.NoError(t, err)
	s := reducer.New(r.Header().Seed, FoldTables(r.Header(), content.Default()))
	s.Wizard = r.Header().Options.Wizard
	var turn events.Turn
	for r.Next(&turn) == nil {
		if _, err := s.ApplyTurnMessages(&turn); err != nil {
			return nil
		}
	}
	return s
}

// useState reads everything replay, dump and the view read from a state.
func useState(s *reducer.State) {
	_ = s.Digest()
	_ = s.LevelUpPending()
	for e := range s.Entities() {
		if s.IsActor(e) {
			_ = s.MaxHP(e)
			_ = s.MaxMana(e)
			_ = s.ArmorClass(e)
			_ = s.AttackBonus(e)
			_ = s.DamageBonus(e)
			_ = s.DamageDice(e)
			_ = s.XPToLevel(e)
		}
	}
	_ = s.Monsters()
	_ = s.Backpack(events.PlayerID)
	if p := s.Player(); p != nil && s.Map != nil {
		_ = s.Explored()
		_ = s.Visible()
		_ = s.ItemsAt(p.Pos)
		_ = s.ActorAt(p.Pos)
		for _, d := range []events.Dir{events.North, events.East, events.South, events.West} {
			_ = s.Map.At(p.Pos.Add(d))
		}
	}
}

// FuzzFoldFacts plays the specimen game on with turns of facts built from
// the fuzzer's bytes: every fact type, with ids, kinds, positions, slots
// and levels drawn from small ranges, so that most facts refer to things
// that exist, or almost. The codec takes them all; the fold must refuse
// what cannot apply and never panic.
func FuzzFoldFacts(f *testing.F) {
	sp := newSpecimen(f)
	f.Add([]byte{})
	f.Add([]byte{2, 3, 1, 0, 1, 0, 4, 1, 2})
	f.Add([]byte{0, 5, 1, 9, 2, 1, 0x40, 1, 1, 12, 5, 3, 9, 3, 7, 20, 80, 50})
	f.Add([]byte{1, 1, 0, 20, 40, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
	f.Fuzz(func(t *testing.T, data []byte) {
		src := &byteSource{b: data}
		m, tail, err := journal.LoadMemory(sp.bytes)
		require.NoError(t, err)
		require.Nil(t, tail)
		for turns := 0; src.left() && turns < 8; turns++ {
			turn := src.turn(sp.state.NextID)
			require.NoError(t, m.Append(&turn), "the codec takes every fact the source builds")
		}
		// Re-simulation diverges at the first made-up turn: no need.
		foldAnything(t, m.Bytes(), false)
	})
}

// byteSource draws values from a fuzzer's bytes; 0 once they run out.
type byteSource struct{ b []byte }

func (s *byteSource) left() bool { return len(s.b) > 0 }

func (s *byteSource) next() int {
	if len(s.b) == 0 {
		return 0
	}
	v := s.b[0]
	s.b = s.b[1:]
	return int(v)
}

// id is an entity id near the ones the game has: 0 to a few past next.
func (s *byteSource) id(next events.EntityID) events.EntityID {
	return events.EntityID(s.next() % (int(next) + 4))
}

func (s *byteSource) pos() events.Pos { return events.Pos{X: s.next()%90 - 3, Y: s.next()%60 - 3} }
func (s *byteSource) small() int      { return s.next()%40 - 4 }
func (s *byteSource) dir() events.Dir { return events.Dir(s.next() % int(events.NumDirs)) }
func (s *byteSource) slot() events.Slot {
	return events.Slot(s.next() % int(events.NumSlots))
}

func (s *byteSource) cause() events.Cause {
	if c := events.Cause(s.next() % 10); c.Valid() {
		return c
	}
	return events.CauseMelee
}

func (s *byteSource) rect() events.Rect {
	return events.Rect{X: s.next() % 85, Y: s.next() % 55, W: s.next() % 20, H: s.next() % 20}
}

// turn builds a turn: a command and up to four facts.
func (s *byteSource) turn(next events.EntityID) events.Turn {
	var cmd events.Command = &events.Wait{}
	switch s.next() % 8 {
	case 0:
		cmd = &events.Begin{}
	case 1:
		cmd = &events.Descend{}
	case 2:
		cmd = &events.Move{Dir: s.dir()}
	}
	t := events.Turn{Command: cmd, Draws: uint64(s.next())}
	for n := s.next() % 5; n > 0; n-- {
		t.Facts = append(t.Facts, s.fact(next))
	}
	return t
}

// factCodes are the codes byteSource.fact builds from: every registered
// fact, so that a new fact is fuzzed as soon as it is registered (and
// TestTheFuzzSourceBuildsEveryFact fails until fact builds it).
var factCodes = events.FactCodes()

func (s *byteSource) fact(next events.EntityID) events.Fact {
	switch factCodes[s.next()%len(factCodes)] {
	case events.CodeLevelEntered:
		f := &events.LevelEntered{Depth: s.next() % 4, Width: 1 + s.next()%100, Height: 1 + s.next()%70}
		for n := s.next() % 4; n > 0; n-- {
			f.Rooms = append(f.Rooms, s.rect())
		}
		for n := s.next() % 3; n > 0; n-- {
			f.Corridors = append(f.Corridors, events.Corridor{From: s.pos(), To: s.pos(), HorizontalFirst: s.next()%2 == 0})
		}
		f.Stairs, f.Arrival = s.pos(), s.pos()
		return f
	case events.CodeSpawned:
		return &events.Spawned{ID: s.id(next), Kind: s.next(), Pos: s.pos(), Holder: s.id(next), Slot: s.slot(), HP: s.small()}
	case events.CodeMoved:
		return &events.Moved{Actor: s.id(next), Dir: s.dir()}
	case events.CodeStaggered:
		return &events.Staggered{Actor: s.id(next), Dir: s.dir(), Blocked: s.next()%2 == 0}
	case events.CodeAttacked:
		return &events.Attacked{Attacker: s.id(next), Target: s.id(next), Weapon: s.id(next), Natural: s.next() % 21,
			Attack: s.small(), ArmorClass: s.small(), Hit: s.next()%2 == 0, Roll: s.small(), Damage: s.small()}
	case events.CodeDied:
		return &events.Died{Actor: s.id(next), Cause: s.cause(), Killer: s.id(next)}
	case events.CodeGainedXP:
		return &events.GainedXP{Actor: s.id(next), Amount: s.small() * 100}
	case events.CodeLevelledUp:
		return &events.LevelledUp{Actor: s.id(next), Level: s.small(), Attribute: events.Attribute(s.next() % int(events.NumAttributes)), HP: s.small(), Mana: s.small()}
	case events.CodePickedUp:
		return &events.PickedUp{Actor: s.id(next), Item: s.id(next)}
	case events.CodeDropped:
		return &events.Dropped{Actor: s.id(next), Item: s.id(next)}
	case events.CodeEquipped:
		return &events.Equipped{Actor: s.id(next), Item: s.id(next), Slot: s.slot(), Displaced: s.id(next)}
	case events.CodeUnequipped:
		return &events.Unequipped{Actor: s.id(next), Item: s.id(next)}
	case events.CodeConsumed:
		return &events.Consumed{Actor: s.id(next), Item: s.id(next)}
	case events.CodeHealed:
		return &events.Healed{Actor: s.id(next), Amount: s.small(), Cause: s.cause()}
	case events.CodeDamaged:
		return &events.Damaged{Actor: s.id(next), Amount: s.small(), Cause: s.cause(), Source: s.id(next)}
	case events.CodeConfused:
		return &events.Confused{Actor: s.id(next), Until: s.small()}
	case events.CodeHungerChanged:
		return &events.HungerChanged{Actor: s.id(next), Hunger: events.Hunger(s.next() % int(events.NumHungers)), Until: s.small()}
	case events.CodeLostSight:
		return &events.LostSight{Actor: s.id(next), At: s.pos(), Until: s.small()}
	case events.CodeSkillRaised:
		return &events.SkillRaised{Actor: s.id(next), Skill: events.Skill(s.next() % int(events.NumSkills)), By: s.small()}
	case events.CodeZapped:
		return &events.Zapped{Actor: s.id(next), Item: s.id(next)}
	case events.CodeEnchanted:
		return &events.Enchanted{Actor: s.id(next), Item: s.id(next), By: s.small() % 8}
	case events.CodeShot:
		return &events.Shot{Attacker: s.id(next), Target: s.id(next), Natural: s.next() % 21,
			Attack: s.small(), ArmorClass: s.small(), Hit: s.next()%2 == 0, Roll: s.small(), Damage: s.small()}
	case events.CodeMoodChanged:
		return &events.MoodChanged{Actor: s.id(next), Mood: events.Mood(s.next() % int(events.NumMoods))}
	case events.CodeStole:
		return &events.Stole{Actor: s.id(next), Victim: s.id(next), Item: s.id(next)}
	case events.CodeSummoned:
		return &events.Summoned{Actor: s.id(next), Count: s.small()}
	case events.CodeWon:
		return &events.Won{Actor: s.id(next), Item: s.id(next)}
	}
	return nil // a code fact does not build yet: see TestTheFuzzSourceBuildsEveryFact
}

// The fuzz source builds a fact of every registered code, each with that
// code: FuzzFoldFacts reaches every fact the fold takes.
func TestTheFuzzSourceBuildsEveryFact(t *testing.T) {
	t.Parallel()
	var built []events.FactCode
	for c := range factCodes {
		src := &byteSource{b: []byte{byte(c), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}
		f := src.fact(20)
		require.NotNil(t, f, "byteSource.fact builds nothing for fact code %d: add a case", factCodes[c])
		built = append(built, f.Code())
	}
	assert.Equal(t, factCodes, built)
}
