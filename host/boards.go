package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"rogue/events"
	"rogue/fame"
	"rogue/internal/buildinfo"
	"rogue/store"
)

// hallOfFame is what the server keeps for its boards and its daily
// challenge: the build that verifies entries, the clock the day is read
// from, and the daily seed's secret once read.
type hallOfFame struct {
	build string
	now   func() time.Time

	mu     sync.Mutex
	secret []byte
}

func newHallOfFame(opts Options) hallOfFame {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	return hallOfFame{build: buildinfo.Build(), now: now}
}

// routeBoards adds the boards' API and pages to the server's routes.
func (s *Server) routeBoards() {
	s.mux.HandleFunc("GET /api/boards", s.apiBoards)
	s.mux.HandleFunc("GET /api/boards/{board...}", s.apiBoard)
	s.mux.HandleFunc("GET /api/logfile", s.apiLogfile)
	s.mux.HandleFunc("GET /api/logfile/{board...}", s.apiBoardLogfile)
	s.mux.HandleFunc("GET /boards", s.htmlBoards)
	s.mux.HandleFunc("GET /boards/{board...}", s.htmlBoard)
}

// entryOf is the entry of a game that ended with state st: what its
// journal (journal, its bytes) proves, and who played it, on which
// seed, verified by this build.
func (s *Server) entryOf(id int64, player, day string, v *fame.Verified, abandoned bool) (fame.Entry, error) {
	e := v.Entry()
	if abandoned {
		var err error
		if e, err = v.Abandoned(); err != nil {
			return fame.Entry{}, err
		}
	}
	e.ID, e.Account, e.Build, e.Seeded = id, player, s.hof.build, fame.SeedServer
	if day != "" {
		e.Seeded, e.Day = fame.SeedDay, day
	}
	return e, nil
}

// liveEntry is the entry of the game lg holds, which is over (or
// abandoned): the server decided its every turn, so its state is the
// journal's without re-simulating it. The game's lock is held.
func (lg *liveGame) liveEntry(abandoned bool) (fame.Entry, error) {
	sum := sha256.Sum256(lg.mem.Bytes())
	v := &fame.Verified{Name: fmt.Sprintf("%d.rogue", lg.id), Digest: hex.EncodeToString(sum[:]), Header: lg.g.Header, State: lg.g.State}
	return lg.s.entryOf(lg.id, lg.player, lg.day, v, abandoned)
}

// boardRowsOf are e's rows, one on each board it ranks on
// (fame.BoardsOf): an offline game's on the offline board only.
func boardRowsOf(e fame.Entry) ([]store.BoardRow, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	var rows []store.BoardRow
	for _, board := range fame.BoardsOf(e) {
		rows = append(rows, store.BoardRow{Board: board.Name(), Key: e.Key(), Game: e.ID, Account: e.Account,
			Outcome: e.Outcome, Turns: e.Turns, Depth: e.Depth, Level: e.Level, Build: e.Build, Entry: b})
	}
	return rows, nil
}

// endRows are the board rows of the game lg holds, which its last turn
// has just ended, to be committed with that turn; nil (the sweep ranks
// it later) if they cannot be made. The game's lock is held.
func (lg *liveGame) endRows() []store.BoardRow {
	e, err := lg.liveEntry(false)
	if err == nil {
		var rows []store.BoardRow
		if rows, err = boardRowsOf(e); err == nil {
			return rows
		}
	}
	lg.s.opts.Log("game %d: its board rows: %v", lg.id, err)
	return nil
}

// rankFinished puts on their boards the finished games that are not on
// them yet, at most limit of them: a game stored by an upload (an
// offline game, source "offline": its own board only) or an import
// (source "import", the seed its player's as an upload's), or one that
// ended before this build kept boards. Each is checked again
// (fame.Check, within fame.DefaultLimits) by this build; one that does
// not check is marked so and not tried again. It returns how many it
// ranked.
func (s *Server) rankFinished(ctx context.Context, limit int) (int, error) {
	games, err := s.st.Unranked(ctx, limit)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, g := range games {
		b, err := s.st.Journal(ctx, g.ID)
		if err != nil {
			return n, err
		}
		name := fmt.Sprintf("%d.rogue", g.ID)
		check := fame.Check // a game over must be whole and over
		if g.Abandoned {
			check = fame.Verify // an abandoned one is not over
		}
		var e fame.Entry
		v, err := check(bytes.NewReader(b), name, fame.DefaultLimits())
		if err == nil {
			e, err = s.entryOf(g.ID, g.Player, g.Day, v, g.Abandoned)
		}
		if err == nil && g.Source != store.SourceServer {
			e.Seeded, e.Day = fame.SeedPlayer, ""
		}
		var ref *fame.Refusal
		if errors.As(err, &ref) {
			s.opts.Log("game %d cannot rank: %s", g.ID, ref.Line)
			if err := s.st.Unrankable(ctx, g.ID); err != nil {
				return n, err
			}
			continue
		}
		if err != nil {
			return n, err
		}
		rows, err := boardRowsOf(e)
		if err != nil {
			return n, err
		}
		if err := s.st.Rank(ctx, g.ID, rows); err != nil && !errors.Is(err, store.ErrConflict) {
			return n, err
		}
		n++
	}
	return n, nil
}

