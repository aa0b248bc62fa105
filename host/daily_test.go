package host

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/fame"
	"rogue/online"
)

// noon is a day's middle, UTC, for the tests' clocks.
var noon = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)

func dialDaily(t *testing.T, base, tok string) *online.Conn {
	t.Helper()
	c, err := online.Dial(context.Background(), base, "/ws/play?daily=1", tok)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// abandon sends the abandon frame and returns the line that ends the
// game.
func abandon(t *testing.T, c *online.Conn) string {
	t.Helper()
	require.NoError(t, c.SendRaw(context.Background(), []byte{online.FrameAbandon}))
	return nextNote(t, c).Ended
}

func TestEveryAccountPlaysOneDailyGameADayOnTheSeedOfTheDay(t *testing.T) {
	t.Parallel()
	servedAt(t, noon, func(t *testing.T, base string, s *Server, c *clock) {
		ctx := context.Background()
		ada, bob := signUp(t, base, "ada"), signUp(t, base, "bob")
		a := dialDaily(t, base, ada)
		assert.Equal(t, "2026-12-02", a.Hello.Daily)
		secret, err := s.dailySecret(ctx)
		require.NoError(t, err)
		seed, err := fame.DailySeed(secret, "2026-12-02")
		require.NoError(t, err)
		assert.Equal(t, seed, journalSeed(t, s.st, a.Hello.Game))
		b := dialDaily(t, base, bob)
		assert.Equal(t, seed, journalSeed(t, s.st, b.Hello.Game), "one seed for everyone")
		again := dialDaily(t, base, ada)
		assert.Equal(t, a.Hello.Game, again.Hello.Game, "the unfinished daily game, again")
		plain, err := online.Dial(ctx, base, "/ws/play", ada)
		require.NoError(t, err)
		defer plain.Close()
		assert.NotEqual(t, a.Hello.Game, plain.Hello.Game, "plain play is another game")
		assert.Empty(t, plain.Hello.Daily)
		assert.NotEqual(t, seed, journalSeed(t, s.st, plain.Hello.Game))

		playSome(t, a, 3)
		again.Close()
		assert.Contains(t, abandon(t, a), fmt.Sprintf("Game %d, the daily challenge of 2026-12-02, ends here: you abandoned it. It is abandoned on depth 1 at turn", a.Hello.Game))
		_, err = online.Dial(ctx, base, "/ws/play?daily=1", ada)
		assert.EqualError(t, err, fmt.Sprintf("you have played today's daily challenge (2026-12-02, game %d: abandoned on depth 1): the next one begins at 00:00 UTC, in 12h0m0s", a.Hello.Game))

		c.add(24 * time.Hour)
		next := dialDaily(t, base, ada)
		assert.Equal(t, "2026-12-03", next.Hello.Daily)
		seed3, err := fame.DailySeed(secret, "2026-12-03")
		require.NoError(t, err)
		assert.Equal(t, seed3, journalSeed(t, s.st, next.Hello.Game))
	})
}

func TestTodaysDailyGamesAreClosedToAnAccountThatHasNotFinishedItsOwn(t *testing.T) {
	t.Parallel()
	servedAt(t, noon, func(t *testing.T, base string, s *Server, c *clock) {
		ctx := context.Background()
		ada, bob, cy := signUp(t, base, "ada"), signUp(t, base, "bob"), signUp(t, base, "cy")
		a := dialDaily(t, base, ada)
		id := a.Hello.Game
		watch := fmt.Sprintf("/ws/watch/%d", id)
		closed := func(who string) string {
			return fmt.Sprintf("game %d is of today's daily challenge: %s first (rogue play --online URL --daily); after 00:00 UTC, in 12h0m0s, everyone may watch it and download it", id, who)
		}
		_, err := online.Dial(ctx, base, watch, "")
		assert.EqualError(t, err, closed("sign in and finish your own"))
		_, err = online.Dial(ctx, base, watch, bob)
		assert.EqualError(t, err, closed("finish your own"), "bob has no daily game")
		b := dialDaily(t, base, bob)
		_, err = online.Dial(ctx, base, watch, bob)
		assert.EqualError(t, err, closed("finish your own"), "bob's is not finished")
		abandon(t, b)
		w, err := online.Dial(ctx, base, watch, bob)
		require.NoError(t, err, "bob has finished his")
		w.Close()

		// Once it is over, its journal likewise.
		abandon(t, a)
		journalURL := fmt.Sprintf("%s/games/%d.rogue", base, id)
		for _, tc := range []struct {
			who, token string
			status     int
		}{{"nobody", "", 403}, {"cy", cy, 403}, {"bob", bob, 200}, {"ada", ada, 200}} {
			status, body := get(t, journalURL, tc.token)
			assert.Equal(t, tc.status, status, tc.who)
			if status == 403 {
				assert.True(t, strings.HasPrefix(body, fmt.Sprintf("game %d is of today's daily challenge", id)) && strings.Count(body, "\n") == 1, body)
			}
		}
		// The day's board keeps the day's seed to itself until then.
		p := boardJSON(t, base+"/api/boards/daily")
		require.Len(t, p.Rows, 2)
		assert.Equal(t, []uint64{0, 0}, []uint64{p.Rows[0].Seed, p.Rows[1].Seed})
		assert.Equal(t, "daily/2026-12-02", p.Board)

		c.add(12 * time.Hour)
		status, _ := get(t, journalURL, "")
		assert.Equal(t, 200, status, "after the day, everything is open")
		secret, err := s.dailySecret(ctx)
		require.NoError(t, err)
		seed, err := fame.DailySeed(secret, "2026-12-02")
		require.NoError(t, err)
		p = boardJSON(t, base+"/api/boards/daily/2026-12-02")
		assert.Equal(t, []uint64{seed, seed}, []uint64{p.Rows[0].Seed, p.Rows[1].Seed})
	})
}

func TestADailyGameNotFinishedWhenItsDayEndsIsAbandonedWhereItStopped(t *testing.T) {
	t.Parallel()
	servedAt(t, noon, func(t *testing.T, base string, s *Server, c *clock) {
		ctx := context.Background()
		ada, bob := signUp(t, base, "ada"), signUp(t, base, "bob")
		a := dialDaily(t, base, ada)
		turns := a.Hello.Turns + playSome(t, a, 2)
		b := dialDaily(t, base, bob)
		bobGame := b.Hello.Game
		b.Close()
		c.add(12 * time.Hour)
		// Ada's next command ends her game: its day is over.
		require.NoError(t, a.Send(ctx, turns, &events.Wait{}))
		assert.Equal(t, fmt.Sprintf("Game %d, the daily challenge of 2026-12-02, ends here: its day is over. It is abandoned on depth 1 at turn %d, and ranks there.", a.Hello.Game, turns-1),
			nextNote(t, a).Ended)
		// Bob's, which nobody holds, the sweep ends.
		n, err := s.endPastDays(ctx, 10)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		g, err := s.st.Game(ctx, bobGame)
		require.NoError(t, err)
		assert.Equal(t, []any{false, "abandoned on depth 1"}, []any{g.Live, g.Outcome})
		n, err = s.endPastDays(ctx, 10)
		require.NoError(t, err)
		assert.Equal(t, 0, n, "nothing left")
		p := boardJSON(t, base+"/api/boards/daily/2026-12-02")
		var got []string
		for _, e := range p.Rows {
			got = append(got, e.Account+" "+e.Outcome)
		}
		assert.ElementsMatch(t, []string{"ada abandoned on depth 1", "bob abandoned on depth 1"}, got)
		w := boardJSON(t, base+"/api/boards/weekly/2026-W49")
		assert.Len(t, w.Rows, 2)
		assert.Len(t, boardJSON(t, base+"/api/boards/rules/3").Rows, 2)
	})
}

func TestOnlyADailyGameIsAbandoned(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		tok := signUp(t, base, "ada")
		c, err := online.Dial(context.Background(), base, "/ws/play", tok)
		require.NoError(t, err)
		defer c.Close()
		require.NoError(t, c.SendRaw(context.Background(), []byte{online.FrameAbandon}))
		assert.Equal(t, online.Note{Error: "only a daily challenge's game is abandoned: this one waits for you (Q leaves it)"}, nextNote(t, c))
		assert.Equal(t, 3, playSome(t, c, 3), "the game goes on")
	})
}

