// Package forge is for tests: it makes journals a forger would send,
// whole and checksummed, so that only re-simulation can tell them from
// honest ones (a win spliced into the last turn, a header of other
// rules).
package forge

import (
	"bytes"
	"errors"
	"io"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Rewrite is the journal b with its header changed by header and its
// last turn's facts replaced by what last returns (given the state
// before that turn; nil keeps them), every record framed and chained
// anew.
func Rewrite(b []byte, header func(*journal.Header), last func(*reducer.State) []events.Fact) ([]byte, error) {
	r, err := journal.NewBytesReader(b)
	if err != nil {
		return nil, err
	}
	var turns []events.Turn
	for {
		var turn events.Turn
		err := r.Next(&turn)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		turns = append(turns, turn)
	}
	h := r.Header()
	header(&h)
	m, err := journal.NewMemory(h)
	if err != nil {
		return nil, err
	}
	s := reducer.New(h.Seed, game.FoldTables(h, content.Default()))
	for i := range turns {
		if i == len(turns)-1 && last != nil {
			turns[i].Facts = last(s)
		}
		if err := m.Append(&turns[i]); err != nil {
			return nil, err
		}
		if err := s.ApplyTurn(&turns[i]); err != nil {
			return nil, err
		}
	}
	return bytes.Clone(m.Bytes()), nil
}

// Wins is a last turn of a win: the player, holding the first item of
// the backpack, has won.
func Wins(s *reducer.State) []events.Fact {
	return []events.Fact{&events.Won{Actor: events.PlayerID, Item: s.Backpack(events.PlayerID)[0].ID}}
}
