package host

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"sync"

	"rogue/serve"
	"rogue/web"
)

// The page: rogue host serves the browser page that rogue serve serves
// (package web), which finds here a server to play on (see the page's
// online.js): its sign-up and sign-in, play in the page (the wasm draws,
// this server decides), the live games to watch, and each finished game's
// page (?game=ID, its morgue and replay, from GET /games/ID.rogue).
//
// The page keeps its sign-in in a cookie the page's scripts cannot read
// (HttpOnly): a browser's WebSocket cannot send an Authorization header,
// and a cookie rides on its handshake; and no script, should one ever get
// a player's name into the page as code, can read the token to carry it
// off. The cookie is SameSite=Strict, and every request it signs in (the
// page's sign-in, its websocket to play) must come from the page's own
// origin: another site can make a browser send it, never use it.

// tokenCookie is the cookie that holds the page's sign-in token.
const tokenCookie = "rogue_token"

// tokenCookieAge is how long the browser keeps the sign-in.
const tokenCookieAge = 90 * 24 * 3600

// pageFiles are the page's files, loaded at the first request for one;
// nil (and pageErr) when this rogue was built without the wasm.
type pageFiles struct {
	once  sync.Once
	files *serve.PageFiles
	err   error
}

func (p *pageFiles) get() (*serve.PageFiles, error) {
	p.once.Do(func() {
		fsys, err := web.Assets()
		if err != nil {
			p.err = err
			return
		}
		p.files, p.err = serve.LoadPage(fsys)
	})
	return p.files, p.err
}

// pageRoutes adds the page's routes to s's mux: its files, and the calls
// the page makes with its cookie.
func (s *Server) pageRoutes() {
	s.mux.HandleFunc("GET /{$}", s.pageFile("index.html"))
	s.mux.HandleFunc("GET /game/{id}", s.gamePage)
	s.mux.HandleFunc("GET /page/me", s.pageMe)
	s.mux.HandleFunc("POST /page/signup", s.pageSignIn(s.signUp))
	s.mux.HandleFunc("POST /page/signin", s.pageSignIn(s.signIn))
	s.mux.HandleFunc("POST /page/signout", s.pageSignOut)
	s.mux.HandleFunc("GET /page/ws/play", s.pagePlaySocket)
	s.mux.HandleFunc("GET /page/daily", s.pageDaily)
	// The page's files are each a route of their own: a pattern for any
	// name would take names that other routes (/boards) leave to their
	// subtree's redirect.
	for _, name := range web.PageFileNames() {
		s.mux.HandleFunc("GET /"+name, s.pageFile(name))
	}
}

// pageFile serves the page's file name.
func (s *Server) pageFile(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		files, err := s.page.get()
		if err != nil {
			say(w, http.StatusNotFound, "this rogue host was built without the browser page; its API and websockets are served")
			return
		}
		files.Serve(w, r, name)
	}
}

// gamePage is GET /game/ID: a finished game's page, which the page draws
// (?game=ID, and ?turn=N to replay from that turn).
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		say(w, http.StatusNotFound, "no such game: a game's page is /game/ID")
		return
	}
	q := url.Values{"game": {strconv.FormatInt(id, 10)}}
	if t := r.URL.Query().Get("turn"); t != "" {
		if n, err := strconv.Atoi(t); err == nil && n >= 0 {
			q.Set("turn", strconv.Itoa(n))
		}
	}
	http.Redirect(w, r, "/?"+q.Encode(), http.StatusSeeOther)
}

// sameOrigin reports whether r comes from a page of this server's own
// origin (its Origin header names the host it asks), as the browser says
// for every POST and websocket of a page's scripts.
func sameOrigin(r *http.Request) bool {
	u, err := url.Parse(r.Header.Get("Origin"))
	return err == nil && u.Host != "" && u.Host == r.Host
}

// cookieToken moves the page's cookie into the request's Authorization,
// where account reads a token, when the request is of the page's origin.
func cookieToken(r *http.Request) {
	c, err := r.Cookie(tokenCookie)
	if err != nil || r.Header.Get("Authorization") != "" || !sameOrigin(r) {
		return
	}
	r.Header.Set("Authorization", "Bearer "+c.Value)
}

// pageMe is GET /page/me: the name the page is signed in as ("" for
// none).
func (s *Server) pageMe(w http.ResponseWriter, r *http.Request) {
	s.bounded(w, r)
	w.Header().Set("Cache-Control", "no-store")
	name := ""
	if c, err := r.Cookie(tokenCookie); err == nil {
		r.Header.Set("Authorization", "Bearer "+c.Value)
		name = s.account(r)
	}
	writeJSON(w, map[string]string{"name": name})
}

// captured is an answer held back: a sign-in's token goes into a cookie,
// not to the page's scripts.
type captured struct {
	w      http.ResponseWriter
	header http.Header
	status int
	body   bytes.Buffer
}

func (c *captured) Header() http.Header         { return c.header }
func (c *captured) Write(b []byte) (int, error) { return c.body.Write(b) }
func (c *captured) WriteHeader(status int)      { c.status = status }

// Unwrap lets the handler set deadlines on the connection.
func (c *captured) Unwrap() http.ResponseWriter { return c.w }

// pageSignIn is POST /page/signup or /page/signin: the API's sign-up or
// sign-in (its limits, its one-line refusals), its token put in the
// page's cookie; the answer is {"name": NAME}.
func (s *Server) pageSignIn(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !sameOrigin(r) {
			say(w, http.StatusForbidden, "sign in from this server's own page")
			return
		}
		c := &captured{w: w, header: http.Header{}, status: http.StatusOK}
		h(c, r)
		var a TokenAnswer
		if c.status != http.StatusOK || json.Unmarshal(c.body.Bytes(), &a) != nil || a.Token == "" {
			for k, v := range c.header {
				w.Header()[k] = v
			}
			w.WriteHeader(c.status)
			w.Write(c.body.Bytes())
			return
		}
		http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: a.Token, Path: "/", MaxAge: tokenCookieAge,
			HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: secure(r)})
		writeJSON(w, map[string]string{"name": a.Name})
	}
}

// secure reports whether the page was asked for over TLS, here or at the
// proxy in front: its cookie is then sent over TLS only.
func secure(r *http.Request) bool {
	return r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https"
}

// pageSignOut is POST /page/signout: the page's cookie is dropped.
func (s *Server) pageSignOut(w http.ResponseWriter, r *http.Request) {
	s.bounded(w, r)
	if !sameOrigin(r) {
		say(w, http.StatusForbidden, "sign out from this server's own page")
		return
	}
	http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: secure(r)})
	writeJSON(w, map[string]string{"name": ""})
}

// pagePlaySocket is GET /page/ws/play: /ws/play, signed in by the page's
// cookie.
func (s *Server) pagePlaySocket(w http.ResponseWriter, r *http.Request) {
	if !sameOrigin(r) {
		say(w, http.StatusForbidden, "play from this server's own page")
		return
	}
	cookieToken(r)
	s.playSocket(w, r)
}
