package fame

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAGoldensNameIsWhatItsPatternSays(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)
	for _, name := range []string{"", "a", "stuck-door", "-a", "a-", "A", "a_b", "a.b", "é", "9", strings.Repeat("a", 64), strings.Repeat("a", 65), "a b", "a\n"} {
		assert.Equal(t, re.MatchString(name), goldenName(name), "%q", name)
	}
}
