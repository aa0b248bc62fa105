package serve

import (
	"os"
	"testing"

	"rogue/internal/waiting"
)

// Most of these tests wait (on a timeout, a database's fsync, a
// browser): more of them run at once than go test's default.
func TestMain(m *testing.M) { os.Exit(waiting.Run(m)) }
