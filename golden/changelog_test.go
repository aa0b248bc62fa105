package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
)

// CHANGELOG.md records every rules version and every journal format, a
// heading "## [Rules N] - DATE" or "## [Journal format N] - DATE" each,
// newest first, each linked to its section of docs/RULES.md or
// docs/JOURNAL.md. A new version without its entry fails here.

var (
	changelogHeading = regexp.MustCompile(`(?m)^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$`)
	changelogLink    = regexp.MustCompile(`(?m)^\[([^\]]+)\]: (\S+)$`)
)

func readChangelog(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "CHANGELOG.md"))
	require.NoError(t, err)
	return string(b)
}

func TestTheChangelogNamesEveryRulesVersionAndEveryFormat(t *testing.T) {
	t.Parallel()
	log := readChangelog(t)
	var headings []string
	for _, m := range changelogHeading.FindAllStringSubmatch(log, -1) {
		headings = append(headings, m[1])
	}
	var want []string
	for n := 1; n <= events.RulesVersion; n++ {
		want = append(want, fmt.Sprintf("Rules %d", n))
	}
	for n := 1; n <= wire.FormatVersion; n++ {
		want = append(want, fmt.Sprintf("Journal format %d", n))
	}
	for _, w := range want {
		assert.Contains(t, headings, w,
			"CHANGELOG.md has no entry \"## [%s] - DATE\": every rules version (events.RulesVersion is %d) and journal format (wire.FormatVersion is %d) has one, added in the commit that brings it",
			w, events.RulesVersion, wire.FormatVersion)
	}
	for _, h := range headings {
		if m := regexp.MustCompile(`^(Rules|Journal format) (\d+)$`).FindStringSubmatch(h); m != nil {
			assert.Contains(t, want, h, "CHANGELOG.md has an entry for %s, which this program does not have", h)
		}
	}
}

func TestTheChangelogIsNewestFirstAndEveryEntryLinksToItsDocs(t *testing.T) {
	t.Parallel()
	log := readChangelog(t)
	links := map[string]string{}
	for _, m := range changelogLink.FindAllStringSubmatch(log, -1) {
		links[m[1]] = m[2]
	}
	last := "9999-99-99"
	entries := changelogHeading.FindAllStringSubmatch(log, -1)
	require.NotEmpty(t, entries)
	for _, m := range entries {
		name, date := m[1], m[2]
		if name != "Unreleased" {
			require.NotEmpty(t, date, "the entry %q has a date: ## [%s] - YYYY-MM-DD", name, name)
			assert.LessOrEqual(t, date, last, "the entry %q (%s) comes after a newer one (%s): newest first", name, date, last)
			last = date
		}
		target, ok := links[name]
		if !assert.True(t, ok, "the entry %q has no link: a line \"[%s]: docs/...\" at the end", name, name) {
			continue
		}
		switch {
		case strings.HasPrefix(name, "Rules "):
			assert.True(t, strings.HasPrefix(target, "docs/RULES.md#"), "%s links to its section of docs/RULES.md, not %s", name, target)
		case strings.HasPrefix(name, "Journal format "):
			assert.True(t, strings.HasPrefix(target, "docs/JOURNAL.md#"), "%s links to its section of docs/JOURNAL.md, not %s", name, target)
		}
	}
	for name, target := range links {
		file, anchor, _ := strings.Cut(target, "#")
		doc, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(file)))
		if !assert.NoError(t, err, "CHANGELOG.md's link %q goes to %s", name, target) || anchor == "" {
			continue
		}
		assert.Contains(t, headingAnchors(string(doc)), anchor, "CHANGELOG.md's link %q goes to #%s, which is no heading of %s", name, anchor, file)
	}
}

// headingAnchors are the anchors GitHub gives a Markdown page's
// headings: lower case, blanks as hyphens, punctuation left out.
func headingAnchors(doc string) []string {
	var anchors []string
	for _, m := range regexp.MustCompile(`(?m)^#+ (.+)$`).FindAllStringSubmatch(doc, -1) {
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
				b.WriteRune(r)
			}
		}
		anchors = append(anchors, b.String())
	}
	return anchors
}
