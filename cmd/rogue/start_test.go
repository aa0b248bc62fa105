package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// initBytes is the most a package of the binary may allocate at init:
// every command pays it, `rogue version` as much as `rogue host`.
const initBytes = 1 << 20

// No package of rogue does costly work at init (a password hash, a table
// decoded): the runtime's own trace of each package's init counts the
// bytes it allocated, which, unlike a time, does not change with the
// machine's load.
func TestNoPackageAllocatesMuchAtStart(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(rogueBinary(t), "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	line := regexp.MustCompile(`(?m)^init (\S+) @.* (\d+) bytes, \d+ allocs$`)
	inits := line.FindAllStringSubmatch(string(out), -1)
	require.NotEmpty(t, inits, "GODEBUG=inittrace=1 traced no init:\n%s", out)
	costly := map[string]int{}
	for _, m := range inits {
		if n, _ := strconv.Atoi(m[2]); n > initBytes {
			costly[m[1]] = n
		}
	}
	assert.Empty(t, costly, "packages that allocate more than %d bytes at init", initBytes)
}
