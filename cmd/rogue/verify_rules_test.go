package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
)

// verify re-simulates a journal under its own rules unless --rules names
// others; under others it names the first divergence and exits 1.
func TestVerifyUnderTheJournalsRulesOrTheOnesNamed(t *testing.T) {
	t.Parallel()
	rules1 := filepath.Join("..", "..", "golden", "testdata", "short.rogue")
	rules2 := filepath.Join("..", "..", "golden", "testdata", "r2-short.rogue")
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // a line the standard output starts with
		stderr string // the standard error, whole
	}{
		{"a rules-1 journal verifies under rules 1", []string{"verify", rules1}, 0,
			rules1 + ": verified 40 turns: rules version 1, the journal's own, decides every fact the journal recorded", ""},
		{"a rules-2 journal verifies under rules 2", []string{"verify", rules2}, 0,
			rules2 + ": verified 60 turns: rules version 2, the journal's own, decides every fact the journal recorded", ""},
		{"--rules 1 on a rules-1 journal says which rules decided", []string{"verify", "--rules", "1", rules1}, 0,
			rules1 + ": verified 40 turns: rules version 1 decides every fact the journal recorded", ""},
		{"--rules 2 on a rules-1 journal names the first divergence", []string{"verify", "--rules", "2", rules1}, 1,
			"first divergence at turn 0",
			"rogue verify: " + rules1 + ": turn 0: fact 1 differs after Begin{}: recorded Spawned{ID:1 Kind:1 Pos:(72,22) Holder:0 Slot: HP:10}, now Spawned{ID:1 Kind:1 Pos:(72,22) Holder:0 Slot: HP:30}\n"},
		{"--rules of a version this program lacks is a usage error", []string{"verify", "--rules", "9", rules1}, 2,
			"", fmt.Sprintf("rogue verify: --rules 9: rules version 9 is not one this program has (1 to %d)\n", events.RulesVersion)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runRogue(t, nil, c.args...)
			assert.Equal(t, c.code, got.Code, got.Stderr)
			assert.True(t, strings.HasPrefix(got.Stdout, c.stdout), got.Stdout)
			assert.Equal(t, c.stderr, got.Stderr)
		})
	}
}
