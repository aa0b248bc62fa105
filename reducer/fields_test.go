package reducer

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// changed changes v: a number plus one, a flag flipped, a
// position moved, an array's first element raised.
func changed(t *testing.T, v reflect.Value) {
	switch v.Kind() {
	case reflect.Int, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint8, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Struct:
		changed(t, v.Field(0))
	case reflect.Array:
		changed(t, v.Index(0))
	default:
		t.Fatalf("no way to change a %s", v.Type())
	}
}

// Every exported field of State and Entity, the game's value, is in the
// lists that the digest, the snapshot and Diff read (fields.go), but the
// level's own (Level, Map: the level is written whole) and an entity's
// id: changing any one of them alone, Diff names it.
func TestDiffNamesEveryFieldOfTheGame(t *testing.T) {
	base := arena(t)
	orc := put(t, base, "Orc", events.Pos{X: 5, Y: 3}, 0, events.SlotNone)
	st := reflect.TypeFor[State]()
	for i := range st.NumField() {
		f := st.Field(i)
		if !f.IsExported() || f.Name == "Level" || f.Name == "Map" {
			continue
		}
		t.Run("State."+f.Name, func(t *testing.T) {
			s := base.Clone()
			changed(t, reflect.ValueOf(s).Elem().Field(i))
			assert.NotEmpty(t, Diff(base, s), "Diff does not see State.%s", f.Name)
		})
	}
	et := reflect.TypeFor[Entity]()
	for i := range et.NumField() {
		f := et.Field(i)
		if !f.IsExported() || f.Name == "ID" {
			continue
		}
		t.Run("Entity."+f.Name, func(t *testing.T) {
			s := base.Clone()
			changed(t, reflect.ValueOf(s.Get(orc)).Elem().Field(i))
			d := Diff(base, s)
			require.Len(t, d, 1, "Diff of Entity.%s", f.Name)
			assert.True(t, strings.HasPrefix(d[0], "entity "), d[0])
		})
	}
}

// Diff names the fields rules 3 brought: a monster's mood, a game won and
// its goal.
func TestDiffNamesMoodWonAndGoal(t *testing.T) {
	a := arena(t)
	orc := put(t, a, "Orc", events.Pos{X: 5, Y: 3}, 0, events.SlotNone)
	b := a.Clone()
	b.Get(orc).Mood = events.Asleep
	b.Won, b.Over, b.Goal = true, true, orc
	assert.Equal(t, []string{
		"game over: false against true",
		"won: false against true",
		"goal: 0 against " + fmt.Sprint(orc),
		"entity " + fmt.Sprint(orc) + " (Orc) mood: " + events.Awake.String() + " against " + events.Asleep.String(),
	}, Diff(a, b))
}
