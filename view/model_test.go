package view

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/auto"
	"rogue/events"
	"rogue/reducer"
)

func move(d events.Dir) Intent { return Intent{Command: &events.Move{Dir: d}} }

func TestMovementKeysWalkInEveryKeymap(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		key  Key
		want events.Dir
	}{
		{"the up arrow walks north", Named(KeyUp), events.North},
		{"the down arrow walks south", Named(KeyDown), events.South},
		{"the left arrow walks west", Named(KeyLeft), events.West},
		{"the right arrow walks east", Named(KeyRight), events.East},
		{"the up-left key walks north-west", Named(KeyUpLeft), events.NorthWest},
		{"the down-right key walks south-east", Named(KeyDownRight), events.SouthEast},
		{"k walks north", Rune('k'), events.North},
		{"j walks south", Rune('j'), events.South},
		{"h walks west", Rune('h'), events.West},
		{"l walks east", Rune('l'), events.East},
		{"y walks north-west", Rune('y'), events.NorthWest},
		{"u walks north-east", Rune('u'), events.NorthEast},
		{"b walks south-west", Rune('b'), events.SouthWest},
		{"n walks south-east", Rune('n'), events.SouthEast},
		{"numpad 8 walks north", Rune('8'), events.North},
		{"numpad 2 walks south", Rune('2'), events.South},
		{"numpad 4 walks west", Rune('4'), events.West},
		{"numpad 6 walks east", Rune('6'), events.East},
		{"numpad 7 walks north-west", Rune('7'), events.NorthWest},
		{"numpad 9 walks north-east", Rune('9'), events.NorthEast},
		{"numpad 1 walks south-west", Rune('1'), events.SouthWest},
		{"numpad 3 walks south-east", Rune('3'), events.SouthEast},
		{"numpad Home without Num Lock walks north-west", Named(KeyHome), events.NorthWest},
		{"numpad PgUp without Num Lock walks north-east", Named(KeyPgUp), events.NorthEast},
		{"numpad End without Num Lock walks south-west", Named(KeyEnd), events.SouthWest},
		{"numpad PgDn without Num Lock walks south-east", Named(KeyPgDn), events.SouthEast},
	}
	p := newPlayed(t, 4)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, move(tc.want), p.m.HandleKey(tc.key))
			assert.Equal(t, ModePlay, p.m.Mode())
		})
	}
}

func TestPlayKeysGiveCommands(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		key  Key
		want Intent
	}{
		{"a full stop waits", Rune('.'), Intent{Command: &events.Wait{}}},
		{"5 waits", Rune('5'), Intent{Command: &events.Wait{}}},
		{"the numpad centre waits", Named(KeyCenter), Intent{Command: &events.Wait{}}},
		{"g picks up", Rune('g'), Intent{Command: &events.PickUp{}}},
		{"a comma picks up", Rune(','), Intent{Command: &events.PickUp{}}},
		{"> off the stairs orders travelling to them", Rune('>'), Intent{Job: &auto.Order{Kind: auto.Travel, Pickup: true}}},
		{"o orders exploring", Rune('o'), Intent{Job: &auto.Order{Kind: auto.Explore, Pickup: true}}},
		{"Z orders resting", Rune('Z'), Intent{Job: &auto.Order{Kind: auto.Rest, Pickup: true}}},
		{"L orders running east", Rune('L'), Intent{Job: &auto.Order{Kind: auto.Run, Dir: events.East, Pickup: true}}},
		{"Q quits", Rune('Q'), Intent{Quit: true}},
		{"Esc does nothing", Named(KeyEsc), Intent{}},
		{"an unbound letter does nothing", Rune('z'), Intent{}},
	}
	p := newPlayed(t, 4)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, p.m.HandleKey(tc.key))
		})
	}
}

