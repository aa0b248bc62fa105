package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// --palette goes with --online (the colours are the terminal's); a name
// no palette has is refused there as anywhere. (t.Setenv: not parallel.)
func TestPlayOnlineTakesThePalette(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ROGUE_PALETTE", "")
	var stdout, stderr bytes.Buffer
	code := run([]string{"play", "--online", "http://127.0.0.1:9", "--palette", "colour-blind"}, &stdout, &stderr)
	assert.Equal(t, 1, code, "not a usage error: the sign-in is what is missing")
	assert.Contains(t, stderr.String(), "you are not signed in to http://127.0.0.1:9")

	stderr.Reset()
	code = run([]string{"play", "--online", "http://127.0.0.1:9", "--palette", "sepia"}, &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr.String(), `--palette: unknown palette "sepia": default or colour-blind`)
}
