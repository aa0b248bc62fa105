package view

import (
	"fmt"
	"strings"

	"rogue/auto"
	"rogue/events"
	"rogue/reducer"
)

// Mode is the screen the player is on.
type Mode uint8

// The screens.
const (
	ModeMainMenu  Mode = iota // new game, continue, replay, quit
	ModeJournals              // the journals one can replay
	ModePage                  // a page of text (a journal's summary, the hall of fame)
	ModePlay                  // the map, the status line and the messages
	ModeInventory             // i: use or equip an item
	ModeDrop                  // d: drop an item
	ModeRemove                // R: take off a worn item
	ModeSheet                 // c: the character sheet
	ModeHelp                  // ?: the keys
	ModeLook                  // x: a cursor describing what is under it
	ModeTarget                // aiming a ranged item
	ModeLevelUp               // choosing the attribute a new level raises
	ModeGameOver              // the player died, or the game could not be saved
	ModeNotice                // a notice the player must dismiss (see ShowNotice)
	ModeHistory               // Ctrl-P: every message of the game, scrolled
	ModePickUp                // g on a pile: which item to pick up (rules 3)
	ModeEnchant               // what to read an Enchantment Scroll on (rules 3)
)

var modeNames = [...]string{"main menu", "journals", "page", "play", "inventory", "drop", "remove",
	"character sheet", "help", "look", "targeting", "level up", "game over", "notice", "history",
	"pick up", "enchant"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "mode?"
}

// Intent is what a key asks the program to do. The zero Intent asks
// nothing (the key only moved a cursor, opened a menu, or did nothing).
type Intent struct {
	// Command is for the rules; nil for none.
	Command events.Command
	// Quit asks to close the journal (it is always saved) and leave.
	Quit bool
	// Menu is a choice made on the main menu.
	Menu MenuChoice
	// Journal is the journal to replay, with MenuReplay.
	Journal string
	// Suspend asks to stop the program for the shell (Ctrl-Z) and come
	// back when the shell resumes it.
	Suspend bool
	// Redraw asks to draw the whole screen again (Ctrl-R).
	Redraw bool
	// Job orders a multi-turn action (rest, explore, travel, run, walk
	// to a tile), which the program runs with an auto.Runner; nil for
	// none.
	Job *auto.Order
}

// MenuChoice is what the player chose on the main menu.
type MenuChoice uint8

// The main menu's choices that the program acts on.
const (
	MenuNone     MenuChoice = iota
	MenuNewGame             // start a new game
	MenuContinue            // continue the unfinished game
	MenuReplay              // show the journal in Intent.Journal
	MenuScores              // show the hall of fame (ShowScores)
	MenuPalette             // the player chose another Palette (to keep it)
)

// MainMenu is what the main menu offers besides a new game and quitting.
type MainMenu struct {
	// Continue describes the unfinished game ("turn 57 on depth 2"); ""
	// when there is none, and the menu does not offer to continue.
	Continue string
	// Journals are the paths of the journals one can replay, newest first;
	// the menu offers replaying only when there is one.
	Journals []string
	// Describe says in a few words what the game in a journal came to
	// ("depth 3, turn 512, slain by an Orc"; "damaged"), for the list of
	// journals: asked only for the rows shown, at a bounded cost each;
	// nil for nothing.
	Describe func(path string) string
	// Notes are lines the menu shows under its choices: why an unfinished
	// game could not be offered (a damaged journal, say).
	Notes []string
}

// page is a page of text with a title; menu: it goes back to the main
// menu (the hall of fame), not to the journals.
type page struct {
	Title string
	Lines []string
	menu  bool
}

