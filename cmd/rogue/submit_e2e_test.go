package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real binary: an offline game submitted to a rogue host and
// listed, the same journal again from its player and from another, a
// tampered copy refused in the line rogue verify prints, a bug report
// sent and read by a maintainer the host granted the role.
func TestAGameSubmittedIsListedATamperedOneRefusedAndAReportRead(t *testing.T) {
	t.Parallel()
	dir, bin := endToEnd(t)
	hostDir := filepath.Join(dir, "host")
	h := startHost(t, bin, "127.0.0.1:0", hostDir)
	rogue := func(config, stdin string, args ...string) (string, string, int) {
		c := exec.Command(bin, args...)
		c.Env = append(os.Environ(), "XDG_CONFIG_HOME="+config)
		c.Stdin = strings.NewReader(stdin)
		c.Dir = dir
		var out, errb bytes.Buffer
		c.Stdout, c.Stderr = &out, &errb
		err := c.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		return strings.TrimSpace(out.String()), strings.TrimSpace(errb.String()), code
	}
	ada, bob := filepath.Join(dir, "ada"), filepath.Join(dir, "bob")
	for name, config := range map[string]string{"ada": ada, "bob": bob} {
		_, _, code := rogue(config, "password-"+name+"\n", "account", "new", h.base, name)
		require.Equal(t, 0, code)
	}
	won, err := os.ReadFile(filepath.Join("..", "..", "golden", "testdata", "r3-won.rogue"))
	require.NoError(t, err)
	file := filepath.Join(dir, "won.rogue")
	require.NoError(t, os.WriteFile(file, won, 0o644))

	out, _, code := rogue(ada, "", "submit", "won.rogue", "--online", h.base)
	assert.Equal(t, 0, code)
	assert.Regexp(t, `^rogue submit: won\.rogue: verified by \S+ and listed as game 1 on the offline board of rules 3: won, turn 6900, depth 14, level 8$`, out)
	_, line, code := rogue(ada, "", "submit", "won.rogue", "--online", h.base)
	assert.Equal(t, []any{1, "rogue submit: won.rogue: you sent this journal already (the same SHA-256): it is game 1"}, []any{code, line})
	_, line, code = rogue(bob, "", "submit", "--online", h.base, "won.rogue")
	assert.Equal(t, []any{1, "rogue submit: won.rogue: this journal (the same SHA-256) is game 1, sent or played by ada first: a game ranks once, for whoever sent it first"}, []any{code, line})

	tampered := filepath.Join(dir, "tampered.rogue")
	b := bytes.Clone(won)
	b[len(b)-3] ^= 0x10
	require.NoError(t, os.WriteFile(tampered, b, 0o644))
	_, want, _ := rogue(ada, "", "verify", "tampered.rogue")
	_, line, code = rogue(bob, "", "submit", "tampered.rogue", "--online", h.base)
	assert.Equal(t, []any{1, want}, []any{code, line}, "the line rogue verify prints")

	out, _, code = rogue(bob, "", "report", "tampered.rogue", "--online", h.base, "my win is gone")
	require.Equal(t, 0, code)
	assert.Equal(t, "report 1 sent to "+h.base+": "+h.base+"/reports/1 for the maintainers\nthe server re-simulated it: "+want, out)
	out, _, code = rogue(ada, "", "host", "--grant", "ada=maintainer", hostDir)
	assert.Equal(t, []any{0, "rogue host: ada is a maintainer now"}, []any{code, out})
	// The maintainer downloads it as rogue golden does (its golden is
	// made in a checkout: TestRogueGoldenMakesAJournalAGoldenTestThatGoTestHolds's work).
	_, line, code = rogue(bob, "", "golden", "--checkout", dir, h.base+"/reports/1")
	assert.Equal(t, []any{1, "rogue golden: " + h.base + "/reports/1: the reports are for the maintainers (an account of role maintainer: rogue host --grant NAME=maintainer)"}, []any{code, line})
	_, line, _ = rogue(ada, "", "golden", "--checkout", dir, h.base+"/reports/1")
	assert.Equal(t, "rogue golden: "+dir+" is not a checkout of rogue (no go.mod of module rogue with golden/golden_test.go)", line,
		"downloaded, then refused by the folder that is no checkout")
}
