package play

import (
	"fmt"
	"strings"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// summaryPath is where the summary (the morgue) of the game over in the
// journal at path goes: beside it, "<name>-death.txt", or
// "<name>-won.txt" for a game won.
func summaryPath(path string, won bool) string {
	if won {
		return strings.TrimSuffix(path, JournalExt) + "-won.txt"
	}
	return strings.TrimSuffix(path, JournalExt) + "-death.txt"
}

// writeDeathSummary writes the morgue of the game that just ended next to
// its journal, atomically, folded from the journal (MorgueFile); failing
// to is a message, not the end of the world (the journal holds the whole
// game, and rogue dump --morgue words it again).
func (p *player) writeDeathSummary() {
	ss := p.sess
	text, _, err := MorgueFile(ss.path, p.version)
	if err != nil {
		p.m.Say(fmt.Sprintf("the death summary could not be written: %v", err))
		return
	}
	path := summaryPath(ss.path, ss.g.State.Won)
	if err := journal.WriteFileAtomic(path, []byte(text)); err != nil {
		p.m.Say(fmt.Sprintf("the death summary could not be written: %v", err))
		return
	}
	p.m.SummaryPath = p.words.summaryWhere(path)
}

// completeHP gives the model the player's HP after every turn of the game,
// for the game over chart and the death summary. A continued game's
// session knows only the turns played since it began: the turns before
// are folded from the journal now, once (resuming did not fold them). If
// the journal cannot give them, the chart shows the session's turns and
// the log says so.
func (p *player) completeHP() {
	ss := p.sess
	if ss.hpFrom == 0 {
		return
	}
	before, err := hpHistory(ss.path, ss.hpFrom)
	if err != nil {
		p.m.Say(fmt.Sprintf("the HP chart shows only the turns from turn %d on: %v", ss.hpFrom, err))
		return
	}
	ss.hpFrom = 0
	p.m.SetHP(append(before, p.m.HP()...))
}

// hpHistory is the player's HP after each of the first turns turns of the
// journal at path, folded from its start.
func hpHistory(path string, turns int) ([]int, error) {
	r, err := journal.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	r.ReuseFacts()
	var hp game.HPSeries
	s, _, err := game.Fold(r, content.Default(), turns, func(s *reducer.State, _ *events.Turn) error {
		if pl := s.Player(); pl != nil {
			hp.Add(pl.HP)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if s.Turn != turns {
		return nil, fmt.Errorf("%s ends at turn %d", path, s.TurnNumber())
	}
	return hp.Values(), nil
}
