package play

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/view"
)

// Options are what rogue play was asked for.
type Options struct {
	Journal string // the journal to continue, or to start a new game in; "" for the data folder
	New     bool   // start a new game instead of showing the menu
	Seed    uint64 // the new game's seed; 0 for random
	// From is a journal to take over at turn Turn: a new game in the
	// data folder goes on from there (From is only read).
	From    string
	Turn    int
	Now     func() time.Time
	Version string // the build's version line, heading the death summary
	// OnTerminal runs the loop on a terminal screen and restores the
	// terminal after, however the loop ends.
	OnTerminal func(run func(tcell.Screen) error) error
	// Follow makes Replay follow the journal as another process writes
	// it (rogue replay --follow).
	Follow bool
	// Words words what play says of its files otherwise than a
	// terminal does (see Words); the zero Words keeps the terminal's.
	Words Words
	// NoMouse leaves the mouse to the terminal (rogue play --no-mouse):
	// its clicks and moves are not asked for, so selecting text works as
	// without rogue.
	NoMouse bool
	// Palette names the colors to draw in (rogue play --palette, the
	// page's setting; "": $ROGUE_PALETTE, else the settings file's, see
	// internal/settings, else the default); the main menu's p changes
	// them while the program runs.
	Palette string
	// KeepPalette has the main menu's p keep its choice in the settings
	// file, for the next runs (the terminal's; the page keeps its own).
	KeepPalette bool
}

// Run plays: it continues the journal named, starts a new game, or shows
// the main menu (continue the unfinished game, or a new one), and returns
// the lines to print once the terminal is restored, wrapped at ExitWidth
// columns (see wrapExit).
func Run(o Options) (string, error) {
	pal, note, err := o.palette()
	if err != nil {
		return "", err
	}

	p := &player{seed: o.Seed, now: o.Now, version: o.Version, words: o.Words, noMouse: o.NoMouse, pause: stepPause, keepPal: o.KeepPalette}
	var menu view.MainMenu
	if o.Journal == "" {
		if p.dir, err = DataDir(); err != nil {
			return "", err
		}
	}
	switch {
	case o.From != "":
		if p.sess, err = takeOver(p.dir, o.From, o.Turn, p.now()); err != nil {
			return "", err
		}
	case o.Journal != "":
		ss, err := journalSession(o.Journal, o.New, o.Seed)
		if err != nil {
			return "", err
		}
		p.sess = ss
	case o.New:
		s := o.Seed
		if s == 0 {
			s = randomSeed()
		}
		f, jpath, err := createJournal(p.dir, s, p.now())
		if err != nil {
			return "", err
		}
		if p.sess, err = newSession(jpath, f); err != nil {
			return "", err
		}
	default:
		if menu, err = p.mainMenu(); err != nil {
			return "", err
		}
		p.fromMenu = true
	}
	p.m = view.NewModel(menu)
	p.m.Palette = pal
	p.m.Say(note)
	if p.sess != nil {
		p.begin(p.sess)
	}
	if err := p.onScreen(o.OnTerminal); err != nil {
		p.finish()
		return "", err
	}
	line, err := p.finish()
	return wrapExit(line), err
}

// mainMenu reads the data folder for the main menu: its journals, and
// the unfinished game to continue, which it opens (p.cont).
func (p *player) mainMenu() (view.MainMenu, error) {
	var menu view.MainMenu
	journals, err := listJournals(p.dir)
	if err != nil {
		return menu, err
	}
	p.cont, menu.Notes = continueSession(journals)
	if p.cont != nil {
		menu.Continue = p.cont.describe()
	}
	menu.Journals = journals
	menu.Describe = describeJournals()
	return menu, nil
}

// describeJournals says, for the menu's list of journals, what each game
// came to: its depth, its last turn and how it ended, read as the hall of
// fame reads it (readScore: at a bounded cost, from its newest snapshot),
// once per journal; "damaged" for a journal damaged before its end.
func describeJournals() func(path string) string {
	known := map[string]string{}
	return func(path string) string {
		if d, ok := known[path]; ok {
			return d
		}
		d := describeJournal(path)
		known[path] = d
		return d
	}
}

func describeJournal(path string) string {
	s, err := readScore(path)
	var coded interface{ ExitCode() int }
	switch {
	case errors.As(err, &coded) && coded.ExitCode() == exitDamaged:
		return "damaged: rogue salvage recovers its turns"
	case err != nil:
		return "not read: " + err.Error()
	}
	return fmt.Sprintf("depth %d, turn %d, %s", s.Depth, s.Turn, s.End)
}

// journalSession continues the journal at path, or starts a new game in
// it when there is none there.
func journalSession(path string, fresh bool, seed uint64) (*session, error) {
	_, err := os.Stat(path)
	switch {
	case err == nil && fresh:
		return nil, usageError("%s exists already: a journal is never overwritten (leave out --new to continue it)", path)
	case err == nil:
		return openSession(path)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fail(1, "%s: %v", path, err)
	}
	if seed == 0 {
		seed = randomSeed()
	}
	f, err := journalCreate(path, seed)
	if err != nil {
		return nil, err
	}
	return newSession(path, f)
}

// onScreen runs the loop on the terminal (see Options.OnTerminal:
// restored on every exit; a hang-up or a kill quits as Q does, closing
// the journal).
func (p *player) onScreen(onTerminal func(run func(tcell.Screen) error) error) error {
	return onTerminal(func(screen tcell.Screen) error {
		p.screen = screen
		p.canvas = view.NewScreen(screen, os.Getenv("NO_COLOR") != "")
		p.canvas.SetPalette(p.m.Palette)
		if !p.noMouse {
			screen.EnableMouse(tcell.MouseMotionEvents)
		}
		return p.loop()
	})
}

func baseName(path string) string { return filepath.Base(path) }