func TestScreensOpenAndCloseWithoutJournalingAnything(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		open  Key
		mode  Mode
		close Key
	}{
		{"i opens the inventory and Esc closes it", Rune('i'), ModeInventory, Named(KeyEsc)},
		{"d opens the drop menu and Esc closes it", Rune('d'), ModeDrop, Named(KeyEsc)},
		{"R opens the remove menu and Esc closes it", Rune('R'), ModeRemove, Named(KeyEsc)},
		{"c opens the sheet and c closes it", Rune('c'), ModeSheet, Rune('c')},
		{"? opens the help and Esc closes it", Rune('?'), ModeHelp, Named(KeyEsc)},
		{"x starts looking and Esc stops", Rune('x'), ModeLook, Named(KeyEsc)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := withFoes(t)
			turn := p.g.State.Turn
			assert.Equal(t, Intent{}, p.m.HandleKey(tc.open))
			assert.Equal(t, tc.mode, p.m.Mode())
			assert.Equal(t, Intent{}, p.m.HandleKey(Named(KeyDown)))
			assert.Equal(t, Intent{}, p.m.HandleKey(tc.close))
			assert.Equal(t, ModePlay, p.m.Mode())
			assert.Equal(t, turn, p.g.State.Turn)
		})
	}
}

func TestItemMenusChooseByLetterOrSelection(t *testing.T) {
	t.Parallel()
	p := withFoes(t)
	s := p.g.State
	pack := s.Backpack(events.PlayerID)
	require.Len(t, pack, 2)
	scroll, spare := pack[0].ID, pack[1].ID
	dagger := s.Worn(events.PlayerID, events.MainHand).ID
	armor := s.Worn(events.PlayerID, events.Torso).ID
	cases := []struct {
		name string
		keys []Key
		want Intent
	}{
		{"an inventory letter equips a backpack item", []Key{Rune('i'), Rune('b')}, Intent{Command: &events.Use{Item: spare}}},
		{"an inventory capital uses (takes off) a worn item", []Key{Rune('i'), Rune('A')}, Intent{Command: &events.Use{Item: dagger}}},
		{"Down and Enter choose the second line", []Key{Rune('i'), Named(KeyDown), Named(KeyEnter)}, Intent{Command: &events.Use{Item: spare}}},
		{"Up from the top wraps to the last worn item", []Key{Rune('i'), Named(KeyUp), Named(KeyEnter)}, Intent{Command: &events.Use{Item: armor}}},
		{"a drop letter drops", []Key{Rune('d'), Rune('a')}, Intent{Command: &events.Drop{Item: scroll}}},
		{"a worn item can be dropped: D is the torso", []Key{Rune('d'), Rune('D')}, Intent{Command: &events.Drop{Item: armor}}},
		{"a remove letter takes off", []Key{Rune('R'), Rune('D')}, Intent{Command: &events.Remove{Item: armor}}},
		{"a slot with nothing worn in it is no choice", []Key{Rune('R'), Rune('B')}, Intent{}},
		{"the remove menu takes small letters too", []Key{Rune('R'), Rune('a')}, Intent{Command: &events.Remove{Item: dagger}}},
		{"a letter with no item does nothing", []Key{Rune('i'), Rune('q')}, Intent{}},
		{"a ranged item starts aiming, not a command", []Key{Rune('i'), Rune('a')}, Intent{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := withFoes(t).m
			var got Intent
			for _, k := range tc.keys {
				got = m.HandleKey(k)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestRemoveWithNothingWornSaysSo(t *testing.T) {
	t.Parallel()
	p := withFoes(t)
	p.key(t, Rune('R'))
	p.key(t, Rune('A'))
	p.key(t, Rune('R'))
	p.key(t, Rune('D'))
	require.Nil(t, p.g.State.Worn(events.PlayerID, events.Torso))
	assert.Equal(t, Intent{}, p.m.HandleKey(Rune('R')))
	assert.Equal(t, ModePlay, p.m.Mode())
	assert.Equal(t, []string{"You are wearing nothing."}, p.m.Messages(1))
}

func TestTargeting(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T) (*played, events.EntityID, events.Pos, events.Pos) {
		p := withFoes(t)
		var goblin, orc events.Pos
		for _, e := range p.g.State.Monsters() {
			if !p.g.State.CanSee(e.Pos) {
				continue
			}
			switch p.g.State.Content().Name(e.Kind) {
			case "Goblin":
				goblin = e.Pos
			case "Orc":
				orc = e.Pos
			}
		}
		scroll := p.g.State.Backpack(events.PlayerID)[0].ID
		require.Equal(t, Intent{}, p.m.HandleKey(Rune('i')))
		require.Equal(t, Intent{}, p.m.HandleKey(Rune('a')))
		return p, scroll, goblin, orc
	}
	t.Run("the cursor starts on the nearest visible hostile", func(t *testing.T) {
		p, _, goblin, _ := setup(t)
		assert.Equal(t, ModeTarget, p.m.Mode())
		assert.Equal(t, goblin, p.m.Cursor())
	})
	t.Run("Tab cycles through the visible hostiles and wraps", func(t *testing.T) {
		p, _, goblin, orc := setup(t)
		assert.Equal(t, Intent{}, p.m.HandleKey(Named(KeyTab)))
		assert.Equal(t, orc, p.m.Cursor())
		p.m.HandleKey(Named(KeyTab))
		assert.Equal(t, goblin, p.m.Cursor())
		p.m.HandleKey(Named(KeyBacktab))
		assert.Equal(t, orc, p.m.Cursor())
	})
	t.Run("movement keys move the cursor", func(t *testing.T) {
		p, _, goblin, _ := setup(t)
		p.m.HandleKey(Rune('l'))
		p.m.HandleKey(Named(KeyDown))
		assert.Equal(t, events.Pos{X: goblin.X + 1, Y: goblin.Y + 1}, p.m.Cursor())
	})
	t.Run("Esc cancels and nothing is journaled", func(t *testing.T) {
		p, _, _, _ := setup(t)
		turn := p.g.State.Turn
		assert.Equal(t, Intent{}, p.m.HandleKey(Named(KeyEsc)))
		assert.Equal(t, ModePlay, p.m.Mode())
		assert.Equal(t, turn, p.g.State.Turn)
	})
	t.Run("Enter uses the item on the cursor's tile", func(t *testing.T) {
		p, scroll, goblin, _ := setup(t)
		assert.Equal(t, Intent{Command: &events.Use{Item: scroll, HasTarget: true, Target: goblin}}, p.m.HandleKey(Named(KeyEnter)))
		assert.Equal(t, ModePlay, p.m.Mode())
	})
	t.Run("with no hostile in sight the cursor starts next to the player, never on it", func(t *testing.T) {
		p := newPlayed(t, 4)
		p.m.State = p.g.State
		p.m.startTargeting(events.EntityID(999))
		me := p.g.State.Player().Pos
		assert.NotEqual(t, me, p.m.Cursor())
		assert.Equal(t, 1, max(abs(me.X-p.m.Cursor().X), abs(me.Y-p.m.Cursor().Y)))
		assert.True(t, p.g.State.Map.Walkable(p.m.Cursor()))
		assert.Equal(t, Intent{}, p.m.HandleKey(Named(KeyTab)))
	})
}

func abs(x int) int { return max(x, -x) }

// A Fireball read with the reader inside its blast asks first.
func TestAFireballThatWouldBurnTheReaderAsksFirst(t *testing.T) {
	t.Parallel()
	aim := func(t *testing.T) (*played, events.EntityID) {
		p := newPlayedRules(t, 4, 2)
		s := p.g.State
		code, ok := s.Content().ByName("Fireball Scroll")
		require.True(t, ok)
		id := s.NextID
		require.NoError(t, s.Apply(&events.Spawned{ID: id, Kind: code, Holder: events.PlayerID}))
		p.m.State = s
		p.m.startTargeting(id)
		require.Empty(t, p.m.hostiles(), "no monster in sight at the start")
		return p, id
	}
	use := func(p *played, id events.EntityID) Intent {
		return Intent{Command: &events.Use{Item: id, HasTarget: true, Target: p.m.Cursor()}}
	}
	cases := []struct {
		name string
		keys []Key
		want func(p *played, id events.EntityID) Intent
		mode Mode
	}{
		{"Enter next to the reader asks, and reads nothing yet", []Key{Named(KeyEnter)},
			func(*played, events.EntityID) Intent { return Intent{} }, ModeTarget},
		{"then y reads it", []Key{Named(KeyEnter), Rune('y')}, use, ModePlay},
		{"then Enter reads it", []Key{Named(KeyEnter), Named(KeyEnter)}, use, ModePlay},
		{"then n goes back to aiming", []Key{Named(KeyEnter), Rune('n')},
			func(*played, events.EntityID) Intent { return Intent{} }, ModeTarget},
		{"then Esc goes back to aiming, and Esc again puts it away", []Key{Named(KeyEnter), Named(KeyEsc), Named(KeyEsc)},
			func(*played, events.EntityID) Intent { return Intent{} }, ModePlay},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, id := aim(t)
			var got Intent
			for _, k := range c.keys {
				got = p.m.HandleKey(k)
			}
			assert.Equal(t, c.want(p, id), got)
			assert.Equal(t, c.mode, p.m.Mode())
		})
	}
	t.Run("the prompt says the blast reaches the reader", func(t *testing.T) {
		p, _ := aim(t)
		p.m.HandleKey(Named(KeyEnter))
		require.Len(t, p.m.targetLines(), 3)
		assert.Equal(t, "The blast will reach you too! Read it anyway?", p.m.targetLines()[1][0].text)
	})
}

func TestLevelUpAsksForAnAttribute(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		keys []Key
		want Intent
	}{
		{"m chooses Might", []Key{Rune('m')}, Intent{Command: &events.ChooseAttribute{Attribute: events.Might}}},
		{"f chooses Fitness", []Key{Rune('f')}, Intent{Command: &events.ChooseAttribute{Attribute: events.Fitness}}},
		{"q chooses Quickness", []Key{Rune('q')}, Intent{Command: &events.ChooseAttribute{Attribute: events.Quickness}}},
		{"w chooses Intelligence", []Key{Rune('w')}, Intent{Command: &events.ChooseAttribute{Attribute: events.Intelligence}}},
		{"c opens the sheet, not Quickness", []Key{Rune('c')}, Intent{}},
		{"b is a step south-west, not a choice", []Key{Rune('b')}, Intent{}},
		{"Down twice and Enter choose the third", []Key{Named(KeyDown), Named(KeyDown), Named(KeyEnter)}, Intent{Command: &events.ChooseAttribute{Attribute: events.Quickness}}},
		{"the sheet opens and closes back to the choice", []Key{Rune('c'), Named(KeyEsc), Rune('w')}, Intent{Command: &events.ChooseAttribute{Attribute: events.Intelligence}}},
		{"movement keys do not walk", []Key{Rune('h')}, Intent{}},
		{"Q quits", []Key{Rune('Q')}, Intent{Quit: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := levelUp(t).m
			require.Equal(t, ModeLevelUp, m.Mode())
			var got Intent
			for _, k := range tc.keys {
				got = m.HandleKey(k)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// A key that does not choose says how to choose, and the choice is
// still open.
func TestLevelUpSaysHowToChooseWhenAKeyDoesNot(t *testing.T) {
	t.Parallel()
	for _, k := range []Key{Rune('h'), Named(KeyEsc), Rune('x')} {
		m := levelUp(t).m
		assert.Equal(t, Intent{}, m.HandleKey(k))
		assert.Equal(t, []string{"Choose the attribute to raise first: m, f, q or w (or Enter)."}, m.Messages(1), k.String())
		assert.Equal(t, ModeLevelUp, m.Mode(), k.String())
	}
}

func TestMainMenu(t *testing.T) {
	t.Parallel()
	journals := theMenu().Journals
	cases := []struct {
		name string
		menu MainMenu
		keys []Key
		want Intent
		mode Mode
	}{
		{"Enter continues the unfinished game", theMenu(), []Key{Named(KeyEnter)}, Intent{Menu: MenuContinue}, ModeMainMenu},
		{"Enter starts a new game when there is none", MainMenu{}, []Key{Named(KeyEnter)}, Intent{Menu: MenuNewGame}, ModeMainMenu},
		{"n then y starts a new game", theMenu(), []Key{Rune('n'), Rune('y')}, Intent{Menu: MenuNewGame}, ModeMainMenu},
		{"Up, Enter then y starts a new game", theMenu(), []Key{Named(KeyUp), Named(KeyEnter), Rune('y')}, Intent{Menu: MenuNewGame}, ModeMainMenu},
		{"r lists the journals", theMenu(), []Key{Rune('r')}, Intent{}, ModeJournals},
		{"Enter on a journal replays it", theMenu(), []Key{Rune('r'), Named(KeyDown), Named(KeyEnter)}, Intent{Menu: MenuReplay, Journal: journals[1]}, ModeJournals},
		{"Esc goes back from the journals", theMenu(), []Key{Rune('r'), Named(KeyEsc)}, Intent{}, ModeMainMenu},
		{"c without a game to continue does nothing", MainMenu{}, []Key{Rune('c')}, Intent{}, ModeMainMenu},
		{"r without journals does nothing", MainMenu{}, []Key{Rune('r')}, Intent{}, ModeMainMenu},
		{"q quits", theMenu(), []Key{Rune('q')}, Intent{Quit: true}, ModeMainMenu},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := NewModel(tc.menu)
			var got Intent
			for _, k := range tc.keys {
				got = m.HandleKey(k)
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.mode, m.Mode())
		})
	}
}

func TestAPageGoesBackToTheJournals(t *testing.T) {
	t.Parallel()
	m := NewModel(theMenu())
	m.HandleKey(Rune('r'))
	m.ShowPage("a journal", []string{"turn: 3"})
	assert.Equal(t, ModePage, m.Mode())
	assert.Equal(t, Intent{}, m.HandleKey(Named(KeyEsc)))
	assert.Equal(t, ModeJournals, m.Mode())
}

func TestGameOverTakesNoCommands(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		model func(t *testing.T) *Model
	}{
		{"after death", func(t *testing.T) *Model { return dead(t).m }},
		{"after the journal failed", func(t *testing.T) *Model {
			m := withFoes(t).m
			m.SaveFailed(errors.New("disk full"))
			return m
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.model(t)
			assert.Equal(t, ModeGameOver, m.Mode())
			for _, k := range []Key{Rune('h'), Rune('.'), Rune('i'), Rune('g'), Rune('x'), Named(KeyTab), Named(KeyEsc)} {
				assert.Equal(t, Intent{}, m.HandleKey(k), "key %v", k)
			}
			assert.Equal(t, ModeGameOver, m.Mode())
			assert.Equal(t, Intent{Quit: true}, m.HandleKey(Named(KeyEnter)))
		})
	}
}

func TestATooSmallTerminalTakesOnlyQuit(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	m.Resize(39, 24)
	assert.Equal(t, Intent{}, m.HandleKey(Rune('h')))
	assert.Equal(t, Intent{}, m.HandleKey(Rune('i')))
	assert.Equal(t, ModePlay, m.Mode())
	assert.Equal(t, Intent{Quit: true}, m.HandleKey(Rune('Q')))
	assert.Equal(t, Intent{Quit: true}, m.HandleKey(Named(KeyCtrlC)), "Ctrl-C quits at once: there is no room to ask")
	m.Resize(80, 24)
	assert.Equal(t, move(events.West), m.HandleKey(Rune('h')))
}

func TestTheHelpNamesEveryPlayKey(t *testing.T) {
	t.Parallel()
	text := render(func() *Model { m := withFoes(t).m; m.HandleKey(Rune('?')); return m }(), 120, 40)
	for _, key := range []string{"arrows", "y k u", "h @ l", "b j n", "numpad", ". or 5", "g or ,", ">", "i ", "d ", "R ", "c ", "x ", "? ", "Esc", "Q,", "Tab", "Enter",
		"Z ", "o ", "Ctrl-P", "M ", "Ctrl-C", "Ctrl-Z", "Ctrl-R", "Shift+arrow", "H J K L"} {
		assert.Contains(t, text, key)
	}
}

func TestTurnMessagesNameWhatEachFactDid(t *testing.T) {
	t.Parallel()
	p := withFoes(t)
	before := p.g.State.Clone()
	digest := before.Digest()
	turn, err := reducer.Decide(before, &events.PickUp{})
	require.Error(t, err, "nothing lies under the player")
	turn, err = reducer.Decide(before, &events.Use{Item: p.g.State.Backpack(events.PlayerID)[1].ID})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"You put the Dagger back in the pack. You equip the Dagger (main hand).",
	}, TurnMessages(before, &turn)[:1])
	assert.Equal(t, digest, before.Digest(), "TurnMessages changes nothing")
}

func TestSayMakesSentences(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"there is nothing here to pick up", "There is nothing here to pick up."},
		{"You are hungry.", "You are hungry."},
		{"You are starving!", "You are starving!"},
		{"  ", ""},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, sentence(tc.in), "sentence(%q)", tc.in)
	}
}

