package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A crash report goes beside the journals, where a reboot keeps it, under
// a name of its own (two crashes in the same second keep both), headed by
// the version line a bug report needs.
func TestCrashReportsGoBesideTheJournalsUnderNamesOfTheirOwn(t *testing.T) {
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	first := WriteCrashReport(testVersion, "index out of range [3] with length 3", []byte("goroutine 1 [running]:\nmain.main()\n"))
	second := WriteCrashReport(testVersion, "nil map", []byte("goroutine 1 [running]:\n"))
	require.NotEqual(t, first, second, "each crash has its own report")
	for _, path := range []string{first, second} {
		assert.Equal(t, filepath.Join(data, "rogue"), filepath.Dir(path), "beside the journals")
		assert.Regexp(t, `^crash-\d{4}-\d\d-\d\d_\d{6}-\d+\.txt$`, filepath.Base(path))
	}
	b, err := os.ReadFile(first)
	require.NoError(t, err)
	lines := strings.SplitN(string(b), "\n", 5)
	require.Len(t, lines, 5)
	assert.Equal(t, testVersion, lines[0])
	assert.Regexp(t, `^crashed: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`, lines[1])
	assert.True(t, strings.HasPrefix(lines[2], "command: "), lines[2])
	assert.Equal(t, "internal error: index out of range [3] with length 3", lines[3])
	assert.Equal(t, "\ngoroutine 1 [running]:\nmain.main()\n", lines[4])
}

// With no journals' folder to be had, the report goes to the temporary
// folder rather than nowhere.
func TestACrashReportWithNoJournalsFolderGoesToTheTemporaryOne(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", "")
	path := WriteCrashReport(testVersion, "boom", nil)
	assert.Equal(t, tmp, filepath.Dir(path))
	_, err := os.Stat(path)
	assert.NoError(t, err)
}

// testVersion stands for the line rogue version prints.
const testVersion = "rogue devel (go1.24 linux/amd64); journal formats 1 to 3 (new games in 3); rules 1 to 2; PRNG splitmix64-counter/1"
