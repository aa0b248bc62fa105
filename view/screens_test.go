package view

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"rogue/reducer"
)

// Every screen, drawn from a known state at 80x24, at 120x40 and at a
// phone's 50x24, compared
// with testdata/<screen>_<w>x<h>.golden.
func TestEveryScreenMatchesItsGolden(t *testing.T) {
	t.Parallel()
	keys := func(p *played, t *testing.T, ks ...Key) *Model {
		for _, k := range ks {
			p.key(t, k)
		}
		return p.m
	}
	cases := []struct {
		name  string
		model func(t *testing.T) *Model
	}{
		{"main_menu", func(t *testing.T) *Model { return NewModel(theMenu()) }},
		{"main_menu_keys", func(t *testing.T) *Model {
			m := NewModel(theMenu())
			m.HandleKey(Rune('?'))
			return m
		}},
		{"main_menu_first_game", func(t *testing.T) *Model { return NewModel(MainMenu{}) }},
		{"main_menu_new_game_asks", func(t *testing.T) *Model {
			m := NewModel(theMenu())
			m.HandleKey(Rune('n'))
			return m
		}},
		{"journals", func(t *testing.T) *Model {
			m := NewModel(theMenu())
			m.HandleKey(Rune('r'))
			m.HandleKey(Named(KeyDown))
			return m
		}},
		{"page", func(t *testing.T) *Model {
			m := NewModel(theMenu())
			m.HandleKey(Rune('r'))
			m.ShowPage("Replay of 2026-11-23_0842_seed-4.rogue", []string{
				"journal:  /home/ann/.local/share/rogue/2026-11-23_0842_seed-4.rogue",
				"turn:     57", "depth:    2", "status:   alive", "digest:   0123456789abcdef",
			})
			return m
		}},
		{"hall_of_fame", func(t *testing.T) *Model {
			m := NewModel(theMenu())
			m.HandleKey(Rune('h'))
			best := theScores()
			slices.SortFunc(best, BestFirst)
			m.ShowScores(ScoreLines(best, []Unranked{{"2026-11-19_2200_seed-8.rogue", "journal 2026-11-19_2200_seed-8.rogue: turn 208 at byte 1997: damaged journal: checksum does not chain"}}, 12))
			return m
		}},
		{"play", func(t *testing.T) *Model { return withFoes(t).m }},
		{"inventory", func(t *testing.T) *Model { p := withFoes(t); return keys(p, t, Rune('i'), Named(KeyDown)) }},
		{"inventory_full", func(t *testing.T) *Model { p := fullPack(t); return keys(p, t, Rune('i')) }},
		{"drop", func(t *testing.T) *Model { p := withFoes(t); return keys(p, t, Rune('d')) }},
		{"remove", func(t *testing.T) *Model { p := withFoes(t); return keys(p, t, Rune('R')) }},
		{"sheet", func(t *testing.T) *Model { p := withFoes(t); return keys(p, t, Rune('c')) }},
		{"help", func(t *testing.T) *Model { p := withFoes(t); return keys(p, t, Rune('?')) }},
		{"look_at_a_goblin", func(t *testing.T) *Model {
			p := withFoes(t)
			return keys(p, t, Rune('x'), Rune('h'), Rune('h'), Rune('h'), Rune('h'), Rune('h'))
		}},
		{"look_at_the_unknown", func(t *testing.T) *Model {
			p := withFoes(t)
			return keys(p, t, Rune('x'), Rune('k'), Rune('k'), Rune('k'), Rune('k'), Rune('k'), Rune('k'), Rune('k'), Rune('k'))
		}},
		{"target", func(t *testing.T) *Model { p := withFoes(t); return keys(p, t, Rune('i'), Rune('a')) }},
		{"target_out_of_range", func(t *testing.T) *Model {
			p := withFoes(t)
			return keys(p, t, Rune('i'), Rune('a'), Named(KeyTab))
		}},
		{"pick_up_from_a_pile", func(t *testing.T) *Model { p := rules3Items(t); return keys(p.played, t, Rune('g')) }},
		{"inventory_rules3", func(t *testing.T) *Model { p := rules3Items(t); return keys(p.played, t, Rune('i')) }},
		{"enchant_what", func(t *testing.T) *Model {
			p := rules3Items(t)
			scroll := p.g.State.PackLetter(reducer.StackKey(p.g.State.Get(p.scroll)))
			return keys(p.played, t, Rune('i'), Rune(scroll))
		}},
		{"sheet_rules3", func(t *testing.T) *Model { p := rules3Items(t); return keys(p.played, t, Rune('c')) }},
		{"level_up", func(t *testing.T) *Model { return levelUp(t).m }},
		{"history", func(t *testing.T) *Model { p := withFoes(t); return keys(p, t, Named(KeyCtrlP)) }},
		{"history_of_a_whole_game", func(t *testing.T) *Model { p := dead(t); return keys(p, t, Named(KeyCtrlP)) }},
		{"history_scrolled_up", func(t *testing.T) *Model {
			p := dead(t)
			return keys(p, t, Named(KeyCtrlP), Named(KeyPgUp), Named(KeyUp))
		}},
		{"quit_asked", func(t *testing.T) *Model { p := withFoes(t); return keys(p, t, Named(KeyCtrlC)) }},
		{"busy_turn", func(t *testing.T) *Model {
			p := withFoes(t)
			p.m.HandleKey(Rune('.'))
			for i := range 14 {
				p.m.Say(fmt.Sprintf("busy line %d of a turn that says a great deal", i+1))
			}
			return p.m
		}},
		{"game_over", func(t *testing.T) *Model {
			p := dead(t)
			p.m.SummaryPath = "/home/ann/.local/share/rogue/2026-11-22_2114_seed-19-death.txt"
			return p.m
		}},
		{"game_over_unsaved", func(t *testing.T) *Model {
			p := withFoes(t)
			p.m.SaveFailed(errors.New("saving turn 43: journal /home/ann/.local/share/rogue/2026-11-23_0842_seed-4.rogue: write failed (no space left on device): turn 43 was not written; the journal takes no more turns until reopened"))
			return p.m
		}},
	}
	for _, tc := range cases {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {50, 24}} {
			name := fmt.Sprintf("%s_%dx%d", tc.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				checkGolden(t, name, render(tc.model(t), size[0], size[1]))
			})
		}
	}
}

func TestATooSmallTerminalSaysWhatItNeeds(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{39, 24}, {80, 23}, {40, 12}} {
		name := fmt.Sprintf("too_small_%dx%d", size[0], size[1])
		t.Run(name, func(t *testing.T) {
			checkGolden(t, name, render(withFoes(t).m, size[0], size[1]))
		})
	}
}
