// What the game says, for a screen reader: the words of each new frame
// written to the page's live region (role=log, read politely). A line is
// said when it holds words (two of two letters or more: never a row of
// the map) and no row of the last frame said was the same line but for
// its numbers (the status line's turn, a count going up): each new
// message, menu and prompt is said once, not the screen every turn.
"use strict";

(() => {
  const BOX = /[\u2500-\u259f]/g;
  const WORDS = /[A-Za-z]{2,}[,.:;!?')]* +\(?[A-Za-z]{2,}/;
  const KEEP = 60; // the lines the region keeps, the oldest dropped

  class Said {
    constructor(region) {
      this.region = region;
      this.seen = new Set();
      this.count = 0; // the lines said so far
    }

    // lines are what a frame's rows say, in words, trimmed.
    static lines(rows) {
      const out = [];
      for (const row of rows) {
        const l = row.replace(BOX, " ").replace(/ {3,}/g, "  ").trim();
        if (WORDS.test(l)) out.push(l);
      }
      return out;
    }

    // frame says the new lines of a frame's rows.
    frame(rows) {
      const lines = Said.lines(rows);
      const key = (l) => l.replace(/[0-9]+/g, "#");
      const fresh = lines.filter((l) => !this.seen.has(key(l)));
      this.seen = new Set(lines.map(key));
      if (fresh.length) this.say(fresh.join("\n"));
    }

    // say writes text into the region, a paragraph.
    say(text) {
      const p = document.createElement("p");
      p.textContent = text;
      this.region.append(p);
      while (this.region.childElementCount > KEEP) this.region.firstElementChild.remove();
      this.count++;
    }
  }

  globalThis.RogueSaid = Said;
})();
