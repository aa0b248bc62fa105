package host

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"time"

	"rogue/fame"
	"rogue/game"
	"rogue/journal"
	"rogue/online"
	"rogue/store"
)

// The daily challenge: one game a day per account, on the seed of the
// UTC day (fame.DailySeed under the server's secret, kept in the
// database and made by the first node that needs it). While the day
// lasts, its games are shown and their journals served only to an
// account that has finished its own; when it ends, its games still live
// are abandoned, and everything is open.

// dailySecretName is the secret's name in the store.
const dailySecretName = "daily seed"

// dailySecret is the daily seed's secret: 32 random bytes, made once.
func (s *Server) dailySecret(ctx context.Context) ([]byte, error) {
	s.hof.mu.Lock()
	defer s.hof.mu.Unlock()
	if s.hof.secret != nil {
		return s.hof.secret, nil
	}
	b, err := s.st.Secret(ctx, dailySecretName, func() []byte {
		b := make([]byte, fame.MinSecret)
		rand.Read(b)
		return b
	})
	if err != nil {
		return nil, fmt.Errorf("the daily seed's secret: %w", err)
	}
	s.hof.secret = b
	return b, nil
}

// today is the UTC day now, 2006-01-02.
func (s *Server) today() string { return fame.Day(s.hof.now()) }

// untilTomorrow says how long until the next day's challenge.
func (s *Server) untilTomorrow() string {
	now := s.hof.now().UTC()
	next := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.UTC)
	return next.Sub(now).Truncate(time.Minute).String()
}

// dailyGame is name's game of today's challenge: the unfinished one,
// or a new one on the day's seed; an account that has played today's
// is refused in one line.
func (s *Server) dailyGame(ctx context.Context, name string) (int64, error) {
	day := s.today()
	for range 2 {
		g, err := s.st.DailyGame(ctx, name, day)
		switch {
		case err == nil && g.Live:
			return g.ID, nil
		case err == nil:
			return 0, errors.New(s.playedDaily(day, g))
		case !errors.Is(err, store.ErrNotFound):
			return 0, err
		}
		secret, err := s.dailySecret(ctx)
		if err != nil {
			return 0, err
		}
		seed, err := fame.DailySeed(secret, day)
		if err != nil {
			return 0, err
		}
		mem, err := journal.NewMemory(game.NewHeader(max(seed, 1), name, journal.Options{}))
		if err != nil {
			return 0, err
		}
		id, err := s.st.CreateDailyGame(ctx, name, mem.Bytes(), mem.Header().RulesVersion, day)
		if !errors.Is(err, store.ErrExists) {
			return id, err
		}
		// Another connection of the same account made it just now.
	}
	return 0, errors.New("today's daily game could not be made: try again")
}

// playedDaily is the line that says an account played day's challenge
// (its game g, over), and when the next one begins.
func (s *Server) playedDaily(day string, g store.Game) string {
	return fmt.Sprintf("you have played today's daily challenge (%s, game %d: %s): the next one begins at 00:00 UTC, in %s",
		day, g.ID, g.Outcome, s.untilTomorrow())
}

// DailyAnswer is GET /page/daily's answer: how the account the cookie
// signs in stands with today's challenge.
type DailyAnswer struct {
	Day string `json:"day"` // today, UTC: 2006-01-02
	// Game is the account's game of today's challenge, once begun (0
	// before).
	Game int64 `json:"game,omitempty"`
	// Live is a game begun and not over: playing the daily game goes on
	// with it.
	Live bool `json:"live"`
	// Played, for a game over, is the line that says so and when the
	// next challenge begins ("" while the account may play).
	Played string `json:"played,omitempty"`
}

// pageDaily is GET /page/daily: what the page's "Daily game" does (it
// plays /page/ws/play?daily=1), asked first so that the page can say in
// one line why not. It makes no game; 401 with one line without a
// sign-in.
func (s *Server) pageDaily(w http.ResponseWriter, r *http.Request) {
	s.bounded(w, r)
	w.Header().Set("Cache-Control", "no-store")
	if c, err := r.Cookie(tokenCookie); err == nil {
		r.Header.Set("Authorization", "Bearer "+c.Value)
	}
	name := s.account(r)
	if name == "" {
		say(w, http.StatusUnauthorized, "sign in to play the daily challenge: one game a day for each account")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), storeTimeout)
	defer cancel()
	day := s.today()
	a := DailyAnswer{Day: day}
	g, err := s.st.DailyGame(ctx, name, day)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		say(w, http.StatusInternalServerError, "today's daily challenge: %v", err)
		return
	default:
		a.Game, a.Live = g.ID, g.Live
		if !g.Live {
			a.Played = s.playedDaily(day, g)
		}
	}
	writeJSON(w, a)
}

