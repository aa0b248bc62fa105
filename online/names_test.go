package online

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestANameIsWhatItsPatternSays(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`^[A-Za-z0-9_-]{2,20}$`)
	for _, name := range []string{"", "a", "ab", "Ada_9-x", "-_", "a b", "a.b", "é", "éa", strings.Repeat("a", 20), strings.Repeat("a", 21), "ab\n"} {
		assert.Equal(t, re.MatchString(name), CheckName(name) == nil, "%q", name)
	}
}
