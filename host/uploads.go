package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"rogue/events"
	"rogue/fame"
	"rogue/internal/buildinfo"
	"rogue/journal"
	"rogue/online"
	"rogue/reducer"
	"rogue/store"
)

// Uploads are the bounds on journals sent to the server: offline games
// to list (POST /api/uploads) and bug reports (POST /api/reports).
type Uploads struct {
	// Limits bound one journal's check: its size, its turns and the
	// steps re-simulating it takes (the job's CPU budget).
	Limits fame.Limits
	// PerAccount uploads of an account in Window at most (0: the default).
	PerAccount int
	Window     time.Duration
	// Workers is how many jobs of the queue this node does at once (0: 1).
	Workers int
}

// The default bounds on uploads.
const (
	// DefaultPerAccount uploads an hour: a player who uploads every game
	// they finish does not reach it (a game takes minutes), and a script
	// cannot make the workers spend more than 30 checks, about 60
	// CPU-seconds at the budget's worst, an hour per account.
	DefaultPerAccount = 30
	DefaultWindow     = time.Hour
	// jobLease is how long a worker holds a job before another may take
	// it: 30 times the most one check costs (fame's budget, about 2
	// CPU-seconds), so that only a killed worker's job lapses.
	jobLease = time.Minute
	// idlePoll is how often an idle worker asks the queue, for the jobs
	// queued by other nodes (this node's wake it at once).
	idlePoll = 500 * time.Millisecond
	// uploadRead bounds reading an upload's body (at most 4 MiB).
	uploadRead = time.Minute
	// waitMost is the longest GET /api/uploads/ID?wait=1 waits.
	waitMost = 20 * time.Second
)

func (u Uploads) withDefaults() Uploads {
	if u.Limits == (fame.Limits{}) {
		u.Limits = fame.DefaultLimits()
	}
	if u.PerAccount == 0 {
		u.PerAccount = DefaultPerAccount
	}
	if u.Window == 0 {
		u.Window = DefaultWindow
	}
	if u.Workers == 0 {
		u.Workers = 1
	}
	return u
}

// UploadAnswer is the answer to POST /api/uploads and GET
// /api/uploads/ID (online.UploadAnswer, which its clients read).
type UploadAnswer = online.UploadAnswer

func (s *Server) routeUploads() {
	s.mux.HandleFunc("POST /api/uploads", s.upload)
	s.mux.HandleFunc("GET /api/uploads/{id}", s.uploadState)
	s.mux.HandleFunc("POST /api/reports", s.report)
	s.mux.HandleFunc("GET /api/reports", s.listReports)
	s.mux.HandleFunc("GET /reports/{file}", s.showReport)
}

// readUpload reads the body of an upload as fame.Verify would: at most
// the size cap and one byte. A body that says it is longer is refused
// unread. The refusal is one line, fame's.
func (s *Server) readUpload(w http.ResponseWriter, r *http.Request, name string) ([]byte, bool) {
	lim := s.opts.Uploads.Limits
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(uploadRead))
	if r.ContentLength > lim.MaxBytes {
		say(w, http.StatusRequestEntityTooLarge, "%s", fame.OverSize(name, lim).Line)
		return nil, false
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, lim.MaxBytes+1))
	if err != nil {
		say(w, http.StatusBadRequest, "rogue submit: %s: the upload broke off: %v", fame.CleanName(name), err)
		return nil, false
	}
	if int64(len(b)) > lim.MaxBytes {
		say(w, http.StatusRequestEntityTooLarge, "%s", fame.OverSize(name, lim).Line)
		return nil, false
	}
	return b, true
}