// Model is the UI's state: which screen is up, where its cursor or
// selection is, the message log and the HP history. The game itself is
// State, which the model reads and never changes. The play loop feeds the
// model (Begin, AddTurn, Say, SaveFailed) and asks it what keys mean
// (HandleKey); Draw shows it.
type Model struct {
	// State is the game shown; nil before one begins.
	State *reducer.State
	// Palette is the colors the game is drawn in (see palette.go): the
	// main menu's p changes it; the program starts it (--palette, the
	// page's setting) and the Screen draws in it.
	Palette Palette
	// SummaryPath is where the death summary was written, to tell the
	// player on the game over screen; "" when none was.
	SummaryPath string
	// Recording draws for a recording (an asciicast) that nobody plays:
	// without the hints at keys, "? help" and the game over's "Enter or
	// Q: leave".
	Recording bool
	// replaying is a replay's model: its bar says "? keys", so the
	// status line leaves out its "? help".
	replaying bool

	menu   MainMenu
	page   page
	notice notice
	mode   Mode
	sel    int             // the selected line of a menu
	cursor events.Pos      // look and targeting
	item   events.EntityID // the item being aimed
	// confirm is set while aiming when Enter asked whether to read an
	// area item whose blast reaches the reader, and in the main menu when
	// New game asked whether to set the unfinished game aside.
	confirm bool
	// menuSaid is the main menu's answer to a letter it does not offer
	// now ("" for none); the next key clears it.
	menuSaid string
	log      []entry
	moment   int   // counts key presses; messages of the current one are new
	hp       []int // the player's HP after each turn
	saveErr  string
	w, h     int // the terminal's size, when known

	noPickup bool       // A: explore picks up no potions and scrolls
	hover    events.Pos // the map tile under the pointer, while hovering
	hovering bool
	refused  string          // why the rules refused the last aim, while aiming again
	scroll   int             // the history: how many lines up from its end
	helpTop  int             // the help: its first line shown, when it pages
	quitting bool            // Ctrl-C asked whether to save and quit
	back     Mode            // the screen the history returns to
	earlier  func() []string // loads the messages before the log's (see SetEarlier)
}

// entry is one line of the message log: a message and how many times in
// a row it was said.
type entry struct {
	text   string
	count  int
	moment int
	// about is what the line says of the moment it was said, which
	// may stop being true (see stale); at is where the player stood.
	about lineAbout
	at    events.Pos
	depth int
}

// lineAbout is what a line of the log says that may stop being true.
type lineAbout uint8

const (
	aboutNothing lineAbout = iota
	aboutHere              // "You see here: ...": what lies where the player stands
	aboutLowHP             // "Low HP: ...": the player's HP is a third of the most or less
	aboutLevel             // "This level is explored...": the level the player is on
)

// aboutOf tags a line that says something that may stop being true.
func (m *Model) aboutOf(text string) (lineAbout, events.Pos) {
	var at events.Pos
	if m.State != nil && m.State.Player() != nil {
		at = m.State.Player().Pos
	}
	switch {
	case strings.HasPrefix(text, "You see here:"):
		return aboutHere, at
	case strings.HasPrefix(text, "Low HP:"):
		return aboutLowHP, at
	case strings.HasPrefix(text, "This level is explored"), strings.HasPrefix(text, "There is nothing left to explore"):
		return aboutLevel, at
	}
	return aboutNothing, at
}

// stale reports whether e no longer holds on s: the player has stepped
// off the items it named (or picked them all up), has more than a third
// of their HP again, or is on another level than the one it spoke of.
// The message area leaves a stale line out (the history keeps it).
func (e entry) stale(s *reducer.State) bool {
	if e.about == aboutNothing || s == nil || s.Player() == nil {
		return false
	}
	p := s.Player()
	switch e.about {
	case aboutHere:
		return p.Pos != e.at || len(s.ItemsAt(p.Pos)) == 0
	case aboutLowHP:
		return p.HP*3 > s.MaxHP(p)
	case aboutLevel:
		return s.Depth != e.depth
	}
	return false
}

// String is the line as shown: "A wall blocks the way. (x3)".
func (e entry) String() string {
	if e.count > 1 {
		return fmt.Sprintf("%s (x%d)", e.text, e.count)
	}
	return e.text
}

// NewModel returns a model on the main menu.
func NewModel(menu MainMenu) *Model {
	m := &Model{mode: ModeMainMenu}
	m.ShowMainMenu(menu)
	return m
}

// ShowMainMenu goes to the main menu, offering what menu says. The
// selection starts on Continue when there is a game to continue.
func (m *Model) ShowMainMenu(menu MainMenu) {
	m.menu = menu
	m.mode = ModeMainMenu
	m.confirm, m.menuSaid = false, ""
	m.sel = 0
	if menu.Continue != "" {
		m.sel = 1
	}
}

