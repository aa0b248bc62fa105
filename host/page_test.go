package host

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/web"
)

// pageRequest sends a request as the page's scripts would: from origin
// (the Origin header; "" for none), with the page's cookie if any.
func pageRequest(t *testing.T, method, url, origin, body string, cookie *http.Cookie) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	if cookie != nil {
		req.AddCookie(cookie)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, strings.TrimSpace(string(b))
}

func tokenCookieOf(resp *http.Response) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == tokenCookie {
			return c
		}
	}
	return nil
}

// The page signs in with a cookie its scripts cannot read, and only from
// its own origin: another site's page can neither sign a browser in nor
// play with its cookie.
func TestThePageSignsInWithAnHttpOnlyCookieFromItsOwnOriginOnly(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		creds := `{"name": "carol", "password": "password-carol"}`
		resp, body := pageRequest(t, "POST", base+"/page/signup", "http://evil.example", creds, nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode)
		assert.Equal(t, "sign in from this server's own page", body)

		resp, body = pageRequest(t, "POST", base+"/page/signup", base, creds, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, body)
		assert.Equal(t, `{"name":"carol"}`, body, "the token goes to the cookie, not to the scripts")
		c := tokenCookieOf(resp)
		require.NotNil(t, c)
		assert.True(t, c.HttpOnly)
		assert.Equal(t, http.SameSiteStrictMode, c.SameSite)
		assert.Equal(t, "/", c.Path)

		_, body = pageRequest(t, "GET", base+"/page/me", "", "", c)
		assert.Equal(t, `{"name":"carol"}`, body)
		_, body = pageRequest(t, "GET", base+"/page/me", "", "", nil)
		assert.Equal(t, `{"name":""}`, body)

		resp, body = pageRequest(t, "POST", base+"/page/signin", base, `{"name": "carol", "password": "wrong-password"}`, nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		assert.Equal(t, "wrong name or password", body)
		assert.Nil(t, tokenCookieOf(resp))

		resp, _ = pageRequest(t, "POST", base+"/page/signout", base, "", c)
		out := tokenCookieOf(resp)
		require.NotNil(t, out)
		assert.Equal(t, "", out.Value)
		assert.Less(t, out.MaxAge, 0)

		// The websocket to play takes the cookie from the page's origin
		// alone.
		ctx := context.Background()
		ws := "ws" + strings.TrimPrefix(base, "http") + "/page/ws/play"
		h := http.Header{"Origin": {"http://evil.example"}, "Cookie": {c.Name + "=" + c.Value}}
		_, r, err := websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: h})
		require.Error(t, err)
		require.NotNil(t, r)
		assert.Equal(t, http.StatusForbidden, r.StatusCode)
		h.Set("Origin", base)
		h.Del("Cookie")
		_, r, err = websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: h})
		require.Error(t, err)
		assert.Equal(t, http.StatusUnauthorized, r.StatusCode)
		h.Set("Cookie", c.Name+"="+c.Value)
		conn, _, err := websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: h})
		require.NoError(t, err)
		defer conn.CloseNow()
		_, b, err := conn.Read(ctx)
		require.NoError(t, err)
		assert.Equal(t, byte('H'), b[0], "the hello of carol's new game")
		assert.Contains(t, string(b), `"player":"carol"`)
	})
}

// rogue host serves the page at /, each of its files by name, and a
// finished game's page at /game/ID (the page's ?game=ID).
func TestRogueHostServesThePage(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		resp, body := pageRequest(t, "GET", base+"/game/12?turn=40", "", "", nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, "/?game=12&turn=40", resp.Request.URL.RequestURI(), "redirected to the page")
		if _, err := web.Assets(); errors.Is(err, web.ErrNotBuilt) {
			assert.Equal(t, "this rogue host was built without the browser page; its API and websockets are served", body)
			t.Skip("go generate ./web has not been run: the page is not built into this test")
		}
		assert.Contains(t, body, `<script src="online.js"></script>`)
		for _, name := range []string{"/", "/online.js", "/rogue.js", "/style.css", "/wasm_exec.js", "/rogue.wasm"} {
			resp, _ := pageRequest(t, "GET", base+name, "", "", nil)
			assert.Equal(t, http.StatusOK, resp.StatusCode, name)
			assert.Equal(t, "require-corp", resp.Header.Get("Cross-Origin-Embedder-Policy"), name)
		}
		resp, _ = pageRequest(t, "GET", base+"/nothing.js", "", "", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	})
}
