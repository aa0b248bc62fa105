package serve

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/internal/netguard"
)

// secret is what lies outside the folder served: no response may hold it.
const secret = "ROGUEJNL the secret outside the folder"

// hostileFolder is a folder of journals beside a secret file, with links
// out of it and into it, and files that are not journals.
func hostileFolder(t *testing.T) (dir string, journal []byte) {
	t.Helper()
	base := t.TempDir()
	dir = filepath.Join(base, "journals")
	require.NoError(t, os.Mkdir(dir, 0o755))
	outside := write(t, base, "secret.rogue", []byte(secret))
	write(t, base, "passwd", []byte(secret))
	journal = botJournal(t, 3, 40)
	write(t, dir, "game.rogue", journal)
	write(t, dir, "notes.txt", []byte("not a journal"))
	write(t, dir, ".hidden.rogue", journal)
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub.rogue"), 0o755))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "out-absolute.rogue")))
	require.NoError(t, os.Symlink("../secret.rogue", filepath.Join(dir, "out-relative.rogue")))
	require.NoError(t, os.Symlink("..", filepath.Join(dir, "up")))
	require.NoError(t, os.Symlink("game.rogue", filepath.Join(dir, "in.rogue")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "game.rogue"), filepath.Join(dir, "in-absolute.rogue")))
	return dir, journal
}

// Every way of naming a file outside the folder, or a file of it that is
// not a journal, is refused: a bad request when the path itself is an
// attempt (.., a separator, a NUL, an encoded one), not found otherwise;
// and no response holds the secret. A link that stays in the folder is
// served.
func TestNothingOutsideTheFolderIsServed(t *testing.T) {
	t.Parallel()
	dir, journal := hostileFolder(t)
	s := newServer(t, dir)
	cases := []struct {
		name   string
		target string
		code   int
	}{
		{"a journal of the folder", "/journals/game.rogue", 200},
		{"a relative link inside the folder", "/journals/in.rogue", 200},
		{"an absolute link, even into the folder", "/journals/in-absolute.rogue", 404},
		{"dot dot", "/journals/../secret.rogue", 400},
		{"dot dot twice", "/journals/../../etc/passwd", 400},
		{"dot dot at the root", "/../secret.rogue", 400},
		{"dot dot encoded", "/journals/%2e%2e/secret.rogue", 400},
		{"dot dot and slash encoded", "/journals/%2e%2e%2fsecret.rogue", 400},
		{"slash encoded", "/journals/sub.rogue%2fx.rogue", 400},
		{"backslash", "/journals/..\\secret.rogue", 400},
		{"backslash encoded", "/journals/..%5csecret.rogue", 400},
		{"an absolute path", "/journals//etc/passwd", 400},
		{"an absolute path encoded", "/journals/%2fetc%2fpasswd", 400},
		{"a NUL", "/journals/game.rogue%00.txt", 400},
		{"a control character", "/journals/ga%0ame.rogue", 400},
		{"double encoding stays a name", "/journals/%252e%252e%252fsecret.rogue", 404},
		{"a link out of the folder, absolute", "/journals/out-absolute.rogue", 404},
		{"a link out of the folder, relative", "/journals/out-relative.rogue", 404},
		{"through a link to the parent", "/journals/up/secret.rogue", 400},
		{"a file that is not a journal", "/journals/notes.txt", 404},
		{"a hidden file", "/journals/.hidden.rogue", 404},
		{"a directory", "/journals/sub.rogue", 404},
		{"a journal that is not there", "/journals/gone.rogue", 404},
		{"no name", "/journals/", 404},
		{"a page file that is not there", "/secret.rogue", 404},
		{"a page file through dot dot", "/x/../index.html", 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := get(s, c.target)
			assert.Equal(t, c.code, w.Code, w.Body.String())
			assert.NotContains(t, w.Body.String(), "secret outside")
			if c.code == 200 {
				assert.Equal(t, journal, w.Body.Bytes())
			}
		})
	}
}

// The same paths sent as they are over a real connection (a client
// would clean some of them before sending).
func TestRawPathsOverTheWireAreRefusedToo(t *testing.T) {
	t.Parallel()
	dir, _ := hostileFolder(t)
	srv := httptest.NewServer(newServer(t, dir))
	defer srv.Close()
	cases := []struct {
		target string
		code   int
	}{
		{"/journals/../secret.rogue", 400},
		{"/journals/%2e%2e/secret.rogue", 400},
		{"/journals/..%2fsecret.rogue", 400},
		{"/journals/..\\secret.rogue", 400},
		{"/journals/out-relative.rogue", 404},
		{"/../../../../etc/passwd", 400},
		{"/journals/game.rogue", 200},
	}
	for _, c := range cases {
		t.Run(c.target, func(t *testing.T) {
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			require.NoError(t, err)
			defer conn.Close()
			fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", c.target)
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			require.NoError(t, err)
			body, _ := io.ReadAll(resp.Body)
			assert.Equal(t, c.code, resp.StatusCode, string(body))
			assert.NotContains(t, string(body), "secret outside")
		})
	}
}