// upload is POST /api/uploads?name=FILE: an offline game's journal,
// queued for a worker to re-simulate before it is listed.
func (s *Server) upload(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	account := s.account(r)
	if account == "" {
		say(w, http.StatusUnauthorized, "sign in first: rogue login URL NAME")
		return
	}
	b, ok := s.readUpload(w, r, name)
	if !ok {
		return
	}
	sum := sha256.Sum256(b)
	u := s.opts.Uploads
	id, err := s.st.QueueUpload(r.Context(), store.Upload{Account: account, Name: name, SHA256: hex.EncodeToString(sum[:]),
		Journal: b, Max: u.PerAccount, Window: u.Window})
	var dup *store.Duplicate
	var rl *store.RateLimited
	switch {
	case errors.As(err, &dup):
		say(w, http.StatusConflict, "%s", duplicateLine(fame.CleanName(name), account, dup))
		return
	case errors.As(err, &rl):
		wait := time.Until(rl.Next)
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		say(w, http.StatusTooManyRequests, "rogue submit: %s: %d uploads in %v at most for an account: the next one is taken from %s UTC (in %v)",
			fame.CleanName(name), rl.Max, rl.Window, rl.Next.UTC().Format("15:04:05"), wait.Round(time.Second))
		return
	case err != nil:
		say(w, http.StatusInternalServerError, "the upload could not be queued: %v", err)
		return
	}
	s.wakeWorkers()
	w.WriteHeader(http.StatusAccepted)
	writeJSON(w, UploadAnswer{Upload: id, State: store.Queued})
}

// duplicateLine words a journal sent again: whose it is, and where.
func duplicateLine(name, account string, d *store.Duplicate) string {
	switch {
	case d.Game != 0 && d.Account == account:
		return fmt.Sprintf("rogue submit: %s: you sent this journal already (the same SHA-256): it is game %d", name, d.Game)
	case d.Game != 0:
		return fmt.Sprintf("rogue submit: %s: this journal (the same SHA-256) is game %d, sent or played by %s first: a game ranks once, for whoever sent it first", name, d.Game, d.Account)
	case d.Account == account:
		return fmt.Sprintf("rogue submit: %s: you sent this journal already (the same SHA-256): it is upload %d, being checked", name, d.Job)
	}
	return fmt.Sprintf("rogue submit: %s: this journal (the same SHA-256) is being checked already, sent by %s first: a game ranks once, for whoever sent it first", name, d.Account)
}

// uploadState is GET /api/uploads/ID[?wait=1]: where the upload is,
// waiting (up to 20 s with wait=1) for its check to end.
func (s *Server) uploadState(w http.ResponseWriter, r *http.Request) {
	account := s.account(r)
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if account == "" || err != nil {
		say(w, http.StatusNotFound, "no such upload of yours")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), waitMost)
	defer cancel()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		j, err := s.st.GetJob(ctx, id)
		if err == nil && (j.Kind != store.JobUpload || j.Account != account) {
			err = store.ErrNotFound
		}
		switch {
		case errors.Is(err, store.ErrNotFound):
			say(w, http.StatusNotFound, "no such upload of yours")
			return
		case err != nil && ctx.Err() == nil:
			say(w, http.StatusInternalServerError, "upload %d: %v", id, err)
			return
		}
		if err != nil || j.State == store.Done || r.URL.Query().Get("wait") != "1" {
			writeJSON(w, UploadAnswer{Upload: id, State: j.State, Listed: j.Result == "listed", Game: j.Game, Line: j.Line})
			return
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
		}
	}
}

// Work runs the node's workers on the queue until ctx ends: each takes
// a job, does it, and takes the next; an idle one asks again every
// idlePoll, or at once when this node queues a job. The function it
// returns waits for them all to stop once ctx has ended.
func (s *Server) Work(ctx context.Context) (wait func()) {
	var wg sync.WaitGroup
	for i := range s.opts.Uploads.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.worker(ctx, fmt.Sprintf("%s/%d", s.opts.Node, i))
		}()
	}
	return wg.Wait
}

