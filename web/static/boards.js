// The boards in the page of rogue host: the list of boards (GET
// api/boards: each rules version's, played on the server and played
// offline, the days' and the weeks' of the daily challenge) and one
// board shown a page at a time, as a table (GET api/boards/NAME?n=N,
// then ?after=CURSOR&rank=R for the next page: the server reads a page
// by its index, whatever the number of games stored; the pages before
// are the cursors this view went through). Each row links to its game's
// page. The view covers the game, which waits under it (an online game
// stays on the server); Escape or Close gives it back. ?board=NAME[&n=N]
// opens the page on a board.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const PAGE = 20; // rows a page, unless ?n= asks (the server takes 1 to 100)

  // label is a board's button: short enough for a phone's row.
  const label = (name) => {
    const [kind, rest] = name.split("/");
    switch (kind) {
      case "rules": return `Rules ${rest}`;
      case "offline": return `Offline, rules ${rest}`;
      case "daily": return `Day ${rest}`;
      case "weekly": return `Week ${rest}`;
    }
    return name;
  };

  const firstLine = async (res) => {
    const text = (await res.text()).trim().split("\n")[0];
    return text || `the server answered ${res.status}`;
  };

  const upper = (line) => line.charAt(0).toUpperCase() + line.slice(1);

  // outcome is an entry's end, with its reason, as the server's own
  // board words it.
  const outcome = (e) => (e.taken_over ? `${e.outcome} (a take-over)` : e.outcome);

  const setup = (game, params) => {
    const view = $("boardview");
    let boards = null; // the list, once read
    // The board shown: its name, the page size, the cursors of the
    // pages before this one (each {after, rank}), this page's, and the
    // page as read.
    let shown = null;
    let pageURL = null; // the page's address before the view opened

    // say is a line in the view (what went wrong), and said in the
    // page's live region; announce only says it there.
    const say = (line) => {
      $("boardsaid").textContent = line;
      if (line) game.said.say(line);
    };
    const announce = (line) => game.said.say(line);

    const place = () => { view.style.top = `${document.querySelector("header").getBoundingClientRect().bottom}px`; };
    addEventListener("resize", () => { if (!view.hidden) place(); });

    const open = async (name, n) => {
      if (view.hidden) {
        pageURL = location.href;
        view.hidden = false;
        document.body.classList.add("boards");
        game.boardsOpen = true;
        place();
        $("boardhead").focus();
      }
      if (!boards) {
        try {
          const res = await fetch("api/boards", { cache: "no-store" });
          if (!res.ok) throw new Error(await firstLine(res));
          boards = (await res.json()) || [];
        } catch (e) { say(`The boards could not be listed: ${e.message}`); return; }
        listBoards();
      }
      if (!name) name = (boards.find((b) => b.name.startsWith("rules/")) || boards[0] || {}).name;
      if (name) show(name, n || PAGE);
    };

    const close = () => {
      if (view.hidden) return;
      view.hidden = true;
      document.body.classList.remove("boards");
      game.boardsOpen = false;
      if (pageURL) history.replaceState(null, "", pageURL);
      // The keys go back to the game: a button left with the focus would
      // take the game's next Enter as a click.
      $("screen").focus();
      game.toMenu(); // when no game is under way, as on a page opened on a board
    };

    const listBoards = () => {
      const nav = $("boardlist");
      nav.replaceChildren();
      for (const b of boards) {
        const el = document.createElement("button");
        el.type = "button";
        el.textContent = label(b.name);
        el.title = b.title;
        el.dataset.board = b.name;
        el.onclick = () => show(b.name, shown ? shown.n : PAGE);
        nav.append(el);
      }
    };

    // show reads board name's first page.
    const show = (name, n) => {
      if (!/^(rules|offline|daily|weekly)(\/[0-9A-Za-z-]{1,12})?$/.test(name)) {
        say(`There is no board called ${name.slice(0, 40)}: choose one above.`);
        return;
      }
      shown = { name, n, before: [], at: { after: "", rank: 1 }, page: null };
      for (const el of $("boardlist").children) {
        if (el.dataset.board === name) el.setAttribute("aria-current", "true");
        else el.removeAttribute("aria-current");
      }
      const q = new URLSearchParams({ board: name });
      if (n !== PAGE) q.set("n", String(n));
      history.replaceState(null, "", `${location.pathname}?${q}`);
      read();
    };

    // read reads the page shown.at of the board shown, and draws it.
    let reading = 0;
    const read = async () => {
      const s = shown, mine = ++reading;
      const q = new URLSearchParams({ n: String(s.n) });
      if (s.at.after) {
        q.set("after", s.at.after);
        if (s.at.rank > 1) q.set("rank", String(s.at.rank));
      }
      // The buttons stay as they are (one disabled now would drop the
      // focus) but do nothing until the page is read.
      s.busy = true;
      view.setAttribute("aria-busy", "true");
      let p;
      try {
        const res = await fetch(`api/boards/${s.name}?${q}`, { cache: "no-store" });
        if (!res.ok) throw new Error(await firstLine(res));
        p = await res.json();
      } catch (e) {
        if (mine !== reading) return;
        s.busy = false;
        view.removeAttribute("aria-busy");
        $("boardtitle").textContent = label(s.name);
        $("boardrows").replaceChildren();
        $("board").hidden = true;
        $("boardempty").textContent = "";
        say(`This board could not be read: ${e.message}`);
        $("boardprev").disabled = s.before.length === 0;
        $("boardnext").disabled = true;
        return;
      }
      if (mine !== reading) return; // another board or page was asked for meanwhile
      s.busy = false;
      view.removeAttribute("aria-busy");
      s.page = p;
      draw(s, p);
    };

    const draw = (s, p) => {
      const rows = p.rows || [];
      const rank = p.rank || s.at.rank;
      $("boardtitle").textContent = upper(p.title);
      const body = $("boardrows");
      body.replaceChildren();
      rows.forEach((e, i) => {
        const tr = document.createElement("tr");
        const cell = (text, tag, cls) => {
          const c = document.createElement(tag || "td");
          c.textContent = text;
          if (cls) c.className = cls;
          tr.append(c);
          return c;
        };
        cell(String(rank + i), "td", "n rank");
        const who = cell(e.account, "th", "who");
        who.scope = "row";
        who.setAttribute("role", "rowheader");
        cell(outcome(e), "td", "end");
        cell(String(e.turns), "td", "n turns").dataset.label = "turns";
        cell(String(e.depth), "td", "n depth").dataset.label = "depth";
        cell(String(e.level), "td", "n level").dataset.label = "level";
        cell(e.build, "td", "build").dataset.label = "verified by";
        const a = document.createElement("a");
        a.href = `/game/${e.id}`;
        a.textContent = `Game ${e.id}`;
        cell("", "td", "page").append(a);
        // The roles, said again: a phone lays the rows out otherwise
        // (style.css), and a browser may then forget they are a table's.
        tr.setAttribute("role", "row");
        for (const c of tr.cells) if (c.tagName === "TD") c.setAttribute("role", "cell");
        body.append(tr);
      });
      const words = rows.length === 0
        ? (s.before.length ? "No more games on this board." : "No game is on this board yet.")
        : !p.next && rank === 1 ? (rows.length === 1 ? "1 game." : `${rows.length} games, best first.`)
          : `${rows.length === 1 ? `Game ${rank}` : `Games ${rank} to ${rank + rows.length - 1}`}${p.next ? ", best first; more on the next page." : ", the last."}`;
      $("board").hidden = rows.length === 0;
      $("boardempty").textContent = rows.length === 0 ? words : "";
      $("boardsaid").textContent = "";
      $("boardcaption").textContent = words; // the table's name is the title, then this
      const prev = $("boardprev"), next = $("boardnext");
      const focused = document.activeElement;
      prev.disabled = s.before.length === 0;
      next.disabled = !p.next;
      if (focused && focused.disabled) (prev.disabled ? next.disabled ? $("boardhead") : next : prev).focus();
      announce(`${upper(p.title)}. ${words}`);
    };

    $("boardnext").onclick = () => {
      const s = shown;
      if (!s || s.busy || !s.page || !s.page.next) return;
      const rows = (s.page.rows || []).length;
      s.before.push(s.at);
      s.at = { after: s.page.next, rank: (s.page.rank || s.at.rank) + rows };
      read();
    };
    $("boardprev").onclick = () => {
      const s = shown;
      if (!s || s.busy || s.before.length === 0) return;
      s.at = s.before.pop();
      read();
    };
    $("boardclose").onclick = close;
    addEventListener("keydown", (e) => {
      if (e.key === "Escape" && !view.hidden && $("overlay").hidden) { e.preventDefault(); close(); }
    });

    game.openBoards = open;
    game.closeBoards = close;

    // ?board=NAME[&n=N]: the page opens on that board.
    if (params.has("board")) {
      const n = Number(params.get("n") || PAGE);
      open(params.get("board"), Number.isInteger(n) && n >= 1 ? n : PAGE);
      return true;
    }
    return false;
  };

  globalThis.rogueBoards = { setup };
})();
