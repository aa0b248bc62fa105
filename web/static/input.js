// The player's hands on the page: the keyboard (every key the game uses
// is kept from the browser), the mouse and touch on the canvas (handed
// to the game as a terminal reports the mouse: the cell, the buttons
// held), the on-screen pad of a narrow or touch screen (the eight
// directions, wait, explore, pick up, the inventory, down the stairs,
// Esc, and a key that opens the phone's keyboard for every other key).
"use strict";

(() => {
  // Keys the browser keeps: closing the tab, a new tab, a new window.
  const browserKeeps = new Set(["w", "t", "n"]);

  // sent counts an input the game took, for settle in the tests and the
  // page's own measures, and tells the page (onInput) which of its lines
  // was the last before it (lines: the count said before the input was
  // handed over; the game may end a task, and say its line, before the
  // call that hands it the input returns).
  const sent = (game, at, lines) => {
    game.keysSent = (game.keysSent || 0) + 1;
    game.inputAt = at;
    if (game.onInput) game.onInput(lines);
  };

  // press hands the game a key by its KeyboardEvent name and character,
  // and reports whether the game uses it.
  const press = (game, name, char, shift, ctrl, alt) => {
    if (!game.key) return false;
    const at = performance.now(), lines = game.lines;
    if (!game.key(name, char, shift, ctrl, alt)) return false;
    game.keyAt = at;
    sent(game, at, lines);
    return true;
  };

  const keyHandler = (game, overlayOpen) => (e) => {
    if (overlayOpen()) return;
    if (e.ctrlKey && browserKeeps.has(e.key.toLowerCase())) return;
    if (e.metaKey) return;
    const char = Array.from(e.key).length === 1 ? e.key : "";
    if (press(game, e.key, char, e.shiftKey, e.ctrlKey, e.altKey)) e.preventDefault();
  };

  // pointer hands the game the pointer on the canvas: a press of a
  // button or a touch, its release, and a mouse's moves from cell to
  // cell (hovering, or dragging). A touch does not hover.
  const pointer = (game, term, overlayOpen) => {
    const canvas = term.canvas;
    let last = "";
    const post = (e, buttons) => {
      if (overlayOpen() || !game.mouse) return;
      const cell = term.cellAt(e.clientX, e.clientY);
      if (!cell) return;
      const at = performance.now(), lines = game.lines;
      if (!game.mouse(cell.col, cell.row, buttons, e.shiftKey, e.ctrlKey, e.altKey)) return;
      last = `${cell.col},${cell.row},${buttons}`;
      if (buttons) game.clickAt = at;
      sent(game, at, lines);
    };
    canvas.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      canvas.focus();
      // A touch is the primary button, whatever the browser says of it.
      post(e, e.pointerType === "touch" ? 1 : e.buttons || 1 << e.button);
    });
    canvas.addEventListener("pointerup", (e) => { e.preventDefault(); post(e, e.pointerType === "touch" ? 0 : e.buttons); });
    canvas.addEventListener("pointermove", (e) => {
      if (e.pointerType === "touch") return;
      const cell = term.cellAt(e.clientX, e.clientY);
      if (!cell || `${cell.col},${cell.row},${e.buttons}` === last) return;
      post(e, e.buttons);
    });
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  };

  // pad makes the buttons of the on-screen pad (each with data-key, the
  // KeyboardEvent key it presses) press their keys, and its keyboard
  // button open the phone's keyboard, whose characters are pressed as
  // keys.
  const pad = (game, box, typed) => {
    for (const b of box.querySelectorAll("button[data-key]")) {
      b.addEventListener("pointerdown", (e) => e.preventDefault()); // the focus stays where it is
      b.addEventListener("click", () => {
        const k = b.dataset.key;
        press(game, k, Array.from(k).length === 1 ? k : "", false, false, false);
      });
    }
    box.querySelector("#keyboard").addEventListener("click", () => typed.focus());
    // A phone's keyboard sends keydown as "Unidentified": the characters
    // come in as input instead.
    typed.addEventListener("input", () => {
      for (const ch of Array.from(typed.value)) press(game, ch, ch, false, false, false);
      typed.value = "";
    });
  };

  globalThis.rogueInput = { keyHandler, pointer, pad, press };
})();
