package play

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

// The hall of fame is derived from the journals in the data folder, never
// kept in a file of its own: each journal is read at a bounded cost, from
// its newest snapshot (see maxResumeBytes), as the menu's Continue reads
// an unfinished one.

// DefaultTop is how many games rogue scores and the menu's page rank.
const DefaultTop = 10

// maxScored is how many journals, the most recently played first, the
// hall of fame reads: the rest are counted, not read, so that a folder of
// thousands of bot games cannot stall the menu.
const maxScored = 500

// readScore reads the score of the journal at path: the state at its end,
// folded from its newest snapshot. A journal that is damaged, holds no
// game, or lies further than maxResumeBytes past its newest snapshot is
// an error saying so (it is not ranked).
func readScore(path string) (view.Score, error) {
	info, err := os.Stat(path)
	if err != nil {
		return view.Score{}, err
	}
	from, _ := journal.NewestSnapshotOffset(path)
	if past := info.Size() - from; past > maxResumeBytes {
		return view.Score{}, fmt.Errorf("%d bytes past its newest snapshot, more than the %d read to rank a game: rogue dump --morgue %s words it", past, maxResumeBytes, path)
	}
	k, err := game.OpenSeeker(path, content.Default())
	if err != nil {
		return view.Score{}, err
	}
	defer k.Close()
	s, tail, err := k.StateAt(-1)
	if err != nil {
		return view.Score{}, err
	}
	if tail != nil && !tail.Torn {
		return view.Score{}, Damaged(path, tail)
	}
	p := s.Player()
	if p == nil {
		return view.Score{}, fmt.Errorf("holds no game")
	}
	h := k.Header()
	end := "alive"
	switch {
	case s.Won:
		end = "won"
	case s.Over:
		end = reducer.DeathCause(s)
	}
	return view.Score{Journal: filepath.Base(path), Created: h.Created, Seed: h.Seed, Rules: h.RulesVersion,
		Depth: s.Depth, Level: p.Level, Turn: s.TurnNumber(), Over: s.Over, Won: s.Won, End: end, TakenOver: h.Parent != nil}, nil
}

// Scores is the hall of fame of the journals in dir: the best top games
// (view.BestFirst), the journals that could not be read (a line each,
// never the end of the list), and how many games were ranked in all.
func Scores(dir string, top int) (best []view.Score, unranked []view.Unranked, ranked int, err error) {
	journals, err := listJournals(dir)
	if err != nil {
		return nil, nil, 0, err
	}
	older := len(journals) - maxScored
	if older > 0 {
		journals = journals[:maxScored]
	}
	defer func() {
		if older > 0 {
			unranked = append(unranked, view.Unranked{Journal: fmt.Sprintf("%d older journals", older), Why: fmt.Sprintf("not read: the hall of fame reads the %d most recently played", maxScored)})
		}
	}()
	var all []view.Score
	for _, path := range journals {
		s, err := readScore(path)
		if err != nil {
			unranked = append(unranked, view.Unranked{Journal: filepath.Base(path), Why: err.Error()})
			continue
		}
		all = append(all, s)
	}
	slices.SortFunc(all, view.BestFirst)
	slices.SortFunc(unranked, func(a, b view.Unranked) int { return strings.Compare(a.Journal, b.Journal) })
	return all[:min(top, len(all))], unranked, len(all), nil
}

// PrintScores is rogue scores: the hall of fame of the journals in dir
// (the data folder when dir is ""), the top best, as text.
func PrintScores(dir string, top int, stdout io.Writer) error {
	var err error
	if dir == "" {
		if dir, err = DataDir(); err != nil {
			return err
		}
	} else if info, err := os.Stat(dir); err != nil {
		return fail(1, "%v", err)
	} else if !info.IsDir() {
		return usageError("%s is not a folder: name the folder of journals to rank", dir)
	}
	best, unranked, ranked, err := Scores(dir, top)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Hall of fame of %s\n\n", dir)
	for _, l := range view.ScoreLines(best, unranked, ranked) {
		fmt.Fprintln(stdout, l)
	}
	return nil
}

// showScores shows the hall of fame of the data folder on the menu's page;
// a folder that cannot be listed is the page's one line.
func (p *player) showScores() {
	best, unranked, ranked, err := Scores(p.dir, DefaultTop)
	if err != nil {
		p.m.ShowScores([]string{err.Error()})
		return
	}
	p.m.ShowScores(view.ScoreLines(best, unranked, ranked))
}

// ScoresCommand is `rogue scores [--top N] [DIR]` once its flags are
// read: at most one folder, and top at least 1.
func ScoresCommand(pos []string, top int, stdout io.Writer) error {
	if top < 1 {
		return usageError("--top must be a number of games (1 or more), got %d", top)
	}
	if len(pos) > 1 {
		return usageError("one folder at a time, got %d", len(pos))
	}
	return PrintScores(strings.Join(pos, ""), top, stdout)
}
