package auto

import (
	"rogue/events"
	"rogue/reducer"
)

// Order is a job the player asks for (a key, a click): what the screen
// says, and what a Runner starts. The zero Order rests.
type Order struct {
	Kind Kind
	Dir  events.Dir // Run's direction
	Goal events.Pos // Go's tile
	// Pickup has explore pick up the potions and scrolls it stands on.
	Pickup bool
}

// Runner runs the jobs one player orders, one at a time, and keeps what
// the player has seen from one job to the next (Memory). It needs no
// screen: a terminal's loop, a browser tab and a server each hold one per
// game, ask Next after every turn and play the command it gives as they
// play a key's. The zero Runner runs nothing and knows nothing.
type Runner struct {
	job *Job
	mem Memory
}

// Start begins the job o orders on s, replacing the one under way; it
// returns why it cannot ("" when it started).
func (r *Runner) Start(o Order, s *reducer.State) string {
	r.job = nil
	var j *Job
	var why string
	if o.Kind == Go {
		j, why = StartGo(o.Goal, s, &r.mem)
	} else {
		j, why = Start(o.Kind, o.Dir, s, &r.mem)
	}
	if j == nil {
		return why
	}
	j.Pickup = o.Pickup
	r.job = j
	return ""
}

// Working reports whether a job is under way.
func (r *Runner) Working() bool { return r.job != nil }

// Next is the next command of the job under way on s (the state after its
// last turn), or nil and why it stopped ("" to say nothing); it is done
// then. With no job it is nil and "".
func (r *Runner) Next(s *reducer.State) (events.Command, string) {
	if r.job == nil || s == nil {
		return nil, ""
	}
	cmd, why := r.job.Next(s)
	if cmd == nil {
		r.job = nil
	}
	return cmd, why
}

// Watch records what a turn played showed the player (Memory.Watch):
// the program calls it after every turn, a job's or a key's.
func (r *Runner) Watch(s *reducer.State) {
	if s != nil {
		r.mem.Watch(s)
	}
}

// Stop ends the job under way, if any.
func (r *Runner) Stop() { r.job = nil }

// Forget stops the job and forgets what was seen: another game begins.
func (r *Runner) Forget() { *r = Runner{} }