func (s *Server) wakeWorkers() {
	for range s.opts.Uploads.Workers {
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
}

func (s *Server) worker(ctx context.Context, name string) {
	t := time.NewTimer(idlePoll)
	defer t.Stop()
	for ctx.Err() == nil {
		j, err := s.st.Take(ctx, name, jobLease)
		if err == nil {
			if err := s.doJob(ctx, j); err != nil && ctx.Err() == nil {
				s.opts.Log("job %d (%s of %s): %v", j.ID, j.Kind, j.Name, err)
			}
			continue
		}
		if !errors.Is(err, store.ErrNotFound) && ctx.Err() == nil {
			s.opts.Log("the queue: %v", err)
		}
		t.Reset(idlePoll)
		select {
		case <-ctx.Done():
		case <-s.wake:
		case <-t.C:
		}
	}
}

// doJob does one job of the queue: an upload checked and listed or
// refused, or a stored journal re-verified.
func (s *Server) doJob(ctx context.Context, j store.Job) error {
	build := buildinfo.Build()
	lim := s.opts.Uploads.Limits
	if j.Kind == store.JobReverify {
		b, err := s.st.Journal(ctx, j.Game)
		if err != nil {
			return s.st.Finish(ctx, j, string(fame.Unverified), fmt.Sprintf("%s: the journal could not be read from the store: %v", j.Name, err), build)
		}
		_, err = fame.VerifyBytes(b, j.Name, lim)
		result, line := "verified", ""
		if err != nil {
			result, line = whyOf(err), err.Error()
		}
		return s.st.Finish(ctx, j, result, line, build)
	}
	v, err := fame.Check(bytes.NewReader(j.Journal), j.Name, lim)
	if err != nil {
		return s.st.Finish(ctx, j, whyOf(err), err.Error(), build)
	}
	l, err := listing(j.Journal, v)
	if err != nil {
		return s.st.Finish(ctx, j, string(fame.NotJournal), err.Error(), build)
	}
	l.Build = build
	e := v.Entry()
	_, err = s.st.List(ctx, j, l, func(game int64, err error) string {
		var dup *store.Duplicate
		var same *store.SameGame
		switch {
		case err == nil:
			return fmt.Sprintf("rogue submit: %s: verified by %s and listed as game %d on the offline board of rules %d: %s, turn %d, depth %d, level %d",
				v.Name, build, game, e.Rules, e.Outcome, e.Turns, e.Depth, e.Level)
		case errors.As(err, &dup):
			return duplicateLine(v.Name, j.Account, dup)
		case errors.As(err, &same) && same.Account == j.Account:
			return fmt.Sprintf("rogue submit: %s: the game of this journal is your game %d already (the same seed and start): a game ranks once", v.Name, same.Game)
		case errors.As(err, &same):
			return fmt.Sprintf("rogue submit: %s: the game of this journal is game %d, %s's (the same seed and start): a game ranks once, for whoever sent it first", v.Name, same.Game, same.Account)
		}
		return err.Error()
	})
	var dup *store.Duplicate
	var same *store.SameGame
	if errors.As(err, &dup) || errors.As(err, &same) {
		return nil // refused, and said so in the job's line
	}
	if err == nil {
		// On its board now, not at the sweep's next pass.
		if _, err := s.rankFinished(ctx, 10); err != nil && ctx.Err() == nil {
			s.opts.Log("ranking uploaded games: %v", err)
		}
	}
	return err
}

// whyOf is the kind of a check's refusal.
func whyOf(err error) string {
	var ref *fame.Refusal
	if errors.As(err, &ref) {
		return string(ref.Why)
	}
	return string(fame.Unverified)
}

// split reads the journal b, whose reader r has read its header, into
// its header record and each turn's record, as the store keeps a game.
func split(b []byte, r *journal.Reader) (store.Listing, error) {
	l := store.Listing{Header: b[:r.End()], Rules: r.Header().RulesVersion}
	var t events.Turn
	for {
		err := r.Next(&t)
		if errors.Is(err, io.EOF) {
			return l, nil
		}
		if err != nil {
			return store.Listing{}, err
		}
		l.Records = append(l.Records, b[r.Offset():r.End()])
	}
}

// listing splits a verified journal into its header record and each
// turn's record, as the store keeps a game.
func listing(b []byte, v *fame.Verified) (store.Listing, error) {
	r, err := journal.NewReader(bytes.NewReader(b), int64(len(b)), v.Name)
	if err != nil {
		return store.Listing{}, err
	}
	l, err := split(b, r)
	if err != nil {
		return store.Listing{}, err
	}
	st := v.State
	l.Turns, l.Depth, l.Digest = len(l.Records), st.Depth, st.Digest()
	l.Outcome = "won"
	if !st.Won {
		l.Outcome = "died: " + reducer.DeathCause(st)
	}
	return l, nil
}