// Begin shows game s on the play screen, with a log of its own: nothing
// of a game shown before stays (its messages, its screens). hp is the player's HP after each turn played so far (for the
// chart of the game over screen); messages are put in the log, oldest
// first, all but the last as old ones.
func (m *Model) Begin(s *reducer.State, hp []int, messages []string) {
	m.State = s
	m.earlier = nil
	m.log, m.scroll = nil, 0
	m.quitting, m.confirm, m.sel = false, false, 0
	m.hp = append([]int(nil), hp...)
	m.mode = ModePlay
	m.saveErr = ""
	for i, msg := range messages {
		if i == len(messages)-1 {
			m.Say(msg)
			break
		}
		m.moment-- // the past: shown as old lines, not as a busy turn
		m.Say(msg)
		m.moment++
	}
}

// SetHP replaces the player's HP history (hp[i]: after turn i), for the
// chart of the game over screen; the log and the screen stay.
func (m *Model) SetHP(hp []int) { m.hp = append([]int(nil), hp...) }

// AddTurn logs the messages of turn p, which is already folded into
// m.State (and what the player now stands on, if the turn moved them), and
// records the player's HP after it.
func (m *Model) AddTurn(p *reducer.Played) {
	for _, msg := range p.Log {
		m.Say(msg)
	}
	if m.State != nil && p.FromDepth > 0 && m.State.Player() != nil && m.State.Depth == p.FromDepth &&
		p.From != m.State.Player().Pos {
		m.Say(seeHere(m.State))
	}
	m.sel = 0
	if m.State != nil {
		if p := m.State.Player(); p != nil {
			m.hp = append(m.hp, p.HP)
		}
	}
}

// Say adds a line to the message log (a refusal's reason, a notice): it
// is made a sentence (capital first letter, a full stop). The log keeps
// every line; one said again right after itself is counted instead
// ("(x3)") and becomes new again.
func (m *Model) Say(text string) { m.say(text, true) }

// Remind says text as Say does, but once: said again in a row it is
// shown as of now, not counted again. A refusal that a key held down
// repeats ("Not with the Rat in view ...") stays one line, not "(x76)".
func (m *Model) Remind(text string) { m.say(text, false) }

func (m *Model) say(text string, count bool) {
	text = sentence(text)
	if text == "" {
		return
	}
	about, at := m.aboutOf(text)
	if n := len(m.log); n > 0 && m.log[n-1].text == text {
		// Said again: of the moment it is said now (a "You see here"
		// of the tile stood on now, not of the one it was first said on).
		e := &m.log[n-1]
		if count {
			e.count++
		}
		e.moment, e.at = m.moment, at
		if m.State != nil {
			e.depth = m.State.Depth
		}
		return
	}
	depth := 0
	if m.State != nil {
		depth = m.State.Depth
	}
	m.log = append(m.log, entry{text: text, count: 1, moment: m.moment, about: about, at: at, depth: depth})
}

// SaveFailed stops the game: the journal could not take the last turn, so
// no command is taken any more and the game over screen says why.
func (m *Model) SaveFailed(err error) {
	m.saveErr = err.Error()
	m.mode = ModeGameOver
}

// ShowPage shows a page of text; Esc goes back to the list of journals.
func (m *Model) ShowPage(title string, lines []string) {
	m.page = page{Title: title, Lines: lines}
	m.mode = ModePage
}

// ShowScores shows the hall of fame's lines (ScoreLines) on a page that
// Esc leaves for the main menu.
func (m *Model) ShowScores(lines []string) {
	m.page = page{Title: "Hall of fame", Lines: lines, menu: true}
	m.mode = ModePage
}

// Resize tells the model the terminal's size, so that keys do nothing
// while the terminal is too small to show what they would do.
func (m *Model) Resize(w, h int) { m.w, m.h = w, h }

// Messages are the last n lines of the message log, oldest first.
func (m *Model) Messages(n int) []string {
	start := max(0, len(m.log)-n)
	out := make([]string, 0, len(m.log)-start)
	for _, e := range m.log[start:] {
		out = append(out, e.String())
	}
	return out
}

// HP is the player's HP after each turn recorded so far.
func (m *Model) HP() []int { return m.hp }

