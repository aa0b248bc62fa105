package view

import (
	"rogue/auto"
	"rogue/events"
)

// jobs runs the jobs a model's intents order, as the play loop does: the
// model only says what the player asked.
type jobs struct {
	auto.Runner
	m *Model
}

// take starts the job in orders, if any, or says why it cannot.
func (j *jobs) take(in Intent) Intent {
	if in.Job != nil {
		if why := j.Start(*in.Job, j.m.State); why != "" {
			j.m.Say(why)
		}
	}
	return in
}

// next is the job's next command, or nil once it stopped (it then says
// why).
func (j *jobs) next() events.Command {
	cmd, why := j.Next(j.m.State)
	if cmd == nil {
		j.m.Say(why)
	}
	return cmd
}

// stop ends the job under way, saying why.
func (j *jobs) stop(why string) {
	if j.Working() {
		j.Stop()
		j.m.Say(why)
	}
}
