//go:build unix

package journal

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// nobodyEnv marks the copy of the test binary that runs as nobody.
const nobodyEnv = "ROGUE_TEST_AS_NOBODY"

// runAsNobody is for a test of what a user may not do, which root may:
// as root, it runs the test again in a copy of this test binary as the
// user nobody (uid and gid 65534) and reports true, the test then being
// done; as anyone else it reports false and the test goes on itself.
func runAsNobody(t *testing.T) bool {
	t.Helper()
	if os.Geteuid() != 0 || os.Getenv(nobodyEnv) != "" {
		return false
	}
	// The go command's build folder is root's alone: the copy goes
	// where nobody may run it.
	dir, err := os.MkdirTemp("", "rogue-nobody-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o755))
	bin := filepath.Join(dir, "journal.test")
	self, err := os.Open(os.Args[0])
	require.NoError(t, err)
	defer self.Close()
	out, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(out, self)
	require.NoError(t, err)
	require.NoError(t, out.Close())
	cmd := exec.Command(bin, "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v")
	cmd.Dir = dir
	tmp := filepath.Join(dir, "tmp") // the copy's t.TempDir
	require.NoError(t, os.Mkdir(tmp, 0o777))
	require.NoError(t, os.Chmod(tmp, 0o777))
	cmd.Env = append(os.Environ(), nobodyEnv+"=1", "TMPDIR="+tmp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "the test as nobody:\n%s", b)
	require.Contains(t, string(b), "--- PASS: "+t.Name(), "the test ran as nobody:\n%s", b)
	t.Logf("ran as nobody (uid 65534)")
	return true
}