// Cursor is the look or targeting cursor.
func (m *Model) Cursor() events.Pos { return m.cursor }

// Mode is the screen shown now. The game can force one: game over when the
// player died or the journal failed, the level-up choice while one is
// pending (the sheet and the help stay reachable from it).
func (m *Model) Mode() Mode {
	switch m.mode {
	case ModeMainMenu, ModeJournals, ModePage, ModeNotice:
		return m.mode
	}
	if m.State == nil {
		return ModeMainMenu
	}
	if m.mode == ModeHistory {
		return m.mode // over every other screen, the game over one too
	}
	if m.saveErr != "" || m.State.Over {
		return ModeGameOver
	}
	if m.State.LevelUpPending() && m.mode != ModeSheet && m.mode != ModeHelp {
		return ModeLevelUp
	}
	return m.mode
}

// tooSmall reports whether the terminal is known to be too small to play.
func (m *Model) tooSmall() bool {
	return m.w > 0 && m.h > 0 && (m.w < MinWidth || m.h < MinHeight)
}

// HandleKey says what key k means on the current screen, and moves the
// model's cursors and menus. Opening, moving through and closing a screen
// returns the zero Intent: only a Command reaches the journal.
func (m *Model) HandleKey(k Key) Intent {
	m.moment++
	m.hovering = false
	switch k.Code {
	case KeyCtrlZ:
		return Intent{Suspend: true}
	case KeyCtrlR:
		return Intent{Redraw: true}
	}
	if m.tooSmall() {
		if k == Rune('Q') || k.Code == KeyCtrlC { // no room to ask: the journal is saved anyway
			return Intent{Quit: true}
		}
		return Intent{}
	}
	if in, ok := m.keyAnywhere(k); ok {
		return in
	}
	switch m.Mode() {
	case ModeMainMenu:
		return m.keyMainMenu(k)
	case ModeJournals:
		return m.keyJournals(k)
	case ModePage:
		return m.keyPage(k)
	case ModeNotice:
		return m.keyNotice(k)
	case ModePlay:
		return m.keyPlay(k)
	case ModeInventory, ModeDrop, ModeRemove, ModePickUp, ModeEnchant:
		return m.keyItems(k)
	case ModeHelp:
		return m.keyHelp(k)
	case ModeSheet:
		return m.keyPanel(k)
	case ModeLook:
		return m.keyLook(k)
	case ModeTarget:
		return m.keyTarget(k)
	case ModeLevelUp:
		return m.keyLevelUp(k)
	case ModeGameOver:
		return m.keyGameOver(k)
	case ModeHistory:
		return m.keyHistory(k)
	}
	return Intent{}
}

// moveSelection moves a menu's selection by delta, wrapping around n lines.
func (m *Model) moveSelection(delta, n int) {
	if n <= 0 {
		m.sel = 0
		return
	}
	m.sel = ((m.sel+delta)%n + n) % n
}

// menuStep is how far Up and Down move a menu's selection (0 for other keys).
func menuStep(k Key) int {
	switch k.Code {
	case KeyUp, KeyBacktab:
		return -1
	case KeyDown, KeyTab:
		return 1
	}
	return 0
}

// keyAnywhere takes the keys that mean the same on every screen of a
// game: the answer to "save and quit?", Ctrl-C asking it, Ctrl-P opening
// the history. It reports whether it took k.
func (m *Model) keyAnywhere(k Key) (Intent, bool) {
	switch m.Mode() {
	case ModeMainMenu, ModeJournals, ModePage:
		if k.Code == KeyCtrlC {
			return Intent{Quit: true}, true
		}
		return Intent{}, false
	}
	if m.quitting {
		m.quitting = false
		if k == Rune('y') || k == Rune('Y') || k.Code == KeyCtrlC {
			return Intent{Quit: true}, true
		}
		m.Say("You carry on.")
		return Intent{}, true
	}
	switch k.Code {
	case KeyCtrlC:
		m.quitting = true
		return Intent{}, true
	case KeyCtrlP:
		m.openHistory()
		return Intent{}, true
	}
	return Intent{}, false
}

// Quitting reports whether the game asks "save and quit?" (after Ctrl-C).
func (m *Model) Quitting() bool { return m.quitting }
