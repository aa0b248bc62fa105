// Package view is what the player sees and presses: it draws a game (a
// reducer.State) and the screen the player is on (a Model: menus, cursors,
// the message log) onto a Canvas, and turns keys into intents (an
// events.Command for the rules, or a wish to quit) at the edge, so that the
// rules never see a key and menus journal nothing.
//
// The model keeps the message log (every line of the game, repeats
// counted, a busy turn's lines pushing the map up rather than going
// unseen; Ctrl-P scrolls through it) and the multi-turn action under way
// (rest, explore, travel, run), whose next one-turn command the play loop
// asks for after each turn (see package auto).
//
// Drawing is a pure function of the model: Draw changes nothing, neither
// the game nor the model. The terminal library (tcell) stays behind our own
// small types: Canvas and Style to draw, Key for what was pressed. Screen
// adapts a tcell screen; TextCanvas renders to plain text for golden tests.
package view