// boardNamed reads a board's name from a request: a fame board name
// (rules/3, offline/3, daily/2026-12-02, weekly/2026-W49), or the
// current one of a kind: "rules" and "offline" (this build's rules),
// "daily" (today's, UTC) and "weekly" (this week's).
func (s *Server) boardNamed(name string) (fame.Board, error) {
	now := s.hof.now()
	switch name {
	case "", "rules":
		return fame.Board{Kind: fame.RulesBoard, Rules: events.RulesVersion}, nil
	case "offline":
		return fame.Board{Kind: fame.OfflineBoard, Rules: events.RulesVersion}, nil
	case "daily":
		return fame.Board{Kind: fame.DailyBoard, Day: fame.Day(now)}, nil
	case "weekly":
		return fame.Board{Kind: fame.WeeklyBoard, Week: fame.Week(now)}, nil
	}
	return fame.ParseBoard(name)
}

// boardList is the boards the index shows, a bounded list: each rules
// version's board and offline board, the newest first, today's and
// yesterday's daily boards and this week's and last week's.
func (s *Server) boardList() []fame.Board {
	now := s.hof.now()
	var out []fame.Board
	for _, d := range []time.Time{now, now.AddDate(0, 0, -1)} {
		out = append(out, fame.Board{Kind: fame.DailyBoard, Day: fame.Day(d)})
	}
	for _, d := range []time.Time{now, now.AddDate(0, 0, -7)} {
		out = append(out, fame.Board{Kind: fame.WeeklyBoard, Week: fame.Week(d)})
	}
	for n := events.RulesVersion; n >= 1; n-- {
		out = append(out, fame.Board{Kind: fame.RulesBoard, Rules: n})
	}
	for n := events.RulesVersion; n >= 1; n-- {
		out = append(out, fame.Board{Kind: fame.OfflineBoard, Rules: n})
	}
	return out
}

// pageQuery is what a request asks of a board: the cursor (the key of
// the last row of the page before), the rows (n, 1 to fame.MaxPage),
// and the first row's rank when the link that led here knew it.
type pageQuery struct {
	after string
	n     int
	rank  int
}

// readPageQuery reads ?after=CURSOR&n=N&rank=R; what is wrong is one
// line. The rank is the previous page's link's count: the server does
// not count the rows before a cursor (that costs as many rows as there
// are), so a hand-made rank numbers the page differently and changes
// nothing else; without one, a page after the first has no ranks.
func readPageQuery(r *http.Request) (pageQuery, error) {
	q := r.URL.Query()
	after, err := fame.ParseCursor(q.Get("after"))
	if err != nil {
		return pageQuery{}, err
	}
	pq := pageQuery{after: after, n: fame.MaxPage}
	if v := q.Get("n"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > fame.MaxPage {
			return pageQuery{}, fmt.Errorf("n=%.20q: a page holds 1 to %d rows", v, fame.MaxPage)
		}
		pq.n = n
	}
	if after == "" {
		pq.rank = 1
	} else if v := q.Get("rank"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 || n > 1<<30 {
			return pageQuery{}, fmt.Errorf("rank=%.20q: a page's first rank is a number, 2 or more", v)
		}
		pq.rank = n
	}
	return pq, nil
}

// page reads a page of board b: n+1 rows after the cursor, by the
// index, whatever the rows before them.
func (s *Server) boardPage(ctx context.Context, b fame.Board, pq pageQuery) (fame.Page, error) {
	rows, err := s.st.BoardPage(ctx, b.Name(), pq.after, pq.n+1)
	if err != nil {
		return fame.Page{}, err
	}
	entries, err := s.entries(rows)
	if err != nil {
		return fame.Page{}, err
	}
	return fame.PageFrom(entries, pq.n, pq.rank), nil
}

// entries are the rows' entries as the public sees them: a daily game
// of a day not over yet keeps its seed (the day's) to itself.
func (s *Server) entries(rows []store.BoardRow) ([]fame.Entry, error) {
	today := fame.Day(s.hof.now())
	out := make([]fame.Entry, 0, len(rows))
	for _, r := range rows {
		var e fame.Entry
		if err := json.Unmarshal(r.Entry, &e); err != nil {
			return nil, fmt.Errorf("game %d's board row does not read: %v", r.Game, err)
		}
		if e.Seeded == fame.SeedDay && e.Day >= today {
			e.Seed = 0
		}
		out = append(out, e)
	}
	return out, nil
}

