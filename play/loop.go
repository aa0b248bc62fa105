package play

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/auto"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/replay"
	"rogue/view"
)

// player runs the screen: it draws the model, turns keys into intents,
// plays commands through the game (journal first, then the fold) and
// opens, continues and closes games.
type player struct {
	screen tcell.Screen
	canvas *view.Screen
	m      *view.Model
	dir    string
	seed   uint64 // the seed of a new game from the menu; 0 for random
	now    func() time.Time
	// version is the build's version line, the death summary's first.
	version string
	words   Words // how it words its files (Options.Words)

	sess    *session    // the game being played; nil on the main menu
	jobs    auto.Runner // the multi-turn action under way, and what it has seen
	keepPal bool        // Options.KeepPalette
	mice    view.MouseReader
	// pause is how long each step of a walk stays on the screen
	// (stepPause; none in tests).
	pause time.Duration
	// noMouse leaves the terminal's mouse to the terminal (--no-mouse).
	noMouse bool
	cont    *session // the unfinished game the menu offers, locked
	torn    string   // the note of a torn tail cut on opening a game left for a new one
	// fromMenu is whether rogue opened on the main menu: a game over
	// then leaves for the menu, not the shell.
	fromMenu bool
	// ended are the lines of the games closed so far, printed at exit
	// (see endSession).
	ended []string
}

// loop draws and handles events until the player quits.
func (p *player) loop() error {
	w, h := p.screen.Size()
	p.m.Resize(w, h)
	for {
		p.canvas.Draw(p.m)
		switch ev := p.screen.PollEvent().(type) {
		case nil, *tcell.EventInterrupt:
			return nil // the screen was closed, or a signal asks to quit
		case *tcell.EventResize:
			p.m.Resize(ev.Size())
			p.screen.Sync()
		case *tcell.EventKey:
			for _, k := range view.Keys(ev) {
				quit, err := p.handle(p.m.HandleKey(k))
				if quit || err != nil {
					return err
				}
			}
			p.work()
		case *tcell.EventMouse:
			ms, ok := p.mice.Read(ev)
			if !ok {
				break
			}
			quit, err := p.handle(p.m.HandleMouse(ms))
			if quit || err != nil {
				return err
			}
			p.work()
		}
	}
}

// handle acts on an intent; it reports whether to quit.
func (p *player) handle(in view.Intent) (bool, error) {
	switch {
	case in.Quit && p.fromMenu && p.sess != nil && p.sess.g.State.Over:
		return false, p.backToMenu()
	case in.Quit:
		return true, nil
	case in.Suspend:
		p.suspend()
	case in.Redraw:
		p.screen.Sync()
	case in.Menu == view.MenuNewGame:
		return false, p.newGame()
	case in.Menu == view.MenuContinue && p.cont != nil:
		p.begin(p.cont)
		p.cont = nil
	case in.Menu == view.MenuPalette:
		p.keepPalette()
	case in.Menu == view.MenuScores:
		p.showScores()
	case in.Menu == view.MenuReplay:
		if err := p.replay(in.Journal); err != nil {
			p.m.ShowPage("Replay of "+baseName(in.Journal), append(journalSummary(in.Journal), "", err.Error()))
		}
	case in.Job != nil:
		p.start(*in.Job)
	case in.Command != nil:
		p.play(in.Command)
	}
	return false, nil
}

// backToMenu closes the game that has ended and shows the main menu
// again, as rogue opened on it: the game's line is printed at exit.
func (p *player) backToMenu() error {
	err := p.endSession()
	p.sess = nil
	if err != nil {
		return err
	}
	p.m.SummaryPath = ""
	menu, err := p.mainMenu()
	if err != nil {
		return err
	}
	p.m.ShowMainMenu(menu)
	return nil
}

// newGame starts a new game in a new journal, letting go of the
// unfinished one (it stays there to continue another time).
func (p *player) newGame() error {
	if p.cont != nil {
		p.words.word(p.cont)
		p.torn = p.cont.torn
		p.cont.close()
		p.cont = nil
	}
	seed := p.seed
	if seed == 0 {
		seed = randomSeed()
	}
	f, path, err := createJournal(p.dir, seed, p.now())
	if err != nil {
		return err
	}
	ss, err := newSession(path, f)
	if err != nil {
		return err
	}
	p.begin(ss)
	return nil
}

// begin shows session ss.
func (p *player) begin(ss *session) {
	p.words.word(ss)
	p.sess = ss
	p.jobs.Forget()
	p.m.Begin(ss.g.State, ss.hp, ss.recent)
	if upTo := ss.g.State.Turn - recentTurns; upTo > 0 {
		p.m.SetEarlier(earlierMessages(ss.path, upTo))
	}
	if ss.torn != "" {
		p.m.ShowNotice("A crash cut this game's last turn short", []string{ss.torn,
			"Nothing else was changed: the journal followed by that file is the journal as it was."})
	}
}

