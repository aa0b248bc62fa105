package view

import (
	"rogue/auto"
	"rogue/events"
)

// Multi-turn actions (rest, explore, travel, run): a key starts an
// auto.Job; the play loop then asks NextCommand after every turn and
// plays what it gets exactly as a key's command, until it gets nil. Any
// key press stops the job (the loop calls StopJob).

// startJob starts a job of kind k, or says why it cannot.
func (m *Model) startJob(k auto.Kind, dir events.Dir) {
	j, why := auto.Start(k, dir, m.State, &m.seen)
	if j == nil {
		m.Say(why)
		return
	}
	j.Pickup = !m.noPickup // on unless A turned it off
	m.job = j
}

// Working reports whether a multi-turn action is under way.
func (m *Model) Working() bool { return m.job != nil }

// NextCommand is the next command of the action under way, or nil when
// there is none or it just stopped (it then says why).
func (m *Model) NextCommand() events.Command {
	if m.job == nil || m.State == nil {
		return nil
	}
	if m.Mode() != ModePlay {
		m.StopJob("")
		return nil
	}
	cmd, why := m.job.Next(m.State)
	if cmd == nil {
		m.StopJob(why)
	}
	return cmd
}

// StopJob ends the action under way, if any, saying why (unless why is
// ""). The play loop calls it when a key is pressed or a step is refused.
func (m *Model) StopJob(why string) {
	if m.job == nil {
		return
	}
	m.job = nil
	m.Say(why)
}

// TakeJob hands the action a key just started to the caller, which runs
// it elsewhere (online, the server runs it and streams its turns),
// leaving none under way here; nil when none was started.
func (m *Model) TakeJob() *auto.Job {
	j := m.job
	m.job = nil
	return j
}
