package host

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"rogue/fame"
	"rogue/online"
	"rogue/reducer/content"
	"rogue/replay"
	"rogue/store"
)

// Bug reports: a journal, the reporter's `rogue version` line and what
// went wrong, kept with what the server finds of the journal (the line
// rogue verify prints, the last screen) for the maintainers, the
// accounts of role "maintainer" (or "admin"), who list them and
// download them (rogue golden URL/reports/ID).

// Roles an account may have (rogue host --grant NAME=ROLE).
const (
	RolePlayer     = "player"
	RoleMaintainer = "maintainer"
	RoleAdmin      = "admin"
)

// The bounds on a report's words.
const (
	maxWhat    = 2000 // bytes of what went wrong
	maxVersion = 300  // bytes of the version line
	// reportsAnHour reports an account may send in any hour, counted in
	// the database, so on every node together.
	reportsAnHour = 10
)

var reportsPerAccount = store.Limit{Max: reportsAnHour, Window: time.Hour}

// ReportRow is a row of GET /api/reports (online.ReportRow).
type ReportRow = online.ReportRow

// role is the account and role of the request's token ("" for none).
func (s *Server) role(r *http.Request) (name, role string) {
	name = s.account(r)
	if name == "" {
		return "", ""
	}
	a, err := s.st.Account(r.Context(), name)
	if err != nil {
		return name, ""
	}
	return name, a.Role
}

func maintains(role string) bool { return role == RoleMaintainer || role == RoleAdmin }

// words is a query parameter as one line of printable UTF-8 of at
// most limit bytes, or why not.
func words(v string, limit int, what string) (string, error) {
	if len(v) > limit || !utf8.ValidString(v) {
		return "", fmt.Errorf("%s is at most %d bytes of UTF-8", what, limit)
	}
	return strings.Map(func(c rune) rune {
		if c < ' ' || c == 0x7f {
			return ' '
		}
		return c
	}, v), nil
}

// report is POST /api/reports?name=FILE&version=LINE&what=WORDS: a bug
// report's journal (any journal up to the size cap, damaged or not: the
// bug may be the damage), checked and its last screen drawn, then kept.
func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	account := s.account(r)
	if account == "" {
		say(w, http.StatusUnauthorized, "sign in first: rogue login URL NAME")
		return
	}
	q := r.URL.Query()
	name := fame.CleanName(q.Get("name"))
	what, err := words(q.Get("what"), maxWhat, "what went wrong")
	if err == nil && strings.TrimSpace(what) == "" {
		err = errors.New(`say what went wrong: rogue report FILE --online URL "what went wrong"`)
	}
	version, verr := words(q.Get("version"), maxVersion, "the version line")
	if err == nil {
		err = verr
	}
	if err != nil {
		say(w, http.StatusBadRequest, "rogue report: %v", err)
		return
	}
	// Counted before the journal is read and examined, and again with
	// the report kept (reports sent at once to several nodes).
	if !s.reportRoom(w, s.st.ReportRoom(r.Context(), account, reportsPerAccount)) {
		return
	}
	b, ok := s.readUpload(w, r, name)
	if !ok {
		return
	}
	rep := store.Report{Account: account, Name: name, Version: version, What: what, Journal: b}
	sum := sha256.Sum256(b)
	rep.SHA256 = hex.EncodeToString(sum[:])
	if s.checking(r, func() { rep.Verify, rep.Screen = s.examine(b, name) }) != nil {
		return
	}
	id, err := s.st.CreateReport(r.Context(), rep, reportsPerAccount)
	if !s.reportRoom(w, err) {
		return
	}
	writeJSON(w, ReportRow{ID: id, Account: account, Name: name, Version: version, What: what, Verify: rep.Verify})
}

// checking runs f in one of the slots for checks done while a client
// waits (a report's), so that a flood of them waits its turn.
func (s *Server) checking(r *http.Request, f func()) error {
	select {
	case s.checkSlot <- struct{}{}:
		defer func() { <-s.checkSlot }()
		f()
		return nil
	case <-r.Context().Done():
		return r.Context().Err()
	}
}

