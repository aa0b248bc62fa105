package online

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"rogue/bot"
	"rogue/events"
)

// Bots is what built-in players playing on a server came to.
type Bots struct {
	Games, Over, Turns int
	// Latencies are the times from sending each command to its turn
	// coming back, sorted.
	Latencies []time.Duration
}

// Percentile is the latency below which fraction p of them lie.
func (b Bots) Percentile(p float64) time.Duration {
	if len(b.Latencies) == 0 {
		return 0
	}
	return b.Latencies[min(len(b.Latencies)-1, int(p*float64(len(b.Latencies))))]
}

// PlayBots plays games new games at once on the server at base, signed
// in with token, each with the strong built-in player at pace turns a
// second (0: as fast as the server answers), until each is over or has
// played turns turns, or ctx ends. ready, if not nil, is called once
// every game is connected.
func PlayBots(ctx context.Context, base, token string, games int, pace float64, turns int, ready func()) (Bots, error) {
	var mu sync.Mutex
	var out Bots
	var first error
	var connected sync.WaitGroup
	connected.Add(games)
	var wg sync.WaitGroup
	for range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			over, lat, err := playBot(ctx, base, token, pace, turns, connected.Done)
			mu.Lock()
			defer mu.Unlock()
			out.Games++
			out.Turns += len(lat)
			out.Latencies = append(out.Latencies, lat...)
			if over {
				out.Over++
			}
			if err != nil && first == nil && ctx.Err() == nil {
				first = err
			}
		}()
	}
	if ready != nil {
		go func() { connected.Wait(); ready() }()
	}
	wg.Wait()
	slices.Sort(out.Latencies)
	return out, first
}

// playBot plays one game; connected is called once, when it is connected
// or could not be.
func playBot(ctx context.Context, base, token string, pace float64, turns int, connected func()) (over bool, lat []time.Duration, err error) {
	c, err := Dial(ctx, base, "/ws/play?new=1", token)
	connected()
	if err != nil {
		return false, nil, err
	}
	defer c.Close()
	s, err := c.State()
	if err != nil {
		return false, nil, err
	}
	var tick <-chan time.Time
	if pace > 0 {
		t := time.NewTicker(time.Duration(float64(time.Second) / pace))
		defer t.Stop()
		tick = t.C
	}
	refused := false
	for turn := c.Hello.Turns; !s.Over && len(lat) < turns; {
		if tick != nil && !refused {
			select {
			case <-tick:
			case <-ctx.Done():
				return false, lat, nil
			}
		}
		cmd := bot.Choose(s)
		if refused {
			cmd = &events.Wait{} // as the bot does offline
		}
		sent := time.Now()
		if err := c.Send(ctx, turn, cmd); err != nil {
			return false, lat, err
		}
		for answered := false; !answered; {
			m, err := c.Next(ctx)
			if err != nil {
				return false, lat, err
			}
			switch {
			case m.Turn != nil:
				lat = append(lat, time.Since(sent))
				if err := s.ApplyTurn(m.Turn); err != nil {
					return false, lat, err
				}
				turn, refused, answered = turn+1, false, true
			case m.Note.Refused != "" && !refused:
				refused, answered = true, true
			case m.Note.Watchers == nil:
				return false, lat, fmt.Errorf("game %d, turn %d: the server said %+v", c.Hello.Game, turn, m.Note)
			}
		}
	}
	if ctx.Err() != nil && !s.Over {
		return false, lat, nil
	}
	return s.Over, lat, nil
}
