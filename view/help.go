package view

// The help (?): every key of the game.

// helpKeys are the keys and what they do, as the help lists them.
var helpKeys = [][2]string{
	{"arrows, h j k l y u b n", "walk (into a monster: attack)"},
	{"numpad 1-9", "walk, 5 waits (also Home End PgUp PgDn)"},
	{". or 5", "wait a turn (rest when nothing is in view)"},
	{"g or ,", "pick up"},
	{">", "go down the stairs"},
	{"i", "inventory: use or equip (a-z, worn A-D)"},
	{"d", "drop"},
	{"R", "take off something worn"},
	{"c", "character sheet"},
	{"x", "look around"},
	{"?", "this help"},
	{"Esc", "cancel, close"},
	{"Q", "quit: the journal is saved, rogue continues it"},
	{"", ""},
	{"When aiming", "movement keys move, Tab next target, Enter use"},
}

func (m *Model) drawHelp(c Canvas, area rect) {
	win := window{title: "Keys", hint: "Esc: close", selected: -1}
	for _, k := range helpKeys {
		if k[0] == "" {
			win.lines = append(win.lines, plain(""))
			continue
		}
		win.lines = append(win.lines, line{{pad(k[0], 24), Style{Bold: true}}, {k[1], Plain}})
	}
	win.draw(c, area)
}

// pad fills s with blanks to n cells.
func pad(s string, n int) string {
	for w := textWidth(s); w < n; w++ {
		s += " "
	}
	return s
}
