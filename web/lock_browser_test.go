//go:build !js

package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestASecondTabIsToldWhyItWaitsAndStartsWhenTheFirstCloses(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	first := tab(t, s.URL)
	newGame(t, first)

	second, cancel := chromedp.NewContext(browser.ctx)
	defer cancel()
	second, cancelTime := context.WithTimeout(second, 60*time.Second)
	defer cancelTime()
	require.NoError(t, chromedp.Do(second, chromedp.Navigate(s.URL)))
	waitFor(t, second, `window.rogue && rogue.waitingForLock === true`)
	assert.Contains(t, line(t, second), "open in another tab of this browser")
	assert.Equal(t, 0, eval[int](t, second, `rogue.term.paints`), "the second tab draws nothing while it waits")
	screenshot(t, second, "second-tab")

	require.NoError(t, chromedp.Cancel(first))
	waitFor(t, second, `rogue.term.paints > 0 && rogue.term.text.join("\n").includes("Continue")`)
	assert.Empty(t, line(t, second))
}
