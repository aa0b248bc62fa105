package events

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCodesAndNamesAreRegisteredOnce(t *testing.T) {
	assert.Panics(t, func() { registerFact(CodeMoved, "MovedAgain", func() Fact { return &Moved{} }) })
	assert.Panics(t, func() { registerCommand(CodeMove, "MoveAgain", func() Command { return &Move{} }) })
	names := map[string]bool{}
	for _, c := range FactCodes() {
		n := FactName(c)
		require.NotEmpty(t, n)
		assert.False(t, names[n], "fact name %s used twice", n)
		names[n] = true
	}
}
