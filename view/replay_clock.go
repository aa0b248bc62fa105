package view

import "time"

// Playing a replay: the control is timed from an anchor, the turn shown
// at an instant, so that late ticks catch up instead of slowing the
// replay down. The program's loop calls Tick whenever it wakes and sleeps
// for Wait (or until a key).

// Tick moves a playing replay to the turn due at now: a seek, or nothing
// when no turn is due yet. It pauses at the last turn. As fast as the
// terminal draws, every tick is one turn.
func (c *ReplayControl) Tick(now time.Time) ReplayAction {
	if c.paused {
		return ReplayAction{}
	}
	if c.turn >= c.last {
		c.pause()
		return ReplayAction{Do: ReplayRedraw}
	}
	perSecond := replaySpeeds[c.speed]
	if perSecond == 0 {
		return c.seek(c.turn + 1)
	}
	if !c.anchored {
		c.anchored, c.anchor, c.anchorTurn = true, now, c.turn
		return ReplayAction{}
	}
	due := c.anchorTurn + int(now.Sub(c.anchor)*time.Duration(perSecond)/time.Second)
	if due <= c.turn {
		return ReplayAction{}
	}
	if a := c.seek(due); a.Do == ReplaySeek {
		// seek dropped the anchor; playing goes on from it.
		c.anchored = true
		return a
	}
	return ReplayAction{}
}

// Wait is how long after now the next Tick has something to do; negative
// when nothing is due until a key is pressed (paused).
func (c *ReplayControl) Wait(now time.Time) time.Duration {
	if c.paused {
		return -1
	}
	perSecond := replaySpeeds[c.speed]
	if perSecond == 0 || !c.anchored || c.turn >= c.last {
		return 0
	}
	next := c.anchor.Add(time.Duration(c.turn+1-c.anchorTurn) * time.Second / time.Duration(perSecond))
	return max(0, next.Sub(now))
}
