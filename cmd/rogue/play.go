package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/view"
)

// runPlay is `rogue play` and plain `rogue`: play in the terminal.
//
//	rogue play                  the main menu (continue the unfinished game, or a new one)
//	rogue play --new [--seed N] a new game in the data folder
//	rogue play --journal FILE   continue FILE, or start a new game in it
func runPlay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("play")
	fresh := fs.Bool("new", false, "start a new game instead of showing the menu")
	seed := fs.Uint64("seed", 0, "the new game's seed (implies --new; default: random)")
	path := fs.String("journal", "", "the journal to continue, or to start a new game in when it does not exist")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q (a journal goes after --journal)", pos[0])
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	if seedSet && *seed == 0 {
		return usageError("--seed must be at least 1")
	}
	p := &player{seed: *seed, now: time.Now}
	var menu view.MainMenu
	if *path == "" {
		if p.dir, err = dataDir(); err != nil {
			return err
		}
	}
	switch {
	case *path != "":
		ss, err := journalSession(*path, *fresh || seedSet, *seed)
		if err != nil {
			return err
		}
		p.sess = ss
	case *fresh || seedSet:
		s := *seed
		if s == 0 {
			s = randomSeed()
		}
		f, jpath, err := createJournal(p.dir, s, p.now())
		if err != nil {
			return err
		}
		if p.sess, err = newSession(jpath, f); err != nil {
			return err
		}
	default:
		journals, err := listJournals(p.dir)
		if err != nil {
			return err
		}
		if p.cont = continueSession(journals); p.cont != nil {
			menu.Continue = p.cont.describe()
		}
		menu.Journals = journals
	}
	p.m = view.NewModel(menu)
	if p.sess != nil {
		p.begin(p.sess)
	}
	if err := p.onScreen(); err != nil {
		p.finish()
		return err
	}
	line, err := p.finish()
	if line != "" {
		fmt.Fprintln(stdout, line)
	}
	return err
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

// onScreen runs the loop on the terminal (see onTerminal: restored on
// every exit; a hang-up or a kill quits as Q does, closing the journal).
func (p *player) onScreen() error {
	return onTerminal(func(screen tcell.Screen) error {
		p.screen = screen
		p.canvas = view.NewScreen(screen, os.Getenv("NO_COLOR") != "")
		return p.loop()
	})
}

func baseName(path string) string { return filepath.Base(path) }