// The list shows the folder's journals and the links that stay in it,
// and nothing else.
func TestTheListShowsOnlyTheJournalsOfTheFolder(t *testing.T) {
	t.Parallel()
	dir, _ := hostileFolder(t)
	list := listOf(t, newServer(t, dir))
	var names []string
	for _, j := range list.Journals {
		names = append(names, j.Name)
	}
	assert.ElementsMatch(t, []string{"game.rogue", "in.rogue"}, names, "a link by an absolute path is not followed, even into the folder")
}

// Only reading is answered, only for this machine's names (a page of
// another site whose name was pointed at 127.0.0.1 gets nothing), and a
// request with a body is refused.
func TestOnlyReadsForThisMachineAreAnswered(t *testing.T) {
	t.Parallel()
	dir, _ := hostileFolder(t)
	s := newServer(t, dir)
	cases := []struct {
		name    string
		method  string
		headers []string
		code    int
	}{
		{"GET", http.MethodGet, nil, 200},
		{"HEAD", http.MethodHead, nil, 200},
		{"localhost", http.MethodGet, []string{"Host", "localhost:8080"}, 200},
		{"IPv6 loopback", http.MethodGet, []string{"Host", "[::1]:8080"}, 200},
		{"PUT", http.MethodPut, nil, 405},
		{"POST", http.MethodPost, nil, 405},
		{"DELETE", http.MethodDelete, nil, 405},
		{"another site's name", http.MethodGet, []string{"Host", "evil.example:8080"}, 403},
		{"a LAN address", http.MethodGet, []string{"Host", "192.168.1.2:8080"}, 403},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.code, do(s, c.method, "/journals/game.rogue", c.headers...).Code)
		})
	}
}

// Serving the page, the list and every journal, in every way, writes
// nothing in the folder (nor in the snapshot cache).
func TestServingWritesNothingInTheFolder(t *testing.T) {
	dir, _ := hostileFolder(t)
	write(t, dir, "dead.rogue", deadJournal(t))
	b := botJournal(t, 5, 300)
	write(t, dir, "torn.rogue", b[:len(b)-3])
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	before := folderState(t, filepath.Dir(dir))
	s := newServer(t, dir)
	for _, target := range []string{"/", "/rogue.wasm", "/api/journals", "/follow", "/journals/game.rogue", "/journals/dead.rogue", "/journals/torn.rogue", "/journals/../secret.rogue"} {
		get(s, target, "Range", "bytes=10-")
		get(s, target, "Accept-Encoding", "gzip")
	}
	listOf(t, s)
	assert.Equal(t, before, folderState(t, filepath.Dir(dir)))
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

// The paths refused outright, and why.
func TestBadPathSaysWhyAPathIsRefused(t *testing.T) {
	t.Parallel()
	cases := []struct{ path, raw, why string }{
		{"/journals/a.rogue", "", ""},
		{"/", "", ""},
		{"journals/a.rogue", "", "the path must begin with /"},
		{"/journals/a\x00.rogue", "", "the path holds a NUL"},
		{"/journals/a\\b.rogue", "", "the path holds a backslash"},
		{"/journals/a/b.rogue", "/journals/a%2Fb.rogue", "the path holds an encoded separator"},
		{"/journals/../a.rogue", "", "the path holds a . or .. segment"},
		{"/./index.html", "", "the path holds a . or .. segment"},
	}
	for _, c := range cases {
		assert.Equal(t, c.why, badPath(c.path, c.raw), c.path)
	}
	assert.True(t, strings.HasPrefix(JournalPath("a b.rogue"), "/journals/a%20b.rogue"))
}

// What a request may send is bounded: headers over netguard's MaxHeaderBytes are
// refused (431), and so is a body (a read-only server takes none).
func TestARequestIsBounded(t *testing.T) {
	t.Parallel()
	dir, _ := hostileFolder(t)
	base := serveOn(t, dir, testPage())
	cases := []struct {
		name    string
		request string
		code    int
	}{
		{"a plain request", "GET /journals/game.rogue HTTP/1.1\r\nHost: 127.0.0.1\r\n", 200},
		{"headers too large", "GET /journals/game.rogue HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + strings.Repeat("a", 2*netguard.Defaults.MaxHeaderBytes) + "\r\n", 431},
		{"a body", "GET /journals/game.rogue HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello", 413},
		{"a body in chunks", "GET /journals/game.rogue HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 413},
		{"a body to write", "PUT /journals/new.rogue HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello", 405},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
			require.NoError(t, err)
			defer conn.Close()
			req := c.request
			if !strings.Contains(req, "\r\n\r\n") {
				req += "Connection: close\r\n\r\n"
			}
			_, err = io.WriteString(conn, req)
			require.NoError(t, err)
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, c.code, resp.StatusCode)
		})
	}
	_, err := os.Stat(filepath.Join(dir, "new.rogue"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}
