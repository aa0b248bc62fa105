package play

import (
	"os/user"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestThePlayerIsNamedAfterTheLoginEvenWithUSERUnset(t *testing.T) {
	u, err := user.Current()
	require.NoError(t, err)
	cases := []struct {
		name string
		user string
		want string
	}{
		{"USER names the player", "ada", "ada"},
		{"without USER the user database does", "", u.Username},
		{"a name a terminal should not print is not used", "ada\x1b[2J", "player"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("USER", c.user)
			assert.Equal(t, c.want, playerName())
		})
	}
}
