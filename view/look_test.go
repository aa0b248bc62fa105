package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tab in look goes from monster to monster, nearest first, as aiming
// does, and Shift-Tab the other way.
func TestTabInLookGoesFromMonsterToMonster(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	hs := m.hostiles()
	require.Len(t, hs, 2, "a Goblin and an Orc in view")
	m.HandleKey(Rune('x'))
	require.Equal(t, ModeLook, m.Mode())
	m.HandleKey(Named(KeyTab))
	assert.Equal(t, hs[0].Pos, m.Cursor(), "the nearest first")
	m.HandleKey(Named(KeyTab))
	assert.Equal(t, hs[1].Pos, m.Cursor())
	m.HandleKey(Named(KeyTab))
	assert.Equal(t, hs[0].Pos, m.Cursor(), "round again")
	m.HandleKey(Named(KeyBacktab))
	assert.Equal(t, hs[1].Pos, m.Cursor(), "Shift-Tab goes back")
	assert.Equal(t, ModeLook, m.Mode())
}
