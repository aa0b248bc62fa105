package serve

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With no journal yet, /follow answers a page that says so and asks
// again with ?wait, which waits for the first journal and opens the
// page following it; when none comes in time, the same page again.
func TestFollowWaitsForTheFirstJournal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := New(Options{Dir: dir, Page: testPage(), FollowWait: 200 * time.Millisecond})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })

	w := get(s, "/follow")
	assert.Equal(t, []any{200, "text/html; charset=utf-8", "no-store"}, []any{w.Code, w.Header().Get("Content-Type"), w.Header().Get("Cache-Control")})
	assert.Contains(t, w.Body.String(), `<meta http-equiv="refresh" content="0; url=/follow?wait">`)
	assert.Contains(t, w.Body.String(), "<p>No game in "+dir+" yet.</p>")
	w = get(s, "/follow?wait")
	assert.Equal(t, 200, w.Code, "none came within the wait")
	assert.Contains(t, w.Body.String(), "url=/follow?wait")

	s.followWait = time.Minute
	s.polled.at = time.Time{}
	answered := make(chan *http.Response, 1)
	go func() { answered <- get(s, "/follow?wait").Result() }()
	require.Eventually(t, func() bool { // the request waits before the game begins
		s.polled.mu.Lock()
		defer s.polled.mu.Unlock()
		return !s.polled.at.IsZero()
	}, 10*time.Second, 10*time.Millisecond)
	write(t, dir, "first.rogue", botJournal(t, 3, 5))
	select {
	case resp := <-answered:
		assert.Equal(t, []any{302, "/?follow=/journals/first.rogue"}, []any{resp.StatusCode, resp.Header.Get("Location")})
	case <-time.After(10 * time.Second):
		t.Fatal("/follow?wait did not see the first journal")
	}
}

// A data folder that does not exist yet is served as an empty one, is
// not created, and its journals are served once a game makes it.
func TestAFolderThatDoesNotExistYetIsServedEmpty(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "rogue")
	s, err := New(Options{Dir: dir, MayNotExist: true, Page: testPage()})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	assert.Equal(t, List{Journals: []Journal{}}, listOf(t, s))
	assert.Equal(t, 404, get(s, "/journals/game.rogue").Code)
	assert.Equal(t, 200, get(s, "/follow").Code)
	_, err = os.Stat(dir)
	assert.ErrorIs(t, err, os.ErrNotExist, "serving created nothing")

	require.NoError(t, os.Mkdir(dir, 0o755))
	write(t, dir, "game.rogue", botJournal(t, 3, 5))
	list := listOf(t, s)
	require.Len(t, list.Journals, 1)
	assert.Equal(t, "game.rogue", list.Journals[0].Name)
	assert.Equal(t, 200, get(s, "/journals/game.rogue").Code)

	_, err = New(Options{Dir: filepath.Join(dir, "missing"), Page: testPage()})
	assert.ErrorContains(t, err, "cannot open the folder", "a folder named that is missing is an error")
}
