package fame

import (
	"fmt"
	"io"
	"time"

	"rogue/events"
	"rogue/reducer"
)

// Entry is one finished game on a board. Check fills in what the
// journal proves; the server fills in ID, Account, Board and Build.
type Entry struct {
	// ID is the game's id in the store: the board's last tie-break.
	ID      int64  `json:"id"`
	Account string `json:"account"`
	// Outcome is the end worded as the game words it: "won", or "slain
	// by a Naga on depth 12".
	Outcome string `json:"outcome"`
	Won     bool   `json:"won"`
	// Cause is how the player died ("melee", "shot", "starvation",
	// "fireball"...; "" for a game won) and Killer the monster that
	// killed, if one did.
	Cause  string `json:"cause,omitempty"`
	Killer string `json:"killer,omitempty"`
	Turns  int    `json:"turns"` // the last turn's number, as the game counts them
	Depth  int    `json:"depth"` // the deepest depth reached
	Level  int    `json:"level"` // the character level at the end
	Rules  int    `json:"rules"`
	Seed   uint64 `json:"seed"`
	// Seeded says who chose the seed: the server (SeedServer), the
	// player (SeedPlayer, an offline game), or the day (SeedDay).
	Seeded  Seeded    `json:"seeded"`
	Day     string    `json:"day,omitempty"` // a daily game's UTC day, 2006-01-02
	Started time.Time `json:"started"`       // when the game began, as its header says (UTC)
	// TakenOver is a game begun as another's (play --from): its first
	// turns were that game's.
	TakenOver bool   `json:"taken_over,omitempty"`
	Build     string `json:"build"`  // the build that verified it
	Digest    string `json:"digest"` // the SHA-256 of the journal's bytes, in hex
}

// Seeded says who chose a game's seed.
type Seeded string

// Who chose the seed.
const (
	SeedServer Seeded = "server" // an online game: the server drew it and kept it until the end
	SeedPlayer Seeded = "player" // an offline game: the player's choice
	SeedDay    Seeded = "day"    // the daily challenge: the day's (DailySeed)
)

// Check is Verify for a journal that is to rank: it must also hold a
// whole game that is over (won or lost), not in wizard mode. The Entry
// is then v.Entry().
func Check(src io.Reader, name string, lim Limits) (*Verified, error) {
	v, err := Verify(src, name, lim)
	if err != nil {
		return nil, err
	}
	if ref := v.ranks(); ref != nil {
		return nil, ref
	}
	return v, nil
}

// ranks refuses a verified journal that cannot rank.
func (v *Verified) ranks() *Refusal {
	s := v.State
	switch {
	case v.Header.Options.Wizard:
		return submitLine(NotScored, v.Digest, "%s: a game in wizard mode (a recorded cheat: the player cannot die) is not scored", v.Name)
	case v.Torn != nil:
		return submitLine(Unfinished, v.Digest, "%s: not a whole journal: %v", v.Name, v.Torn)
	case s.Player() == nil:
		return submitLine(Unfinished, v.Digest, "%s: holds no game", v.Name)
	case !s.Over:
		return submitLine(Unfinished, v.Digest, "%s: the game is not over (turn %d on depth %d): only a game won or lost ranks", v.Name, s.TurnNumber(), s.Depth)
	}
	return nil
}

// Entry is what the journal proves of its game, for a board: the
// outcome, turns, depth, level, rules, seed and digest. ID, Account,
// Seeded, Day and Build are the caller's.
func (v *Verified) Entry() Entry {
	s := v.State
	e := Entry{Outcome: Outcome(s), Won: s.Won, Turns: s.TurnNumber(), Depth: s.Depth, Rules: v.Header.RulesVersion,
		Seed: v.Header.Seed, Started: v.Header.Created.UTC(), TakenOver: v.Header.Parent != nil, Digest: v.Digest}
	if p := s.Player(); p != nil {
		e.Level = p.Level
	}
	if s.Over && !s.Won {
		e.Cause = s.Death.Cause.String()
		if k := s.Get(s.Death.Killer); k != nil && s.Death.Killer != events.PlayerID {
			e.Killer = s.Content().Name(k.Kind)
		}
	}
	return e
}

// Abandoned is the entry of a game its player abandoned before it was
// over (a daily challenge, which ranks where it stopped): the outcome is
// "abandoned on depth N" and the cause "abandoned". A game that is over
// or in wizard mode is refused, as Check refuses it.
func (v *Verified) Abandoned() (Entry, error) {
	if ref := v.ranks(); ref == nil || ref.Why != Unfinished || v.State.Player() == nil {
		if ref == nil {
			ref = submitLine(NotScored, v.Digest, "%s: the game is over: it was not abandoned", v.Name)
		}
		return Entry{}, ref
	}
	e := v.Entry()
	e.Outcome, e.Cause = fmt.Sprintf("abandoned on depth %d", v.State.Depth), "abandoned"
	return e, nil
}

// Outcome words how a game ended as the game words it: "won", "slain
// by a Naga on depth 12", "starved to death on depth 3"; "alive on
// depth 4" for a game not over.
func Outcome(s *reducer.State) string {
	switch {
	case s.Won:
		return "won"
	case s.Over:
		return fmt.Sprintf("%s on depth %d", reducer.DeathCause(s), s.Depth)
	}
	return fmt.Sprintf("alive on depth %d", s.Depth)
}
