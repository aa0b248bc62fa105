// The page: it takes this browser's one lock on the stored journals (one
// tab plays at a time), loads them (fs.js), asks the browser to keep them
// (navigator.storage.persist), starts the wasm program and hands it its
// tasks: the main menu (?seed=N gives its new games that seed), a journal
// opened from a link (?replay=URL, or ?follow=URL for one that is being
// written), or an imported one to replay or to continue. It exports any
// journal as a .rogue file.
"use strict";

(() => {
  const DATA = "/data/rogue";
  const $ = (id) => document.getElementById(id);
  const game = (globalThis.rogue = {});
  const term = new RogueTerm($("screen"));
  const said = new RogueSaid($("said"));
  game.said = said;
  // say puts line on the page's line over the game (and in the live
  // region); the next key or click the game takes clears it. lines
  // counts the lines said.
  game.lines = 0;
  const say = (line) => {
    $("line").textContent = line || "";
    game.lines++;
    if (line) said.say(line);
  };
  game.onInput = (lines) => { if (lines === game.lines && !game.waitingForLock) $("line").textContent = ""; };
  // Each painted frame's new words go to the live region, at most ten
  // times a second (a run or a fast replay paints a frame a turn).
  let saying = false;
  term.onPaint = () => {
    if (saying) return;
    saying = true;
    setTimeout(() => { saying = false; if (!game.boardsOpen) said.frame(term.text); }, 100); // the boards speak for themselves
  };

  // The tasks the program asks for, one at a time.
  const tasks = [];
  let waiting = null, current = null;
  game.cols = term.cols;
  game.rows = term.rows;
  game.draw = (frame, w, h) => term.paint(frame, w, h);
  // The colors, as the menu's p chose them last in this browser: the
  // program draws in game.palette and tells each choice to setPalette.
  const PALETTE_KEY = "rogue.palette";
  try { game.palette = localStorage.getItem(PALETTE_KEY) || "default"; } catch { game.palette = "default"; }
  game.setPalette = (name, table) => {
    term.setPalette(table);
    game.palette = name;
    try { localStorage.setItem(PALETTE_KEY, name); } catch { /* kept for this visit only */ }
  };
  game.term = term;
  game.nextTask = () => new Promise((resolve) => {
    const t = tasks.shift();
    if (t) { current = t; resolve(t); return; }
    waiting = resolve;
  });
  game.taskEnded = (line) => {
    const t = current;
    current = null;
    // A store the browser refused ended the game: that is its line, in
    // place of the journal's refusing to close.
    if (rogueFS.refusal && !game.refusalSaid) {
      game.refusalSaid = true;
      line = `This browser refused to store the last turn drawn (${rogueFS.refusal}): ` +
        "the game is kept up to the turn before it; reload the page to go on.";
    }
    game.lastLine = line;
    if (t && t.onEnd) { t.onEnd(line); return; } // it queues what comes next
    say(line);
    if (tasks.length > 0) return;
    if (t && t.kind === "menu" && !line) { closed(); return; }
    toMenu();
  };
  // toMenu queues the main menu, once this tab holds the lock on the
  // stored journals: a page opened to play online, to watch or on a
  // finished game's page starts without it.
  const toMenu = async () => {
    if (game.unlocked) {
      game.unlocked = false;
      await lock();
    }
    if (tasks.length === 0 && !current) queue(menu());
  };
  game.toMenu = () => { if (tasks.length === 0 && !current && !overlayOpen()) toMenu(); };
  // closed is the page once the menu is quit: nothing drawn, a line that
  // says how to come back, and the menu again at the next key or click.
  const closed = () => {
    term.blank();
    say("rogue is closed; your games stay in this browser. Press a key or click to open its menu again.");
    const back = () => {
      removeEventListener("keydown", back, true);
      removeEventListener("pointerdown", back, true);
      if (tasks.length === 0 && !current) queue(menu());
    };
    addEventListener("keydown", back, true);
    addEventListener("pointerdown", back, true);
  };
  // The main menu, whose new games have the seed ?seed=N asked for.
  let menuSeed = 0;
  const menu = () => ({ kind: "menu", seed: menuSeed });
  const queue = (t) => {
    if (waiting) { const w = waiting; waiting = null; current = t; w(t); return; }
    tasks.push(t);
  };
  // start runs t next, ending the task under way (its game is saved
  // after every turn already).
  const start = (t) => {
    tasks.length = 0;
    tasks.push(t);
    if (current && game.interrupt) game.interrupt();
    else if (waiting) queue(tasks.shift());
  };
  game.start = start;
  game.say = say;
  game.queue = (t) => queue(t);

  // The grid follows the space it has: the window's size, and the line
  // over the game coming and going.
  const refit = () => {
    const cols = term.cols, rows = term.rows;
    term.fit();
    game.cols = term.cols; game.rows = term.rows;
    if (game.resize && (cols !== term.cols || rows !== term.rows)) game.resize(term.cols, term.rows);
  };
  new ResizeObserver(refit).observe(document.querySelector("main"));
  // setMinimum: the program says the smallest grid its view draws in.
  game.setMinimum = (cols, rows, want) => {
    term.setMinimum(cols, rows, want);
    game.cols = term.cols; game.rows = term.rows;
  };
  const overlayOpen = () => !$("overlay").hidden;
  // While the overlay or the boards (boards.js) are over the game, the
  // keys and the pointer are theirs, not the game's.
  const inputHeld = () => overlayOpen() || game.boardsOpen === true;
  window.addEventListener("keydown", rogueInput.keyHandler(game, inputHeld), true);
  rogueInput.pointer(game, term, inputHeld);
  rogueInput.pad(game, $("pad"), $("typed"));
  // On a phone the header's buttons fold into its menu.
  $("menu").addEventListener("click", () => {
    const open = document.querySelector("header").classList.toggle("open");
    $("menu").setAttribute("aria-expanded", String(open));
  });
  const foldMenu = () => {
    document.querySelector("header").classList.remove("open");
    $("menu").setAttribute("aria-expanded", "false");
  };
  game.foldMenu = foldMenu;

  // closeOverlay hides the overlay and gives the keys back to the game:
  // a button left with the focus would take the player's next Enter
  // (the game's too) as a click, and start what it started again.
  const closeOverlay = () => {
    $("overlay").hidden = true;
    $("screen").focus();
  };
  // The buttons above the game let go of the focus once clicked, for
  // the same reason.
  for (const id of ["import", "export", "served"]) $(id).addEventListener("click", () => { $(id).blur(); foldMenu(); });

  // The overlay: a few lines and buttons over the game, for import and
  // export; Escape closes it.
  const overlay = (title, items) => {
    const box = $("overlay");
    box.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = title;
    box.append(h);
    for (const it of items) {
      const el = document.createElement(it.href ? "a" : it.onclick ? "button" : "p");
      el.textContent = it.text;
      if (it.href) { el.href = it.href; if (it.download) el.download = it.download; }
      if (it.onclick) el.onclick = () => { closeOverlay(); it.onclick(); };
      if (it.id) el.id = it.id;
      box.append(el);
    }
    const close = document.createElement("button");
    close.textContent = "Close (Esc)";
    close.onclick = closeOverlay;
    box.append(close);
    box.hidden = false;
  };
  window.addEventListener("keydown", (e) => {
    if (overlayOpen() && e.key === "Escape") { closeOverlay(); e.preventDefault(); game.toMenu(); }
  });
  game.overlay = overlay;
  game.closeOverlay = closeOverlay;

  const baseName = (p) => p.slice(p.lastIndexOf("/") + 1);
  const download = (path) => {
    const bytes = rogueFS.read(path);
    return URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
  };
  game.exportList = () => {
    const files = rogueFS.list(DATA).filter((f) => /(\.rogue|-death\.txt|-won\.txt)$/.test(f.name));
    for (const f of rogueFS.list("/tmp/journals")) files.push(f);
    return files;
  };
  $("export").onclick = () => {
    const files = game.exportList();
    overlay(files.length ? "Save a journal, or a game's summary, to this computer" : "No journals yet", files.map((f) => ({
      text: `${f.name} (${f.size} bytes)`, href: download(f.path), download: f.name,
    })));
  };

  // The journals of the folder rogue serve serves (GET /api/journals),
  // each to replay, or to follow while it is being written. A page
  // served otherwise has no such list, and no button for it.
  const servedJournals = async () => {
    const res = await fetch("api/journals", { cache: "no-store" });
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    return (await res.json()).journals || [];
  };
  $("served").onclick = async () => {
    let list;
    try { list = await servedJournals(); } catch (e) { say(`the server's journals: ${e.message}`); return; }
    const items = [];
    for (const j of list) {
      const about = [j.turns !== undefined ? `turn ${j.turns}` : "", j.depth ? `depth ${j.depth}` : "", j.ending || j.status || "", j.problem || ""]
        .filter((x) => x).join(", ");
      items.push({ text: `${j.name}: replay (${about})`, href: j.replay });
      if (j.growing) items.push({ text: `${j.name}: follow it as it is played`, href: j.follow });
    }
    overlay(items.length ? "This server's journals" : "This server has no journals", items);
  };
  servedJournals().then(() => { $("served").hidden = false; }, () => {});

  // Import: a .rogue file picked or dropped is kept in memory (/tmp)
  // until the player says what to do with it; only continuing it keeps
  // it in the browser, and only once the program has checked it. What
  // the file holds is said once, here: a torn or damaged end is not said
  // again when it is replayed.
  const importBytes = async (name, bytes) => {
    if (!name.endsWith(".rogue")) name += ".rogue";
    name = name.replace(/[^A-Za-z0-9._-]/g, "_");
    const tmp = `/tmp/import/${name}`;
    await rogueFS.write(tmp, bytes);
    const e = await game.examine(tmp);
    const replay = (text) => ({ text, id: "import-replay", onclick: () => start({ kind: "replay", path: tmp, said: true }) });
    const items = [];
    if (e.problem) {
      items.push({ text: `This file cannot be replayed: ${e.problem}.`, id: "import-said" });
    } else if (e.damaged) {
      if (e.turns < 0) {
        items.push({ text: "This file is damaged from its first turn: there is nothing in it to replay.", id: "import-said" });
      } else {
        items.push({ text: `This file is damaged after turn ${e.turns}: replay the turns before it, or export them as a new journal.`, id: "import-said" });
        items.push(replay("Replay the turns before the damage"));
        items.push({ text: "Export them as a new journal", id: "import-salvage", onclick: () => salvage(name, bytes, e.whole) });
      }
    } else {
      const torn = e.torn ? `; its last turn was cut short as it was written (a crash, or a download cut off), so it ends at turn ${e.turns}` : "";
      const where = e.over ? (e.ending === "won" ? "a game won" : `a game over (${e.ending})`) : `a game going on, on ${e.ending}`;
      items.push({ text: `${e.turns} turns, ${where}${torn}.`, id: "import-said" });
      items.push(replay("Replay it"));
      if (!e.over && e.playable) {
        items.push({ text: "Play on from its last turn (kept in this browser)", id: "import-continue", onclick: () => continueImport(name, bytes, tmp) });
      }
    }
    overlay(`${name} (${bytes.length} bytes)`, items);
  };
  game.importBytes = importBytes;

  // salvage offers to save the turns of a damaged import before its
  // damage: its first bytes, up to the first damaged record, are a
  // journal of their own (the header, then records that chain).
  const salvage = (name, bytes, whole) => {
    const f = `${name.replace(/\.rogue$/, "")}-before-the-damage.rogue`;
    const url = URL.createObjectURL(new Blob([bytes.subarray(0, whole)], { type: "application/octet-stream" }));
    overlay(`${f}: the turns of ${name} before the damage`, [{ text: `Save ${f}`, id: "salvaged", href: url, download: f }]);
  };

  // unfinished is the game this browser's menu would continue, what it
  // holds (as examine says), or null: the newest journal whose game goes
  // on.
  const unfinished = async () => {
    const names = rogueFS.list(DATA).filter((f) => f.name.endsWith(".rogue")).map((f) => f.name).sort().reverse();
    for (const n of names) {
      const e = await game.examine(`${DATA}/${n}`);
      if (!e.problem && !e.damaged && !e.over) return e;
    }
    return null;
  };

  // continueImport plays an import on, once the player has said yes to
  // setting aside the unfinished game, if there is one (as n on the menu
  // asks).
  const continueImport = async (name, bytes, tmp) => {
    const kept = `${DATA}/${name}`;
    if (rogueFS.exists(kept)) {
      say(`${name}: a journal of that name is in this browser already; it is left as it is`);
      return;
    }
    const go = async () => {
      if (game.unlocked) { game.unlocked = false; await lock(); }
      start({
      kind: "check", path: tmp, onEnd: async (line) => {
        if (line) {
          say(`${name}: ${line}`);
          queue(menu());
          return;
        }
        await rogueFS.write(kept, bytes);
        queue({ kind: "continue", path: kept, said: true }); // its torn end was said above
      },
      });
    };
    const other = await unfinished();
    if (!other) { go(); return; }
    overlay(`Set the unfinished game aside and play ${name}?`, [
      { text: `The unfinished game (turn ${other.turns}, ${other.ending}) stays in this browser: the menu's Replay finds it.` },
      { text: `Yes: play ${name} on`, id: "import-aside", onclick: go },
    ]);
  };
  $("import").onclick = () => $("file").click();
  $("file").onchange = async () => {
    const f = $("file").files[0];
    if (f) await importBytes(f.name, new Uint8Array(await f.arrayBuffer()));
    $("file").value = "";
  };
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", async (e) => {
    e.preventDefault();
    const f = e.dataTransfer.files[0];
    if (f) await importBytes(f.name, new Uint8Array(await f.arrayBuffer()));
  });

  // A journal from a link, fetched whole (replay) or followed as it grows.
  const fetchJournal = async (url) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(res.status === 404 ? "the server has no such journal" : `the server answered ${res.status} ${res.statusText}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const follow = async (url, path) => {
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const have = rogueFS.read(path).length;
      try {
        const res = await fetch(url, { headers: { Range: `bytes=${have}-` }, cache: "no-store" });
        let more = null;
        if (res.status === 206) more = new Uint8Array(await res.arrayBuffer());
        else if (res.status === 200) more = new Uint8Array(await res.arrayBuffer()).subarray(have);
        if (more && more.length > 0) rogueFS.append(path, more);
      } catch (e) { /* the server may come back: try again */ }
    }
  };

  // seedOf is the seed that ?seed=N asks new games to have (as rogue
  // play --seed N does), or 0 for a random one; anything but a whole
  // number from 1 to 2^53-1 is said and left out.
  const seedOf = (v) => {
    if (v === null) return 0;
    if (/^[0-9]{1,16}$/.test(v) && Number(v) >= 1 && Number.isSafeInteger(Number(v))) return Number(v);
    say(`?seed=${v}: not a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, so new games have a random seed`);
    return 0;
  };

  const boot = async () => {
    const params = new URLSearchParams(location.search);
    menuSeed = seedOf(params.get("seed"));
    // A page of rogue host opened to play online, to watch or on a
    // finished game's page begins with that (online.js), without this
    // browser's lock on its journals.
    const first = globalThis.rogueOnline ? await rogueOnline.setup(game, params) : null;
    if (first) game.unlocked = true;
    else if (!await lock()) return;
    await rogueFS.open("rogue");
    if (navigator.storage && navigator.storage.persist) {
      game.persisted = await navigator.storage.persist().catch(() => false);
    }
    const link = params.get("replay") || params.get("follow");
    if (first && first.bytes) await rogueFS.write(first.path, first.bytes);
    if (first && first !== "wait") queue(first);
    else if (link) {
      const path = `/tmp/journals/${baseName(new URL(link, location.href).pathname) || "journal.rogue"}`;
      try {
        await rogueFS.write(path, await fetchJournal(link));
        if (params.get("follow")) {
          follow(link, path);
          queue({ kind: "follow", path });
        } else queue({ kind: "replay", path });
      } catch (e) {
        say(`The journal of this link, ${baseName(new URL(link, location.href).pathname)}, could not be fetched: ${e.message}.`);
      }
    }
    if (tasks.length === 0 && !first) queue(menu());
    const go = new Go();
    go.env = { HOME: "/home/player", XDG_DATA_HOME: "/data", XDG_CACHE_HOME: "/cache", USER: "player" };
    const res = await fetch("rogue.wasm");
    const { instance } = await WebAssembly.instantiateStreaming(res, go.importObject);
    game.started = performance.now();
    go.run(instance).then(() => say("rogue has stopped: reload the page to start it again"));
  };

  // lock takes this browser's lock on the stored journals for as long as
  // the page is open. While another tab holds it, this one says why it
  // waits, and starts once that tab is closed.
  const lock = () => new Promise((resolve) => {
    if (!navigator.locks) { resolve(true); return; }
    navigator.locks.request("rogue-journals", { ifAvailable: true }, (l) => {
      if (l) { resolve(true); return new Promise(() => {}); }
      // The line said before (a link's, as ?daily's) comes back once the
      // lock is taken: the page before this one, in the same tab, may
      // hold the lock for a moment.
      const before = $("line").textContent;
      say("rogue is open in another tab of this browser: one tab plays at a time, so that two never write the same journal. This tab starts when that one is closed.");
      game.waitingForLock = true;
      navigator.locks.request("rogue-journals", () => {
        game.waitingForLock = false;
        $("line").textContent = before;
        resolve(true);
        return new Promise(() => {});
      });
      return null;
    });
  });

  boot().catch((e) => say(`rogue could not start: ${e.message}`));
})();
