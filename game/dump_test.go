package game

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
	"rogue/reducer/content"
)

// A dump is the header, then each turn in order, in text or in JSON, and
// it reads the journal to its clean end.
func TestADumpIsTheHeaderThenEveryTurnInOrder(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "golden", "testdata", "short.rogue")
	r, err := journal.Open(path)
	require.NoError(t, err)
	s, tail, err := Fold(r, content.Default(), -1, nil)
	r.Close()
	require.NoError(t, err)
	require.Nil(t, tail)
	require.Positive(t, s.Turn)

	cases := []struct {
		name   string
		asJSON bool
		turnOf func(t *testing.T, line string) (int, bool) // the turn a line is, if it is one
		header func(line string) bool
	}{
		{"as text", false, func(t *testing.T, line string) (int, bool) {
			var n int
			if !strings.HasPrefix(line, "turn ") {
				return 0, false
			}
			_, err := fmt.Sscanf(line, "turn %d @", &n)
			require.NoError(t, err, line)
			return n, true
		}, func(line string) bool { return strings.HasPrefix(line, "header: format ") }},
		{"as JSON", true, func(t *testing.T, line string) (int, bool) {
			var v struct {
				Turn *int `json:"turn"`
			}
			require.NoError(t, json.Unmarshal([]byte(line), &v), line)
			if v.Turn == nil {
				return 0, false
			}
			return *v.Turn, true
		}, func(line string) bool { return strings.HasPrefix(line, `{"header":`) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := journal.Open(path)
			require.NoError(t, err)
			defer r.Close()
			var b strings.Builder
			tail, err := Dump(&b, r, tc.asJSON)
			require.NoError(t, err)
			assert.Nil(t, tail)
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			assert.True(t, tc.header(lines[0]), lines[0])
			var turns []int
			for _, l := range lines[1:] {
				if n, ok := tc.turnOf(t, l); ok {
					turns = append(turns, n)
				}
			}
			want := make([]int, s.Turn)
			for i := range want {
				want[i] = i
			}
			assert.Equal(t, want, turns)
		})
	}
}
