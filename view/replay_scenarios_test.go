package view

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// replayScenario is one line of testdata/replay_scenarios.txt.
type replayScenario struct {
	name, journal string
	w, h          int
	keys          []Key
}

var namedKeys = map[string]Key{
	"space": Rune(' '), "Enter": Named(KeyEnter), "Esc": Named(KeyEsc), "Home": Named(KeyHome),
	"End": Named(KeyEnd), "Left": Named(KeyLeft), "Right": Named(KeyRight), "Backspace": Named(KeyBackspace),
	"Ctrl-P": Named(KeyCtrlP),
}

func readReplayScenarios(t *testing.T) []replayScenario {
	b, err := os.ReadFile(filepath.Join("testdata", "replay_scenarios.txt"))
	require.NoError(t, err)
	var out []replayScenario
	for i, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		require.GreaterOrEqual(t, len(f), 3, "replay_scenarios.txt:%d: name, journal, size and keys", i+1)
		sc := replayScenario{name: f[0], journal: f[1]}
		_, err := fmt.Sscanf(f[2], "%dx%d", &sc.w, &sc.h)
		require.NoError(t, err, "replay_scenarios.txt:%d: size %q", i+1, f[2])
		for _, word := range f[3:] {
			if k, ok := namedKeys[word]; ok {
				sc.keys = append(sc.keys, k)
				continue
			}
			for _, r := range word {
				sc.keys = append(sc.keys, Rune(r))
			}
		}
		out = append(out, sc)
	}
	return out
}

// foldedJournal gives the frames of a journal the plainest way there is:
// folding it from turn 0 for every frame. It is the reference the real
// replay's seeking is compared with.
type foldedJournal struct {
	path  string
	total int
}

func openFolded(t testing.TB, name string) *foldedJournal {
	j := &foldedJournal{path: filepath.Join("..", "golden", "testdata", name+".rogue")}
	f, err := j.at(t, journal.MaxTurns)
	require.NoError(t, err)
	j.total = f.State.Turn
	return j
}

// at is the frame after turn turns: the state, the last 50 log lines (of
// at most the last 4096 turns) and the HP after every turn.
func (j *foldedJournal) at(t testing.TB, turn int) (ReplayFrame, error) {
	r, err := journal.Open(j.path)
	require.NoError(t, err)
	defer r.Close()
	h := r.Header()
	s := reducer.New(h.Seed, game.FoldTables(h, content.Default()))
	s.Wizard = h.Options.Wizard
	var f ReplayFrame
	var tr events.Turn
	for s.Turn < turn {
		err := r.Next(&tr)
		var tail *journal.Tail
		if errors.Is(err, io.EOF) || errors.As(err, &tail) {
			break
		}
		require.NoError(t, err)
		msgs, err := s.ApplyTurnMessages(&tr)
		require.NoError(t, err)
		for _, m := range msgs {
			f.Log = append(f.Log, ReplayLine{Turn: s.Turn, Text: m})
		}
		f.HP = append(f.HP, s.Player().HP)
	}
	for len(f.Log) > 0 && f.Log[0].Turn <= s.Turn-4096 {
		f.Log = f.Log[1:]
	}
	f.Log = f.Log[max(0, len(f.Log)-50):]
	if !s.Over {
		f.HP = nil
	}
	f.State = s
	return f, nil
}

// history is every log line up to a turn, from a plain fold.
func (j *foldedJournal) history(t testing.TB) func(int) ([]ReplayLine, error) {
	return func(turn int) ([]ReplayLine, error) {
		var all []ReplayLine
		j.fold(t, turn, func(s *reducer.State, msgs []string) {
			for _, m := range msgs {
				all = append(all, ReplayLine{Turn: s.Turn, Text: m})
			}
		})
		return all, nil
	}
}

// depths are the turns whose state is on a new depth, from a plain fold.
func (j *foldedJournal) depths(t testing.TB) func() ([]int, error) {
	return func() ([]int, error) {
		var out []int
		depth := 0
		j.fold(t, journal.MaxTurns, func(s *reducer.State, _ []string) {
			if s.Depth != depth {
				out, depth = append(out, s.Turn), s.Depth
			}
		})
		return out, nil
	}
}

// fold folds the journal to turn, calling each after every turn.
func (j *foldedJournal) fold(t testing.TB, turn int, each func(*reducer.State, []string)) {
	r, err := journal.Open(j.path)
	require.NoError(t, err)
	defer r.Close()
	h := r.Header()
	s := reducer.New(h.Seed, game.FoldTables(h, content.Default()))
	s.Wizard = h.Options.Wizard
	var tr events.Turn
	for s.Turn < turn {
		err := r.Next(&tr)
		var tail *journal.Tail
		if errors.Is(err, io.EOF) || errors.As(err, &tail) {
			return
		}
		require.NoError(t, err)
		msgs, err := s.ApplyTurnMessages(&tr)
		require.NoError(t, err)
		each(s, msgs)
	}
}

// Every replay scenario, drawn from plain folds, matches its golden.
func TestReplayScenariosMatchTheirGoldens(t *testing.T) {
	t.Parallel()
	for _, sc := range readReplayScenarios(t) {
		t.Run(sc.name, func(t *testing.T) {
			j := openFolded(t, sc.journal)
			v := NewReplayView(NewReplayControl(j.total, 1, false))
			v.History, v.Depths = j.history(t), j.depths(t)
			v.Resize(sc.w, sc.h)
			show := func(turn int) {
				f, err := j.at(t, turn)
				require.NoError(t, err)
				v.Show(f)
			}
			show(1)
			for _, k := range sc.keys {
				switch a := v.HandleKey(k); a.Do {
				case ReplaySeek:
					show(a.Turn)
				case ReplayQuit:
					t.Fatalf("%v quit the replay", k)
				}
			}
			c := NewTextCanvas(sc.w, sc.h)
			DrawReplay(c, v)
			checkGolden(t, sc.name, c.String())
		})
	}
}
