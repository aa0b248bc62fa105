package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Plurals and armour do not take "a": "a pair of Gauntlets", "a suit of
// Chain Mail", and the rest "a" or "an".
func TestArticleFitsPluralsAndArmour(t *testing.T) {
	t.Parallel()
	got := map[string]string{}
	for _, n := range []string{"Gauntlets", "Leather Boots", "Chain Mail", "Leather Armor", "Orc", "Dagger", "Amulet of the Deep", "Vampire Bat", ""} {
		got[n] = Article(n)
	}
	assert.Equal(t, map[string]string{
		"Gauntlets": "a pair of Gauntlets", "Leather Boots": "a pair of Leather Boots",
		"Chain Mail": "a suit of Chain Mail", "Leather Armor": "a suit of Leather Armor",
		"Orc": "an Orc", "Dagger": "a Dagger", "Amulet of the Deep": "an Amulet of the Deep", "Vampire Bat": "a Vampire Bat", "": "something",
	}, got)
}
