package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/content"
)

// A snapshot may not hold a state the fold refuses to make: the snapshot
// is checked as the facts are.
func TestASnapshotOfAStateThatCannotBeIsRefused(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		spoil func(s *State, goblin *Entity)
		want  string
	}{
		{"two actors on one tile", func(s *State, goblin *Entity) { goblin.Pos = s.Player().Pos },
			"snapshot: actor 5 stands on (2,2), where another actor stands"},
		{"an actor in a wall", func(s *State, goblin *Entity) { goblin.Pos = at(0, 0) },
			"snapshot: entity 5: (0,0) is wall, not floor"},
		{"an item in a wall", func(s *State, goblin *Entity) { s.Get(4).Pos = at(9, 1) },
			"snapshot: entity 4: (9,1) is wall, not floor"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arena(t)
			put(t, s, "Health Potion", at(3, 3), 0, events.SlotNone)
			goblin := s.Get(put(t, s, "Goblin", at(4, 2), 0, events.SlotNone))
			_, err := UnmarshalSnapshot(s.MarshalSnapshot(), content.Default())
			require.NoError(t, err, "unspoiled")
			c.spoil(s, goblin)
			_, err = UnmarshalSnapshot(s.MarshalSnapshot(), content.Default())
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
}
