package serve

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
)

// A journal being written is followed by asking for the bytes past the
// last one had: each answer holds exactly the bytes there when it was
// asked, and asking past the end is a 416 that says the size.
func TestRangeOnAGrowingJournalGivesTheBytesThereWhenAsked(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	whole := botJournal(t, 3, 200)
	path := write(t, dir, "live.rogue", whole[:100])
	s := newServer(t, dir)
	type answer struct {
		Code         int
		ContentRange string
		Body         string
	}
	ask := func(rng string) answer {
		w := get(s, "/journals/live.rogue", "Range", rng)
		return answer{w.Code, w.Header().Get("Content-Range"), w.Body.String()}
	}
	assert.Equal(t, answer{206, "bytes 0-99/100", string(whole[:100])}, ask("bytes=0-"))
	assert.Equal(t, answer{416, "bytes */100", "invalid range: failed to overlap\n"}, ask("bytes=100-"), "nothing new yet")

	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.Write(whole[100:250])
	require.NoError(t, err)
	assert.Equal(t, answer{206, "bytes 100-249/250", string(whole[100:250])}, ask("bytes=100-"))
	_, err = f.Write(whole[250:])
	require.NoError(t, err)
	require.NoError(t, f.Close())
	n := len(whole)
	assert.Equal(t, answer{206, fmt.Sprintf("bytes 250-%d/%d", n-1, n), string(whole[250:])}, ask("bytes=250-"))
	assert.Equal(t, answer{206, fmt.Sprintf("bytes %d-%d/%d", n-10, n-1, n), string(whole[n-10:])}, ask("bytes=-10"))
	assert.Equal(t, answer{416, fmt.Sprintf("bytes */%d", n), "invalid range: failed to overlap\n"}, ask(fmt.Sprintf("bytes=%d-", n)))

	w := get(s, "/journals/live.rogue")
	assert.Equal(t, []any{200, "application/octet-stream", "no-store", "bytes", whole}, []any{w.Code, w.Header().Get("Content-Type"), w.Header().Get("Cache-Control"), w.Header().Get("Accept-Ranges"), w.Body.Bytes()})
}

// A journal deleted while it is followed is a 404 from the next request
// on; one cut short is answered with its new size.
func TestAJournalDeletedOrCutWhileFollowedIsSaidSo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	whole := botJournal(t, 3, 100)
	path := write(t, dir, "live.rogue", whole)
	s := newServer(t, dir)
	require.Equal(t, 206, get(s, "/journals/live.rogue", "Range", "bytes=0-").Code)
	require.NoError(t, os.Truncate(path, 50))
	w := get(s, "/journals/live.rogue", "Range", fmt.Sprintf("bytes=%d-", len(whole)))
	assert.Equal(t, []any{416, "bytes */50"}, []any{w.Code, w.Header().Get("Content-Range")})
	require.NoError(t, os.Remove(path))
	w = get(s, "/journals/live.rogue", "Range", "bytes=50-")
	assert.Equal(t, []any{404, "no journal live.rogue in the folder\n"}, []any{w.Code, w.Body.String()})
	assert.Empty(t, listOf(t, s).Journals)
}

// Many clients at once each get the right bytes; the files open at once
// stay bounded, and all are closed after.
func TestConcurrentReadsEachGetTheirBytes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	games := map[string][]byte{}
	for i := range 4 {
		name := fmt.Sprintf("game-%d.rogue", i)
		games[name] = botJournal(t, uint64(i+1), 100+50*i)
		write(t, dir, name, games[name])
	}
	srv := httptest.NewServer(newServer(t, dir))
	defer srv.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := fmt.Sprintf("game-%d.rogue", i%4)
			want := games[name]
			from := i % len(want)
			target := srv.URL + "/journals/" + name
			if i%5 == 0 {
				target = srv.URL + "/api/journals"
			}
			req, _ := http.NewRequest(http.MethodGet, target, nil)
			req.Header.Set("Range", fmt.Sprintf("bytes=%d-", from))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			switch {
			case err != nil:
				errs <- err
			case i%5 == 0 && resp.StatusCode != 200:
				errs <- fmt.Errorf("the list: %s", resp.Status)
			case i%5 != 0 && (resp.StatusCode != 206 || string(body) != string(want[from:])):
				errs <- fmt.Errorf("%s from %d: %s, %d bytes", name, from, resp.Status, len(body))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		assert.NoError(t, err)
	}
}

// A response sends at most maxResponse bytes: a range asking for more is
// cut (Content-Range says where), a whole file over it is refused; a
// request of several ranges gets the whole file.
func TestAResponseIsBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := write(t, dir, "huge.rogue", botJournal(t, 3, 10))
	size := journal.MaxFileSize + 1
	require.NoError(t, os.Truncate(p, size))
	s := newServer(t, dir)
	cases := []struct {
		name, rng    string
		code         int
		contentRange string
	}{
		{"the whole file", "", 413, ""},
		{"from the start", "bytes=0-", 206, fmt.Sprintf("bytes 0-%d/%d", maxResponse-1, size)},
		{"from the middle", "bytes=1000-", 206, fmt.Sprintf("bytes 1000-%d/%d", 1000+maxResponse-1, size)},
		{"the last bytes", fmt.Sprintf("bytes=-%d", size), 206, fmt.Sprintf("bytes %d-%d/%d", size-maxResponse, size-1, size)},
		{"a small range", "bytes=0-9", 206, fmt.Sprintf("bytes 0-9/%d", size)},
		{"several ranges", "bytes=0-9,20-29", 413, ""},
		{"past the end", fmt.Sprintf("bytes=%d-", size), 416, fmt.Sprintf("bytes */%d", size)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := do(s, http.MethodHead, "/journals/huge.rogue", "Range", c.rng)
			assert.Equal(t, []any{c.code, c.contentRange}, []any{w.Code, w.Header().Get("Content-Range")})
		})
	}
	w := get(s, "/journals/huge.rogue", "Range", "bytes=0-9")
	assert.Equal(t, "ROGUEJNL", w.Body.String()[:8])
}

func TestClampRangeCutsOneRangeToTheMostAResponseSends(t *testing.T) {
	t.Parallel()
	const size = 3 * maxResponse
	cases := []struct {
		header, want string
		ok           bool
	}{
		{"", "", true},
		{"bytes=0-99", "bytes=0-99", true},
		{"bytes=5-", fmt.Sprintf("bytes=5-%d", 5+maxResponse-1), true},
		{"bytes=-100", "bytes=-100", true},
		{fmt.Sprintf("bytes=-%d", size), fmt.Sprintf("bytes=%d-%d", size-maxResponse, size-1), true},
		{fmt.Sprintf("bytes=%d-", size), fmt.Sprintf("bytes=%d-", size), true},
		{"bytes=0-9,20-29", "", false},
		{"items=0-9", "", false},
		{"bytes=9-0", "", false},
		{"bytes=x-", "", false},
		{"bytes=-x", "", false},
	}
	for _, c := range cases {
		got, ok := clampRange(c.header, size)
		assert.Equal(t, []any{c.want, c.ok}, []any{got, ok}, c.header)
	}
}