// The sheet says which rules the game plays by; under rules 2 it leaves
// out mana, which those rules do not have, and says what Magic and
// Intelligence add to scrolls.
func TestTheSheetSaysWhichRulesTheGamePlaysBy(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rules int
		pools string
		magic string
	}{
		{"rules 1", 1, "HP 10/10   Mana 4   Depth 1   Turn 0   Kills 0   Rules 1", ""},
		{"rules 2", 2, "HP 30/30   Depth 1   Turn 0   Kills 0   Rules 2", "Scrolls: damage +1, range +0 (Magic and Intelligence)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPlayedRules(t, 4, c.rules)
			var text []string
			for _, l := range sheetLines(p.g.State) {
				s := ""
				for _, sp := range l {
					s += sp.text
				}
				text = append(text, s)
			}
			require.Greater(t, len(text), 2)
			assert.Equal(t, c.pools, text[1])
			if c.magic == "" {
				assert.NotContains(t, strings.Join(text, "\n"), "Scrolls:")
			} else {
				assert.Contains(t, text, c.magic)
			}
		})
	}
}

// A backpack stack keeps its letter while it is in the backpack: what a
// player learnt a letter to mean still holds after another stack is used
// up, and a new stack takes the first free letter.
func TestABackpackStackKeepsItsLetter(t *testing.T) {
	t.Parallel()
	p := withFoes(t)
	s := p.g.State
	pack := s.Backpack(events.PlayerID)
	require.Len(t, pack, 2)
	scroll, spare := pack[0].ID, pack[1].ID
	require.NotEqual(t, s.Content().Name(pack[0].Kind), s.Content().Name(pack[1].Kind), "two stacks")

	p.key(t, Rune('d'))
	p.key(t, Rune('a')) // the scroll, a, is dropped
	require.Len(t, s.Backpack(events.PlayerID), 1)
	assert.Equal(t, Intent{}, p.m.HandleKey(Rune('i')))
	assert.Equal(t, Intent{}, p.m.HandleKey(Rune('a')), "a is no one's letter now")
	assert.Equal(t, Intent{}, p.m.HandleKey(Rune('i')))
	assert.Equal(t, Intent{Command: &events.Use{Item: spare}}, p.m.HandleKey(Rune('b')), "the other stack is still b")

	p.key(t, Rune('g')) // the scroll back: the first free letter
	require.Len(t, s.Backpack(events.PlayerID), 2)
	p.key(t, Rune('d'))
	assert.Equal(t, Intent{Command: &events.Drop{Item: scroll}}, p.m.HandleKey(Rune('a')))
}

