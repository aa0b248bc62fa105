//go:build !js

package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// axTree is Chromium's accessibility tree of the page in ctx, as a
// screen reader is handed it: every node by its id, and str, which reads
// a node's role, name or value as the text it holds.
type axTree struct {
	nodes []*accessibility.Node
	byID  map[accessibility.NodeID]*accessibility.Node
}

func readAXTree(t testing.TB, ctx context.Context) axTree {
	t.Helper()
	var tree axTree
	require.NoError(t, chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
		tree.nodes = res.Nodes
		return err
	})))
	tree.byID = map[accessibility.NodeID]*accessibility.Node{}
	for _, n := range tree.nodes {
		tree.byID[n.NodeID] = n
	}
	return tree
}

// first is the first node of role in the tree, or nil.
func (tree axTree) first(role string) *accessibility.Node {
	for _, n := range tree.nodes {
		if str(n.Role) == role {
			return n
		}
	}
	return nil
}

// str is the text an accessibility value holds ("" for none).
func str(v *accessibility.Value) string {
	if v == nil {
		return ""
	}
	var s string
	_ = json.Unmarshal([]byte(v.Value), &s)
	return s
}

// liveRegion is what Chromium's accessibility tree holds under the
// page's live region (role log, polite), the text of each paragraph in
// order, as a screen reader is handed it.
func liveRegion(t testing.TB, ctx context.Context) []string {
	t.Helper()
	tree := readAXTree(t, ctx)
	byID := tree.byID
	log := tree.first("log")
	require.NotNil(t, log, "the page has a live region of role log")
	require.Equal(t, "What the game says", str(log.Name))
	var said []string
	var walk func(id accessibility.NodeID, text *strings.Builder)
	walk = func(id accessibility.NodeID, text *strings.Builder) {
		n := byID[id]
		if n == nil {
			return
		}
		if str(n.Role) == "StaticText" {
			text.WriteString(str(n.Name))
			return
		}
		for _, c := range n.ChildIDs {
			walk(c, text)
		}
	}
	for _, p := range log.ChildIDs {
		var b strings.Builder
		walk(p, &b)
		said = append(said, b.String())
	}
	return said
}

// A screen reader is told, in words, what the page shows: the main
// menu, the game's first message (the map's rows are not read out), a
// prompt, the help, each new message once: read from Chromium's
// accessibility tree.
func TestEachNewMessageMenuAndPromptIsSaidInTheLiveRegion(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL+"/?seed="+screensSeed)
	waitFor(t, ctx, `document.getElementById("said").textContent.includes("New game")`)
	newGame(t, ctx)
	waitFor(t, ctx, `document.getElementById("said").textContent.includes("The Amulet of the Deep")`)
	press(t, ctx, "?")
	waitFor(t, ctx, `document.getElementById("said").textContent.includes("explore the level")`)
	press(t, ctx, "Escape")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("c", chromedp.KeyModifiers(chromedp.ModifierCtrl))))
	settle(t, ctx)
	waitFor(t, ctx, `document.getElementById("said").textContent.includes("Save and quit?")`)
	press(t, ctx, "Escape")
	waitFor(t, ctx, `document.getElementById("said").textContent.includes("You carry on.")`)

	said := liveRegion(t, ctx)
	all := strings.Join(said, "\n")
	t.Logf("the live region:\n%s", all)
	for _, want := range []string{"New game", "The Amulet of the Deep lies on depth 14", "explore the level", "Save and quit?", "You carry on."} {
		assert.Contains(t, all, want)
	}
	assert.Equal(t, 1, strings.Count(all, "The Amulet of the Deep lies on depth 14"), "a message is said once:\n%s", all)
	for _, p := range said {
		assert.NotRegexp(t, `#\.\.|\.\.#|\.\.\.\.`, p, "a row of the map is not read out")
	}
}