// The page asks GET /page/daily before it plays the daily game, to say
// in one line why not: no sign-in, or today's game played.
func TestThePageAsksHowItsAccountStandsWithTodaysChallenge(t *testing.T) {
	t.Parallel()
	servedAt(t, noon, func(t *testing.T, base string, s *Server, c *clock) {
		resp, body := pageRequest(t, "GET", base+"/page/daily", "", "", nil)
		assert.Equal(t, []any{http.StatusUnauthorized, "sign in to play the daily challenge: one game a day for each account"},
			[]any{resp.StatusCode, body})
		ada := signUp(t, base, "ada")
		cookie := &http.Cookie{Name: tokenCookie, Value: ada}
		_, body = pageRequest(t, "GET", base+"/page/daily", "", "", cookie)
		assert.Equal(t, `{"day":"2026-12-02","live":false}`, body, "not begun, and no game made")
		assert.Empty(t, games(t, base), "asking makes no game")

		a := dialDaily(t, base, ada)
		_, body = pageRequest(t, "GET", base+"/page/daily", "", "", cookie)
		assert.Equal(t, fmt.Sprintf(`{"day":"2026-12-02","game":%d,"live":true}`, a.Hello.Game), body)

		abandon(t, a)
		var got DailyAnswer
		_, body = pageRequest(t, "GET", base+"/page/daily", "", "", cookie)
		require.NoError(t, json.Unmarshal([]byte(body), &got), body)
		assert.Equal(t, DailyAnswer{Day: "2026-12-02", Game: a.Hello.Game,
			Played: fmt.Sprintf("you have played today's daily challenge (2026-12-02, game %d: abandoned on depth 1): the next one begins at 00:00 UTC, in 12h0m0s", a.Hello.Game)}, got)

		c.add(12 * time.Hour)
		_, body = pageRequest(t, "GET", base+"/page/daily", "", "", cookie)
		assert.Equal(t, `{"day":"2026-12-03","live":false}`, body, "a new day, a new game")
	})
}
