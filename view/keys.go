package view

import (
	"fmt"

	"rogue/events"
)

// Key is one key press, as the view understands it: a character, or one
// of a few named keys. The terminal adapter converts its events to Keys,
// so nothing past the edge knows which terminal library is in use.
type Key struct {
	Code KeyCode
	Rune rune // the character, when Code is KeyRune
	// Shift is held with a named key (Shift+arrow runs); a shifted
	// character is its own rune ('L', not Shift+'l').
	Shift bool
}

// KeyCode says which key was pressed; KeyRune means a character.
type KeyCode uint8

// The named keys. The numpad without Num Lock sends the arrows, Home, End,
// Page Up, Page Down and Center.
const (
	KeyRune KeyCode = iota
	KeyUp
	KeyDown
	KeyLeft
	KeyRight
	KeyUpLeft
	KeyUpRight
	KeyDownLeft
	KeyDownRight
	KeyCenter
	KeyHome
	KeyEnd
	KeyPgUp
	KeyPgDn
	KeyEnter
	KeyEsc
	KeyTab
	KeyBacktab
	KeyBackspace
	KeyCtrlC // asks to save and quit
	KeyCtrlP // the message history
	KeyCtrlR // redraws the screen
	KeyCtrlZ // suspends the game to the shell
)

var keyNames = map[KeyCode]string{
	KeyUp: "Up", KeyDown: "Down", KeyLeft: "Left", KeyRight: "Right",
	KeyUpLeft: "UpLeft", KeyUpRight: "UpRight", KeyDownLeft: "DownLeft", KeyDownRight: "DownRight",
	KeyCenter: "Center", KeyHome: "Home", KeyEnd: "End", KeyPgUp: "PgUp", KeyPgDn: "PgDn",
	KeyEnter: "Enter", KeyEsc: "Esc", KeyTab: "Tab", KeyBacktab: "Backtab", KeyBackspace: "Backspace",
	KeyCtrlC: "Ctrl-C", KeyCtrlP: "Ctrl-P", KeyCtrlR: "Ctrl-R", KeyCtrlZ: "Ctrl-Z",
}

// Rune is the key that types r.
func Rune(r rune) Key { return Key{Code: KeyRune, Rune: r} }

// Named is the named key k.
func Named(k KeyCode) Key { return Key{Code: k} }

func (k Key) String() string {
	if k.Code == KeyRune {
		return fmt.Sprintf("%q", k.Rune)
	}
	if n, ok := keyNames[k.Code]; ok {
		if k.Shift {
			return "Shift+" + n
		}
		return n
	}
	return fmt.Sprintf("key(%d)", k.Code)
}

// direction is the direction a movement key points to: the arrows (and the
// numpad without Num Lock: Home, End, Page Up, Page Down for the
// diagonals), the vi-keys h j k l y u b n, and the numpad digits 1-9 with
// Num Lock (5 is waiting, not a direction).
func direction(k Key) (events.Dir, bool) {
	switch k.Code {
	case KeyUp:
		return events.North, true
	case KeyDown:
		return events.South, true
	case KeyLeft:
		return events.West, true
	case KeyRight:
		return events.East, true
	case KeyUpLeft, KeyHome:
		return events.NorthWest, true
	case KeyUpRight, KeyPgUp:
		return events.NorthEast, true
	case KeyDownLeft, KeyEnd:
		return events.SouthWest, true
	case KeyDownRight, KeyPgDn:
		return events.SouthEast, true
	case KeyRune:
		d, ok := runeDirs[k.Rune]
		return d, ok
	}
	return 0, false
}

var runeDirs = map[rune]events.Dir{
	'k': events.North, 'j': events.South, 'h': events.West, 'l': events.East,
	'y': events.NorthWest, 'u': events.NorthEast, 'b': events.SouthWest, 'n': events.SouthEast,
	'8': events.North, '2': events.South, '4': events.West, '6': events.East,
	'7': events.NorthWest, '9': events.NorthEast, '1': events.SouthWest, '3': events.SouthEast,
}

// isWait reports whether k waits a turn: '.', '5' or the numpad's centre.
func isWait(k Key) bool {
	return k.Code == KeyCenter || k == Rune('.') || k == Rune('5')
}

// Shifted is the named key k with Shift held.
func Shifted(k KeyCode) Key { return Key{Code: k, Shift: true} }

// runDirection is the direction a run key points to: Shift with an
// arrow (or the numpad's diagonals), or the vi-keys in capitals
// H J K L Y U B N.
func runDirection(k Key) (events.Dir, bool) {
	if k.Code == KeyRune {
		if k.Rune < 'A' || k.Rune > 'Z' {
			return 0, false
		}
		return direction(Rune(k.Rune - 'A' + 'a'))
	}
	if !k.Shift {
		return 0, false
	}
	return direction(Key{Code: k.Code})
}
