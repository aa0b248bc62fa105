package view

// The help (?): every key of the game.

// helpKeys are the keys and what they do, as the help lists them.
var helpKeys = [][2]string{
	{"  y k u", "walk that way (into a monster: attack)"},
	{"  h @ l", "the arrows and the numpad's 1-9 walk too"},
	{"  b j n", ""},
	{"Shift+arrow, H J K L...", "run until something is worth a look"},
	{". or 5", "wait a turn"},
	{"Z", "rest until healed"},
	{"o  A", "explore the level  its pickup of ! and ? on/off"},
	{">", "go down the stairs (first travel to them)"},
	{"g or ,", "pick up (from a pile: choose which)"},
	{"i  d  R", "inventory (use, equip)  drop  take off"},
	{"c", "character sheet"},
	{"x  v", "look around (Tab: monsters)  say what you see"},
	{"Ctrl-P or M", "message history"},
	{"?  Esc", "this help  cancel, close"},
	{"Q, Ctrl-C", "save and quit: rogue continues the game"},
	{"Ctrl-Z  Ctrl-R", "suspend to the shell  redraw the screen"},
	{"Any key", "stops resting, exploring, travelling, running"},
	{"When aiming", "movement keys move, Tab next target, Enter use"},
}

// SetPlatformKeys replaces the help's line for the keys of the terminal
// around the game (job control, redraw) with keys and what: a build for
// another platform calls it before drawing (the browser's says which
// keys the browser keeps for itself).
func SetPlatformKeys(keys, what string) {
	for i, k := range helpKeys {
		if k[0] == "Ctrl-Z  Ctrl-R" {
			helpKeys[i] = [2]string{keys, what}
		}
	}
}

// Words are the view's lines that name the terminal's own commands; a
// build for another platform (the page, which has no shell) words them
// itself with SetWords before drawing. An empty field keeps the
// terminal's.
type Words struct {
	// Quit is what the help says Q and Ctrl-C do.
	Quit string
	// SetAside is the question the menu's New game asks while a game
	// can be continued, ending with its keys.
	SetAside string
}

// SetWords replaces the terminal's words with w's.
func SetWords(w Words) {
	if w.Quit != "" {
		for i, k := range helpKeys {
			if k[0] == "Q, Ctrl-C" {
				helpKeys[i][1] = w.Quit
			}
		}
	}
	if w.SetAside != "" {
		newGameQuestion = w.SetAside
	}
}

func (m *Model) drawHelp(c Canvas, area rect) {
	win := window{title: "Keys", hint: "Esc: close", selected: -1}
	keyW, textW := 24, 0
	for _, k := range helpKeys {
		textW = max(textW, textWidth(k[1]))
	}
	// On a narrow screen the keys take a narrower column, a key longer
	// than it a line of its own, and what they do wraps under itself.
	if room := area.w - 4; keyW+textW > room {
		keyW = helpNarrowKeys
		textW = max(1, room-keyW)
	}
	for _, k := range helpKeys {
		key := k[0]
		if textWidth(key) >= keyW {
			win.lines = append(win.lines, styled(key, Style{Bold: true}))
			key = ""
		}
		for i, part := range wrap(k[1], textW) {
			if i > 0 {
				key = ""
			}
			win.lines = append(win.lines, line{{pad(key, keyW), Style{Bold: true}}, {part, Plain}})
		}
	}
	win.draw(c, area)
}

// helpNarrowKeys is the keys' column of the help on a narrow screen.
const helpNarrowKeys = 12

// pad fills s with blanks to n cells.
func pad(s string, n int) string {
	for w := textWidth(s); w < n; w++ {
		s += " "
	}
	return s
}
