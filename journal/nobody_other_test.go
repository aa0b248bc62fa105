//go:build !unix

package journal

import "testing"

// runAsNobody reports false: only a unix runs a test as another user.
func runAsNobody(*testing.T) bool { return false }