// closedDaily is the line that refuses the request's account game id
// (to watch, or its journal) while it is a game of today's challenge
// and the account has not finished its own; "" when it may.
func (s *Server) closedDaily(ctx context.Context, r *http.Request, g store.Game) (string, error) {
	day, err := s.st.GameDay(ctx, g.ID)
	if err != nil || day == "" || day != s.today() {
		return "", err
	}
	name := s.account(r)
	if name == g.Player {
		return "", nil
	}
	if name != "" {
		done, err := s.st.FinishedDaily(ctx, name, day)
		if err != nil || done {
			return "", err
		}
	}
	who := "finish your own"
	if name == "" {
		who = "sign in and finish your own"
	}
	return fmt.Sprintf("game %d is of today's daily challenge: %s first (rogue play --online URL --daily); after 00:00 UTC, in %s, everyone may watch it and download it",
		g.ID, who, s.untilTomorrow()), nil
}

// abandon ends the daily game lg holds where it stopped: it ranks there
// ("abandoned on depth 4"), and takes no more turns. why is the
// reason's words ("you abandoned it", "its day is over"). Everyone
// following it is told, and let go. The game's lock is held.
func (lg *liveGame) abandon(ctx context.Context, why string) (*online.Note, error) {
	if lg.gone {
		return &online.Note{Error: "the game moved: reconnect"}, nil
	}
	if lg.day == "" {
		return &online.Note{Error: "only a daily challenge's game is abandoned: this one waits for you (Q leaves it)"}, nil
	}
	st := lg.g.State
	outcome := "abandoned before it began"
	var rows []store.BoardRow
	if st.Player() != nil {
		e, err := lg.liveEntry(true)
		if err != nil {
			return nil, err
		}
		if rows, err = boardRowsOf(e); err != nil {
			return nil, err
		}
		outcome = e.Outcome
	}
	cctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	err := lg.s.st.Abandon(cctx, lg.id, lg.mem.Turns(), outcome, rows)
	if err != nil {
		lg.letGo()
		return nil, fmt.Errorf("game %d could not be abandoned: %w", lg.id, err)
	}
	n := online.Note{Ended: fmt.Sprintf("Game %d, the daily challenge of %s, ends here: %s. It is %s at turn %d, and ranks there.",
		lg.id, lg.day, why, outcome, st.TurnNumber())}
	frame := online.JSONFrame(online.FrameNote, n)
	for sub := range lg.subs {
		sub.send(frame)
	}
	lg.letGo()
	return &n, nil
}

// dayOver reports whether lg is a daily game whose day has ended.
func (lg *liveGame) dayOver() bool { return lg.day != "" && lg.day < lg.s.today() }

// endPastDays abandons the live games of daily challenges of days that
// are over, at most limit of them; it returns how many. A game another
// node holds is claimed from it: its day is over, and so is the game.
func (s *Server) endPastDays(ctx context.Context, limit int) (int, error) {
	ids, err := s.st.LiveDailiesBefore(ctx, s.today(), limit)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		lg, err := s.liveGame(ctx, id)
		if err != nil {
			return n, err
		}
		lg.mu.Lock()
		if !lg.held && !lg.hold() {
			// Held by no node, or gone meanwhile: the next pass sees.
			lg.mu.Unlock()
			continue
		}
		_, err = lg.abandon(ctx, "its day is over")
		lg.mu.Unlock()
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// sweepEvery is how often the server looks for days that ended and
// games to rank.
const sweepEvery = time.Minute

// sweep makes the daily secret, then ends past days' games and ranks
// finished games without their rows, now and every sweepEvery, until
// ctx ends; each pass is bounded.
func (s *Server) sweep(ctx context.Context) {
	if _, err := s.dailySecret(ctx); err != nil {
		s.opts.Log("%v", err)
	}
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		if _, err := s.endPastDays(ctx, 100); err != nil && ctx.Err() == nil {
			s.opts.Log("ending past days' games: %v", err)
		}
		if _, err := s.rankFinished(ctx, 100); err != nil && ctx.Err() == nil {
			s.opts.Log("ranking finished games: %v", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// abandon is the player's abandon frame. Once the game has ended, the
// connection is let go when its last frames (the line that says so)
// are written.
func (p *playerConn) abandon(ctx context.Context) {
	p.lg.mu.Lock()
	defer p.lg.mu.Unlock()
	note, err := p.lg.abandon(ctx, "you abandoned it")
	if err != nil {
		p.lg.s.opts.Log("game %d: %v", p.lg.id, err)
		return
	}
	if note.Ended == "" {
		p.sub.send(online.JSONFrame(online.FrameNote, *note))
	}
}

// orNothing is err, or nothing to print when it is nil.
func orNothing(err error) any {
	if err == nil {
		return ""
	}
	return err
}
