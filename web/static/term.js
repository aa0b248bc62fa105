// The terminal grid on the page's canvas: it paints the frames the wasm
// program sends (one packed buffer a frame, 8 bytes a cell: the rune, the
// foreground and background colors, bold/dim/reverse), sizes the grid to
// the window (80x24 and more, the font shrinking to fit; on a phone fewer
// columns at the smallest font) and hands the
// keys to the game, keeping from the browser every key the game uses.
"use strict";

(() => {
  // The terminal's default foreground and background. The view's colors
  // (black, red, ... then the terrain's at each light) come from the
  // program's palette (setPalette); until it sends one, these.
  const FG0 = [200, 200, 200], BG0 = [0, 0, 0];
  const PALETTE = [null, [0, 0, 0], [205, 0, 0], [0, 205, 0], [255, 255, 85], [59, 120, 255],
    [255, 85, 255], [0, 205, 205], [255, 255, 255], [127, 127, 127], [205, 205, 0]];
  const BOLD = 1, DIM = 2, REVERSE = 4;
  const BURST = 4; // ms: frames closer than this are painted once a frame
  const MIN_PX = 12, MAX_PX = 64; // the font's size, in CSS pixels
  const FONT = '"DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", monospace';

  const rgb = (c) => `rgb(${c[0]},${c[1]},${c[2]})`;
  const BG = rgb(BG0); // a row's background, before its runs
  const mix = (a, b) => [(a[0] + b[0]) >> 1, (a[1] + b[1]) >> 1, (a[2] + b[2]) >> 1];

  // The box-drawing lines each glyph joins: up, down, left, right.
  const UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8;
  const LINES = new Map([[0x2500, LEFT | RIGHT], [0x2502, UP | DOWN], [0x250c, DOWN | RIGHT], [0x2510, DOWN | LEFT],
    [0x2514, UP | RIGHT], [0x2518, UP | LEFT], [0x251c, UP | DOWN | RIGHT], [0x2524, UP | DOWN | LEFT],
    [0x252c, DOWN | LEFT | RIGHT], [0x2534, UP | LEFT | RIGHT], [0x253c, UP | DOWN | LEFT | RIGHT]]);
  // The shades' share of ink: light, medium, dark.
  const SHADES = new Map([[0x2591, 0.3], [0x2592, 0.5], [0x2593, 0.75]]);

  // drawBlock draws a box-drawing line or a block element as rectangles
  // filling the cell (x, y, cw, ch) in the fill style, so that lines and
  // bars meet from cell to cell and row to row with no gap a font's glyph
  // leaves; it reports whether r is one it draws.
  const drawBlock = (ctx, r, x, y, cw, ch, px) => {
    // The cell's edges on whole pixels: the next cell starts where this
    // one ends, with no seam of half-covered pixels between them.
    const L = Math.round(x), R = Math.round(x + cw), W = R - L;
    const lines = LINES.get(r);
    if (lines) {
      const t = Math.max(1, Math.round(px / 12));
      const cx = Math.round(x + cw / 2 - t / 2), cy = Math.round(y + ch / 2 - t / 2);
      if (lines & LEFT) ctx.fillRect(L, cy, cx + t - L, t);
      if (lines & RIGHT) ctx.fillRect(cx, cy, R - cx, t);
      if (lines & UP) ctx.fillRect(cx, y, t, cy + t - y);
      if (lines & DOWN) ctx.fillRect(cx, cy, t, y + ch - cy);
      return true;
    }
    if (r === 0x2588) { ctx.fillRect(L, y, W, ch); return true; }
    if (r >= 0x2581 && r <= 0x2587) { // the lower eighths
      const h = Math.round(ch * (r - 0x2580) / 8);
      ctx.fillRect(L, y + ch - h, W, h);
      return true;
    }
    if (r === 0x2580) { ctx.fillRect(L, y, W, Math.round(ch / 2)); return true; }
    if (r === 0x2584) { const h = Math.round(ch / 2); ctx.fillRect(L, y + ch - h, W, h); return true; }
    const shade = SHADES.get(r);
    if (shade) {
      ctx.globalAlpha = shade;
      ctx.fillRect(L, y, W, ch);
      ctx.globalAlpha = 1;
      return true;
    }
    return false;
  };

  class Term {
    constructor(canvas) {
      this.canvas = canvas;
      this.ctx = canvas.getContext("2d", { alpha: false });
      this.cols = 80; this.rows = 24;
      this.minCols = 80; this.minRows = 24; this.wantCols = 80;
      this.frame = null; this.prev = null;
      this.paints = 0; this.lastPaint = 0;
      this.palette = PALETTE;
      this.fit();
    }

    // setPalette takes the view's colors from the program: 3 bytes (R, G,
    // B) a color, in the view's order, the first (the default) unused;
    // the latest frame is painted again in them.
    setPalette(table) {
      const p = [null];
      for (let i = 3; i + 2 < table.length; i += 3) p.push([table[i], table[i + 1], table[i + 2]]);
      this.palette = p;
      this.styles = new Map();
      this.prev = null;
      if (this.frame) this.draw();
    }

    // fit sizes the grid to the space the canvas has: the largest font
    // that still gives the width the view is laid out for and its
    // smallest height (80x24 unless the program says otherwise,
    // setMinimum), never under MIN_PX, then as many cells as fit: on a
    // phone, fewer than 80 columns at MIN_PX, down to the view's
    // smallest width. A grid the view needs wider than the window at
    // MIN_PX is shown scaled down to the window, never cut.
    fit() {
      this.fits = (this.fits || 0) + 1;
      const box = this.canvas.parentElement.getBoundingClientRect();
      const W = Math.max(1, box.width), H = Math.max(1, box.height);
      const ctx = this.ctx;
      let px = MAX_PX;
      for (; px > MIN_PX; px--) {
        ctx.font = `${px}px ${FONT}`;
        const cw = ctx.measureText("M".repeat(10)).width / 10;
        if (cw * this.wantCols <= W && Math.ceil(px * 1.2) * this.minRows <= H) break;
      }
      ctx.font = `${px}px ${FONT}`;
      this.px = px;
      this.styles = new Map();
      this.cw = ctx.measureText("M".repeat(10)).width / 10;
      this.ch = Math.ceil(px * 1.2);
      this.cols = Math.max(this.minCols, Math.floor(W / this.cw));
      this.rows = Math.max(this.minRows, Math.floor(H / this.ch));
      const dpr = window.devicePixelRatio || 1;
      const width = this.cols * this.cw, height = this.rows * this.ch;
      this.scale = Math.min(1, W / width, H / height);
      this.canvas.width = Math.ceil(width * dpr);
      this.canvas.height = height * dpr;
      this.canvas.style.width = `${width * this.scale}px`;
      this.canvas.style.height = `${height * this.scale}px`;
      this.dpr = dpr;
      this.prev = null;
      if (this.frame) this.draw();
    }

    // setMinimum is the smallest grid the view draws in (the grid is
    // never smaller) and the width it is laid out for (the font shrinks
    // to keep it, down to MIN_PX).
    setMinimum(cols, rows, want) {
      this.minCols = cols; this.minRows = rows; this.wantCols = Math.max(cols, want || cols);
      this.fit();
    }

    // cellAt is the cell under the point (x, y) of the window, or null
    // off the grid.
    cellAt(x, y) {
      const r = this.canvas.getBoundingClientRect();
      const col = Math.floor((x - r.left) / (r.width / this.cols)), row = Math.floor((y - r.top) / (r.height / this.rows));
      if (col < 0 || row < 0 || col >= this.cols || row >= this.rows) return null;
      return { col, row };
    }

    // blank shows nothing: no task draws.
    blank() {
      this.frame = null; this.prev = null;
      this.ctx.setTransform(1, 0, 0, 1, 0, 0);
      this.ctx.fillStyle = rgb(BG0);
      this.ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    }

    // paint takes a frame (the program reuses its buffer: the latest
    // frame is always in it) and paints it now, unless frames come in a
    // burst (one was painted less than BURST ms ago: a run, travel or a
    // fast replay sends one a turn): then the latest is painted at the
    // next animation frame (or 16 ms on), as a browser shows only one a
    // frame. A key's frame, which comes alone, is painted at once.
    paint(frame, w, h) {
      this.frame = frame; this.fw = w; this.fh = h;
      this.received = (this.received || 0) + 1;
      if (this.pending) return;
      if (document.hidden || performance.now() - this.lastPaint >= BURST) { this.draw(); return; }
      this.pending = true;
      const later = () => { if (this.pending) this.draw(); };
      requestAnimationFrame(later);
      setTimeout(later, 16);
    }

    // draw paints the latest frame; rows that did not change since the
    // last one painted are left as they are.
    draw() {
      this.paintStart = performance.now();
      this.pending = false;
      const ctx = this.ctx, cw = this.cw, ch = this.ch, w = this.fw, h = this.fh, frame = this.frame;
      const u32 = new Uint32Array(frame.buffer, frame.byteOffset, frame.length >> 2);
      const prev = this.prev && this.prev.length === u32.length && w === this.pw ? this.prev : null;
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      if (!prev) {
        ctx.fillStyle = rgb(BG0);
        ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
      }
      ctx.textBaseline = "top";
      ctx.fontKerning = "none"; // a stretch of text is a cell a character
      ctx.textRendering = "optimizeSpeed";
      this.font = "";
      for (let y = 0; y < h; y++) {
        const row = y * w * 2;
        if (prev) {
          let same = true;
          for (let i = row; i < row + 2 * w; i++) if (u32[i] !== prev[i]) { same = false; break; }
          if (same) continue;
        }
        // A glyph may reach past its cell (a bold one, a full block): the
        // row is clipped, so that none is left on a row not repainted.
        ctx.save();
        ctx.beginPath();
        ctx.rect(0, y * ch, w * cw + 1, ch);
        ctx.clip();
        // The row's background in one rectangle: a run paints its own
        // only when it is another.
        ctx.fillStyle = BG;
        ctx.fillRect(0, y * ch, w * cw + 1, ch);
        let x = 0;
        while (x < w) {
          const st = u32[row + 2 * x + 1];
          let end = x + 1;
          while (end < w && u32[row + 2 * end + 1] === st) end++;
          this.run(ctx, u32, row, x, end, y, st, cw, ch);
          x = end;
        }
        ctx.restore();
        this.font = ""; // restore brought back the font of before the save
      }
      if (prev && prev.length === u32.length) prev.set(u32); else this.prev = u32.slice();
      this.pw = w;
      this.paints++;
      this.lastPaint = performance.now();
      if (this.paints === 1) this.firstPaint = this.lastPaint;
      // frameAt is when the browser began the next frame, the one that
      // shows this paint (for measurements).
      if (!this.framing) {
        this.framing = true;
        requestAnimationFrame(() => { this.framing = false; this.frameAt = performance.now(); });
      }
      if (this.onPaint) this.onPaint();
    }

    // run paints cells x..end-1 of row y (at row in u32), all of one
    // style: the background (unless it is the row's), then the glyphs,
    // one string for each stretch of ASCII, blanks inside it included
    // (every one a cell wide in a monospace font), and one call for any
    // other.
    run(ctx, u32, row, x, end, y, st, cw, ch) {
      const s = this.style(st);
      if (s.bg !== BG) {
        ctx.fillStyle = s.bg;
        ctx.fillRect(x * cw, y * ch, (end - x) * cw + 0.5, ch);
      }
      ctx.fillStyle = s.fg;
      if (this.font !== s.font) { ctx.font = s.font; this.font = s.font; }
      for (let i = x; i < end;) {
        const r = u32[row + 2 * i];
        if (r === 32 || r === 0) { i++; continue; }
        if (r > 126) {
          if (!drawBlock(ctx, r, i * cw, y * ch, cw, ch, this.px)) ctx.fillText(String.fromCodePoint(r), i * cw, y * ch + 1);
          i++;
          continue;
        }
        let j = i + 1;
        while (j < end && u32[row + 2 * j] >= 32 && u32[row + 2 * j] <= 126) j++;
        while (u32[row + 2 * (j - 1)] === 32) j--; // the stretch ends in a glyph
        let text = "";
        for (let k = i; k < j; k++) text += String.fromCharCode(u32[row + 2 * k]);
        ctx.fillText(text, i * cw, y * ch + 1);
        i = j;
      }
    }

    // style is the fill styles and font of a cell style, kept once made.
    style(st) {
      let s = this.styles.get(st);
      if (s) return s;
      const fgI = st & 0xff, bgI = (st >> 8) & 0xff, attr = (st >> 16) & 0xff;
      let fg = this.palette[fgI] || FG0, bg = this.palette[bgI] || BG0;
      if (attr & REVERSE) [fg, bg] = [bg, fg];
      if (attr & DIM) fg = mix(fg, bg);
      s = { fg: rgb(fg), bg: rgb(bg), font: `${attr & BOLD ? "bold " : ""}${this.px}px ${FONT}` };
      this.styles.set(st, s);
      return s;
    }

    // text is the grid of the latest frame as text, one string a row,
    // trailing blanks trimmed (what the tests read).
    get text() {
      if (!this.frame) return [];
      const w = this.fw, u32 = new Uint32Array(this.frame.buffer, this.frame.byteOffset, this.frame.length >> 2);
      const lines = [];
      for (let y = 0; y < this.fh; y++) {
        let line = "";
        for (let x = 0; x < w; x++) line += String.fromCodePoint(u32[2 * (y * w + x)] || 32);
        lines.push(line.replace(/ +$/, ""));
      }
      return lines;
    }
  }

  globalThis.RogueTerm = Term;
})();