// boardRequest reads the board and the page a request asks for, or
// answers it with one line.
func (s *Server) boardRequest(w http.ResponseWriter, r *http.Request) (fame.Board, pageQuery, fame.Page, bool) {
	s.bounded(w, r)
	var pq pageQuery
	b, err := s.boardNamed(r.PathValue("board"))
	if err == nil {
		if pq, err = readPageQuery(r); err == nil {
			ctx, cancel := context.WithTimeout(r.Context(), storeTimeout)
			defer cancel()
			p, err := s.boardPage(ctx, b, pq)
			if err != nil {
				say(w, http.StatusInternalServerError, "board %s: %v", b.Name(), err)
				return b, pq, p, false
			}
			return b, pq, p, true
		}
	}
	say(w, http.StatusBadRequest, "%v", err)
	return b, pq, fame.Page{}, false
}

// apiBoards is GET /api/boards: the boards, each with its name, title
// and address.
func (s *Server) apiBoards(w http.ResponseWriter, r *http.Request) {
	type board struct {
		Name  string `json:"name"`
		Title string `json:"title"`
		URL   string `json:"url"`
	}
	var out []board
	for _, b := range s.boardList() {
		out = append(out, board{Name: b.Name(), Title: b.Title(), URL: "/api/boards/" + b.Name()})
	}
	writeJSON(w, out)
}

// apiBoard is GET /api/boards/{board}?after=CURSOR: a page of the board
// as JSON (fame.WriteJSON).
func (s *Server) apiBoard(w http.ResponseWriter, r *http.Request) {
	b, _, p, ok := s.boardRequest(w, r)
	if !ok {
		return
	}
	var buf bytes.Buffer
	if err := fame.WriteJSON(&buf, b, p); err != nil {
		say(w, http.StatusInternalServerError, "board %s: %v", b.Name(), err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(buf.Bytes())
}

// apiBoardLogfile is GET /api/logfile/{board}?after=CURSOR: a page of
// the board as logfile lines (fame.WriteLogfile), in the board's
// order; the next page's address is in the Link header.
func (s *Server) apiBoardLogfile(w http.ResponseWriter, r *http.Request) {
	b, _, p, ok := s.boardRequest(w, r)
	if !ok {
		return
	}
	if p.Next != "" {
		w.Header().Set("Link", fmt.Sprintf("</api/logfile/%s?after=%s>; rel=\"next\"", b.Name(), p.Next))
	}
	writeLogfile(w, p.Rows)
}

// MaxLogfile is the most lines of one answer of GET /api/logfile.
const MaxLogfile = 1000

// apiLogfile is GET /api/logfile?after=ID&n=N: every ranked game after
// game ID, once each, in the order stored, as logfile lines, at most N
// (MaxLogfile) of them: a tool reads it all by asking again after the
// last line's id; the Link header says where.
func (s *Server) apiLogfile(w http.ResponseWriter, r *http.Request) {
	s.bounded(w, r)
	q := r.URL.Query()
	after, n := int64(0), MaxLogfile
	if v := q.Get("after"); v != "" {
		var err error
		if after, err = strconv.ParseInt(v, 10, 64); err != nil || after < 0 {
			say(w, http.StatusBadRequest, "after=%.20q: the logfile goes on after a game's id", v)
			return
		}
	}
	if v := q.Get("n"); v != "" {
		m, err := strconv.Atoi(v)
		if err != nil || m < 1 || m > MaxLogfile {
			say(w, http.StatusBadRequest, "n=%.20q: the logfile gives 1 to %d lines at a time", v, MaxLogfile)
			return
		}
		n = m
	}
	ctx, cancel := context.WithTimeout(r.Context(), storeTimeout)
	defer cancel()
	rows, err := s.st.Logfile(ctx, after, n)
	if err == nil {
		var entries []fame.Entry
		if entries, err = s.entries(rows); err == nil {
			if len(entries) == n {
				w.Header().Set("Link", fmt.Sprintf("</api/logfile?after=%d>; rel=\"next\"", entries[n-1].ID))
			}
			writeLogfile(w, entries)
			return
		}
	}
	say(w, http.StatusInternalServerError, "the logfile: %v", err)
}

func writeLogfile(w http.ResponseWriter, entries []fame.Entry) {
	var buf bytes.Buffer
	fame.WriteLogfile(&buf, entries)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(buf.Bytes())
}

// nextQuery is the query of the page after p.
func nextQuery(p fame.Page) string {
	if p.Next == "" {
		return ""
	}
	q := "?after=" + p.Next
	if p.Rank > 0 {
		q += "&rank=" + strconv.Itoa(p.Rank+len(p.Rows))
	}
	return q
}

// outcomeWords is e's outcome with its reason, for a page.
func outcomeWords(e fame.Entry) string {
	if e.TakenOver {
		return e.Outcome + " (a take-over)"
	}
	return e.Outcome
}
