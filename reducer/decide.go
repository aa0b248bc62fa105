package reducer

import (
	"fmt"

	"rogue/events"
	"rogue/reducer/dice"
	"rogue/reducer/fov"
)

// Refusal is a command the rules turn down (walking into a wall, drinking
// at full health): nothing is journaled and no time passes. Reason is the
// message for the player.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return r.Reason }

func refuse(format string, args ...any) *Refusal {
	return &Refusal{Reason: fmt.Sprintf(format, args...)}
}

// Decide applies the rules to a command in state s and returns the turn to
// journal: the command, the facts, and how many random numbers were drawn.
// s is not changed; fold the turn with ApplyTurn. A *Refusal error means
// the command is turned down and nothing happens; any other error is a bug
// in the rules.
func Decide(s *State, cmd events.Command) (events.Turn, error) {
	return DecideWith(s, cmd, dice.New(s.Seed, s.Draws))
}

// DecideWith is Decide drawing chance from rng instead of the state's own
// stream: tests use it with a dice.Script of fixed rolls. The turn's Draws
// is how many numbers rng gave.
func DecideWith(s *State, cmd events.Command, rng dice.Roller) (events.Turn, error) {
	d := &decider{w: s.workingCopy(), rng: rng, turn: s.Turn}
	defer s.release(d.w)
	start := rng.Position()
	if err := d.command(cmd); err != nil {
		return events.Turn{}, err
	}
	if d.err != nil {
		return events.Turn{}, fmt.Errorf("rules made a fact that does not apply: %w", d.err)
	}
	d.w.decision = decision{made: true, from: s.applied, facts: d.facts}
	return events.Turn{Command: cmd, Draws: rng.Position() - start, Facts: d.facts}, nil
}

// decider is one turn being decided: a working copy of the state that each
// fact is applied to as soon as it is decided, so later rules see it.
type decider struct {
	w     *State
	rng   dice.Roller
	turn  int
	facts []events.Fact
	err   error
	// occupied is chase's scratch: the tiles actors stand on.
	occupied []bool
	// passable is chase's question to the path finder, when the state
	// indexes where actors stand.
	passable func(events.Pos) bool
	// from is where the player stood when the turn began, and fromView
	// the field of view from there, once a monster searching asks (see
	// search).
	from     events.Pos
	fromView *fov.Set
}

func (d *decider) emit(f events.Fact) {
	if d.err != nil {
		return
	}
	if err := d.w.Apply(f); err != nil {
		d.err = fmt.Errorf("%s: %w", events.FactName(f.Code()), err)
		return
	}
	d.facts = append(d.facts, f)
}

func (d *decider) player() *Entity { return d.w.Player() }

func (d *decider) command(cmd events.Command) error {
	w := d.w
	if _, ok := cmd.(*events.Begin); ok {
		if w.Turn != 0 || w.Player() != nil {
			return refuse("the game has begun already")
		}
		d.begin()
		return nil
	}
	if w.Player() == nil {
		return refuse("the game has not begun")
	}
	if w.Over {
		return refuse("the game is over")
	}
	if c, ok := cmd.(*events.ChooseAttribute); ok {
		return d.chooseAttribute(c.Attribute)
	}
	if w.LevelUpPending() {
		return refuse("choose an attribute to raise first")
	}
	d.from = w.Player().Pos
	var err error
	monstersAct := true
	switch c := cmd.(type) {
	case *events.Move:
		err = d.move(c.Dir)
	case *events.Wait:
		d.rest()
	case *events.PickUp:
		err = d.pickUp()
	case *events.Drop:
		err = d.drop(c.Item)
	case *events.Use:
		err = d.use(c)
	case *events.Remove:
		err = d.remove(c.Item)
	case *events.Descend:
		err = d.descend()
		monstersAct = false
	default:
		return refuse("unknown command")
	}
	if err != nil {
		return err
	}
	if monstersAct && !w.Over {
		d.monstersAct()
	}
	if !w.Over {
		d.hunger()
	}
	return nil
}