// examine is what the server finds of a report's journal: the line rogue
// verify prints of it ("" when it verifies), and its last screen as text
// (or why there is none).
func (s *Server) examine(b []byte, name string) (verify, screen string) {
	if _, err := fame.VerifyBytes(b, name, s.opts.Uploads.Limits); err != nil {
		verify = err.Error()
	}
	dir, err := os.MkdirTemp("", "rogue-report-")
	if err != nil {
		return verify, "(no screen: " + err.Error() + ")"
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, name)
	if strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		path = filepath.Join(dir, "report.rogue")
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return verify, "(no screen: " + err.Error() + ")"
	}
	f, err := replay.Open(path, content.Default())
	if err != nil {
		return verify, "(no screen: " + err.Error() + ")"
	}
	defer f.Close()
	fr, err := f.At(f.Total())
	if err != nil {
		return verify, "(no screen: " + err.Error() + ")"
	}
	return verify, replay.NewFrameScreen().Draw(fr).String()
}

// listReports is GET /api/reports[?before=ID]: the newest reports, 100
// at most, for a maintainer.
func (s *Server) listReports(w http.ResponseWriter, r *http.Request) {
	s.bounded(w, r)
	if _, role := s.role(r); !maintains(role) {
		say(w, http.StatusForbidden, "the reports are for the maintainers (an account of role maintainer: rogue host --grant NAME=maintainer)")
		return
	}
	before, _ := strconv.ParseInt(r.URL.Query().Get("before"), 10, 64)
	reps, err := s.st.Reports(r.Context(), before, 100)
	if err != nil {
		say(w, http.StatusInternalServerError, "the reports could not be listed: %v", err)
		return
	}
	rows := make([]ReportRow, 0, len(reps))
	for _, p := range reps {
		rows = append(rows, reportRow(p))
	}
	writeJSON(w, rows)
}

func reportRow(p store.Report) ReportRow {
	return ReportRow{ID: p.ID, Account: p.Account, Name: p.Name, Version: p.Version, What: p.What, Verify: p.Verify,
		SHA256: p.SHA256, Created: p.Created.UTC().Format(time.RFC3339)}
}

// showReport is GET /reports/ID (the report as text: what went wrong,
// the version, the verify line, the last screen, where to download it)
// and GET /reports/ID.rogue (its journal), for a maintainer.
func (s *Server) showReport(w http.ResponseWriter, r *http.Request) {
	s.bounded(w, r)
	file := r.PathValue("file")
	idText, journal := strings.CutSuffix(file, ".rogue")
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil {
		say(w, http.StatusNotFound, "no such report: a report is /reports/ID, its journal /reports/ID.rogue")
		return
	}
	if _, role := s.role(r); !maintains(role) {
		say(w, http.StatusForbidden, "the reports are for the maintainers (an account of role maintainer: rogue host --grant NAME=maintainer)")
		return
	}
	p, err := s.st.GetReport(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		say(w, http.StatusNotFound, "no report %d", id)
		return
	case err != nil:
		say(w, http.StatusInternalServerError, "report %d: %v", id, err)
		return
	}
	if journal {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=report-%d.rogue", id))
		w.Header().Set("Content-Length", strconv.Itoa(len(p.Journal)))
		w.Write(p.Journal)
		return
	}
	verify := p.Verify
	if verify == "" {
		verify = "the journal verifies: every turn re-simulates as recorded"
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, "report %d by %s, %s: %s (%d bytes, SHA-256 %s)\n", p.ID, p.Account, p.Created.UTC().Format("2006-01-02 15:04 UTC"), p.Name, len(p.Journal), p.SHA256)
	fmt.Fprintf(w, "what went wrong: %s\n", p.What)
	fmt.Fprintf(w, "version: %s\n", p.Version)
	fmt.Fprintf(w, "verify: %s\n", verify)
	fmt.Fprintf(w, "download: /reports/%d.rogue (rogue golden URL/reports/%d makes it a golden test)\n", p.ID, p.ID)
	fmt.Fprintf(w, "the last screen:\n%s", p.Screen)
}

// reportRoom answers a report over its account's limit, or one the
// store failed, in one line, and reports whether err is nil.
func (s *Server) reportRoom(w http.ResponseWriter, err error) bool {
	var rl *store.RateLimited
	switch {
	case errors.As(err, &rl):
		wait := time.Until(rl.Next)
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		say(w, http.StatusTooManyRequests, "rogue report: %d reports an hour at most for an account: the next one is taken from %s UTC (in %v)",
			rl.Max, rl.Next.UTC().Format("15:04:05"), wait.Round(time.Second))
		return false
	case err != nil:
		say(w, http.StatusInternalServerError, "the report could not be kept: %v", err)
		return false
	}
	return true
}
