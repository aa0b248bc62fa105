package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/fame"
	"rogue/internal/hostile"
)

// An upload of any journal of the damaged corpus gets the line rogue
// verify prints of it, or is refused by the size cap before it is read
// whole; a journal that verifies with a torn tail has verify's note.
func TestAnUploadOfADamagedJournalGetsTheLineRogueVerifyPrints(t *testing.T) {
	t.Parallel()
	base, recs := damagedBase(t)
	lim := fame.DefaultLimits()
	for i, c := range damagedCases() {
		b := c.make(base, recs)
		var ref *fame.Refusal
		if int64(len(b)) > lim.MaxBytes {
			// Refused before it is read whole: rogue verify, which reads
			// it all, is not asked.
			_, err := fame.Verify(bytes.NewReader(b), "case.rogue", lim)
			require.True(t, errors.As(err, &ref), c.name)
			assert.Equal(t, fame.TooLarge, ref.Why, c.name)
			continue
		}
		path := writeFile(t, t.TempDir(), fmt.Sprintf("case-%02d.rogue", i), b)
		got := runHere("verify", path)
		line, _, _ := strings.Cut(got.Stderr, "\n")
		v, err := fame.Verify(bytes.NewReader(b), path, lim)
		switch {
		case got.Code == 0:
			require.NoError(t, err, c.name)
			assert.Equal(t, line, v.Note(), c.name)
		default:
			require.True(t, errors.As(err, &ref), "%s: %v", c.name, err)
			assert.Equal(t, line, ref.Line, c.name)
		}
	}
}

func TestReverifyNamesEveryJournalThatDivergesAndCountsTheRest(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good, err := os.ReadFile(filepath.Join("..", "..", "golden", "testdata", "slain.rogue"))
	require.NoError(t, err)
	writeFile(t, dir, "slain.rogue", good)
	require.NoError(t, os.Mkdir(filepath.Join(dir, "more"), 0o755))
	writeFile(t, filepath.Join(dir, "more"), "crowd.rogue", hostile.Crowd(64<<10).Bytes)
	got := runHere("reverify", "--workers", "2", dir)
	assert.Equal(t, 1, got.Code)
	lines := strings.Split(strings.TrimSpace(got.Stdout), "\n")
	require.Len(t, lines, 4, got.Stdout)
	assert.Regexp(t, `^diverged: rogue verify: more/crowd.rogue: turn 0: fact 0 differs after Begin\{\}`, lines[0])
	assert.Equal(t, "checked 2 journals: 1 verified, 1 diverged, 0 could not be checked", lines[1])
	assert.Regexp(t, `^re-simulated \d+ turns, \d+ steps$`, lines[2])
	assert.Equal(t, "rogue reverify: "+dir+": 1 of 2 journals diverged, 0 could not be checked\n", got.Stderr)
	assert.Equal(t, 0, runHere("reverify", filepath.Join("..", "..", "golden", "testdata")).Code, "every golden journal re-verifies")
}