// play plays one command. The game appends the turn to the journal before
// folding it; a refusal is only a message; a failure to save stops the
// game for good (nothing more is played unsaved). It reports whether a
// turn was played.
func (p *player) play(cmd events.Command) bool {
	ss := p.sess
	if ss == nil || ss.broken != nil {
		return false
	}
	played, err := ss.do(cmd)
	var refusal *reducer.Refusal
	switch {
	case errors.As(err, &refusal):
		p.m.Refused(cmd, refusal.Reason)
		return false
	case err != nil:
		ss.broken = err
		p.m.SaveFailed(err)
		return false
	default:
		p.jobs.Watch(ss.g.State)
		p.m.AddTurn(&played)
		if note := ss.snapshotNote(); note != "" {
			p.m.Say(note)
		}
		if ss.g.State.Over {
			p.completeHP()
			p.writeDeathSummary()
		}
	}
	return true
}

// finish closes the journals and says, in one line, where the game was
// saved.
func (p *player) finish() (string, error) {
	torn := p.torn // a torn tail cut on opening, said again at exit
	if p.cont != nil {
		p.words.word(p.cont)
		torn = p.cont.torn
		p.cont.close()
		p.cont = nil
	}
	var err error
	if p.sess != nil {
		err = p.endSession()
	}
	var lines []string
	for _, l := range append([]string{torn}, p.ended...) {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n"), err
}

// endSession closes the game being played (p.sess) and keeps what is
// printed of it at exit: the note of a torn tail cut on opening it, and
// where it was saved.
func (p *player) endSession() error {
	ss := p.sess
	line, err := p.closeSession(ss)
	p.ended = append(p.ended, ss.torn, line)
	return err
}

// closeSession closes the game's journal and says where it was saved.
func (p *player) closeSession(ss *session) (string, error) {
	s := ss.g.State
	cerr := ss.close()
	if ss.broken != nil {
		return "", fail(1, "the game stopped unsaved at turn %d: %v; %s keeps every turn before it, and rogue continues from there", s.Turn, ss.broken, ss.path)
	}
	if cerr != nil {
		return "", fail(1, "closing %s: %v", ss.path, cerr)
	}
	if p.words.Saved != nil {
		return p.words.Saved(ss.path, s), nil
	}
	line := fmt.Sprintf("saved turn %d to %s (digest %s)", s.TurnNumber(), ss.path, s.Digest())
	if s.Won {
		line += "; you won"
		if p.m.SummaryPath != "" {
			line += ", the summary is in " + p.m.SummaryPath
		}
	} else if s.Over {
		line += fmt.Sprintf("; you died: %s", reducer.DeathCause(s))
		if p.m.SummaryPath != "" {
			line += ", the summary is in " + p.m.SummaryPath
		}
	}
	return line, nil
}

// journalSummary is what replay --headless says of a journal, as lines.
func journalSummary(path string) []string {
	r, err := journal.Open(path)
	if err != nil {
		return []string{err.Error()}
	}
	defer r.Close()
	s, tail, err := game.Fold(r, content.Default(), -1, nil)
	if err != nil {
		return []string{err.Error()}
	}
	var b bytes.Buffer
	PrintSummary(&b, path, r.Header(), s, -1)
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if tail != nil {
		lines = append(lines, "", "note: "+tail.Error())
	}
	return lines
}

// replay plays a journal back on the player's screen (read-only: a replay
// never writes), then comes back to the menu's list of journals.
func (p *player) replay(path string) error {
	f, err := replay.Open(path, content.Default())
	if err != nil {
		return err
	}
	defer f.Close()
	if f.Total() == 0 {
		return fmt.Errorf("%s holds no turns: there is nothing to replay", baseName(path))
	}
	c := view.NewReplayControl(f.Total(), 1, false)
	if d := f.Damage(); d != nil {
		c.Warning = fmt.Sprintf("DAMAGED after turn %d", f.Total()-1)
	}
	r := replay.NewReplayer(f, c, replay.RealClock{})
	var taken *session
	r.TakeOver = func(turn int) error {
		ss, err := takeOver(p.dir, path, turn, p.now())
		taken = ss
		return err
	}
	if err := r.Show(c.Turn()); err != nil {
		return err
	}
	err = r.Run(p.screen, p.canvas)
	p.screen.Sync()
	if taken != nil {
		// The new game is played now; the unfinished one stays there to
		// continue another time.
		if p.cont != nil {
			p.words.word(p.cont)
			p.torn = p.cont.torn
			p.cont.close()
			p.cont = nil
		}
		p.begin(taken)
	}
	return err
}