// A refused aimed item (out of range, say) goes back to aiming it where
// the cursor was, the reason in the log; Esc then puts it away. Any other
// refusal only says why.
func TestARefusedAimGoesBackToAiming(t *testing.T) {
	t.Parallel()
	p := withFoes(t)
	m := p.m
	require.Equal(t, Intent{}, m.HandleKey(Rune('i')))
	require.Equal(t, Intent{}, m.HandleKey(Rune('a')), "the scroll asks for a target")
	require.Equal(t, ModeTarget, m.Mode())
	in := m.HandleKey(Named(KeyEnter))
	use, ok := in.Command.(*events.Use)
	require.True(t, ok, "Enter reads it: %#v", in)
	require.Equal(t, ModePlay, m.Mode())

	m.Refused(use, "that is out of range") // as the play loop (and the tests' do) report a refusal
	assert.Equal(t, ModeTarget, m.Mode())
	assert.Equal(t, use.Target, m.cursor)
	assert.Equal(t, []string{"That is out of range."}, m.Messages(1))
	assert.Contains(t, render(m, 80, 24), "That is out of range.", "said while aiming again, where the log is hidden")
	m.HandleKey(Named(KeyTab))
	assert.NotContains(t, render(m, 80, 24), "That is out of range.", "until the next key")
	assert.Equal(t, Intent{}, m.HandleKey(Named(KeyEsc)))
	assert.Equal(t, ModePlay, m.Mode())

	m.Refused(&events.Move{Dir: events.North}, "there is a wall in the way")
	assert.Equal(t, ModePlay, m.Mode())
	assert.Equal(t, []string{"There is a wall in the way."}, m.Messages(1))
}
