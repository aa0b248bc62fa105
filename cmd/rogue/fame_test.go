package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/fame"
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
		path := writeFile(t, t.TempDir(), fmt.Sprintf("case-%02d.rogue", i), b)
		got := runHere("verify", path)
		line, _, _ := strings.Cut(got.Stderr, "\n")
		v, err := fame.Verify(bytes.NewReader(b), path, lim)
		var ref *fame.Refusal
		switch {
		case int64(len(b)) > lim.MaxBytes:
			require.True(t, errors.As(err, &ref), c.name)
			assert.Equal(t, fame.TooLarge, ref.Why, c.name)
		case got.Code == 0:
			require.NoError(t, err, c.name)
			assert.Equal(t, line, v.Note(), c.name)
		default:
			require.True(t, errors.As(err, &ref), "%s: %v", c.name, err)
			assert.Equal(t, line, ref.Line, c.name)
		}
	}
}
