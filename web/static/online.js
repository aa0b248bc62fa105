// The page served by rogue host: a server that decides every turn. It
// finds the server by asking who is signed in (GET page/me: rogue serve
// and a page opened from a file have no such call, and show none of
// this), then offers its sign-in and sign-up, play online, the live games
// to watch, the daily challenge (?daily), the boards (boards.js,
// ?board=NAME) and the finished games, each with its page (?game=ID: its
// morgue, a replay from ?turn=N, a download of its journal). The page
// holds the websocket and hands its frames to the wasm, which reads and
// draws them (web/wasm/online.go): a hello's or a note's JSON is read
// here. The sign-in's token is in a cookie this script cannot read.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const utf8 = new TextDecoder();

  // link gives the wasm the page's websockets: wsOpen(path) is a new
  // one's number; its frames go to wsFrame(n, bytes, json), its end to
  // wsClosed(n), once.
  const link = (game) => {
    const conns = new Map();
    let last = 0;
    game.wsOpen = (path) => {
      const n = ++last;
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`);
      ws.binaryType = "arraybuffer";
      conns.set(n, ws);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        conns.delete(n);
        game.wsClosed(n);
      };
      ws.onmessage = (e) => {
        if (!(e.data instanceof ArrayBuffer)) return; // the server sends binary frames only
        const b = new Uint8Array(e.data);
        let obj = null;
        if (b[0] === 72 || b[0] === 78) { // H: a hello, N: a note
          try { obj = JSON.parse(utf8.decode(b.subarray(1))); } catch (_) { obj = null; }
        }
        game.wsFrame(n, b, obj);
      };
      ws.onclose = end;
      ws.onerror = end;
      return n;
    };
    game.wsSend = (n, b) => {
      const ws = conns.get(n);
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(b);
      return true;
    };
    game.wsClose = (n) => {
      const ws = conns.get(n);
      if (!ws) return;
      conns.delete(n);
      ws.onclose = ws.onerror = ws.onmessage = null;
      ws.close();
    };
    // wsDrop drops every connection, as a network would (the tests').
    game.wsDrop = () => { for (const ws of [...conns.values()]) ws.close(); };
  };

  // firstLine is a refusal's one line.
  const firstLine = async (res) => {
    const text = (await res.text()).trim().split("\n")[0];
    return text || `the server answered ${res.status}`;
  };

  const setup = async (game, params) => {
    let me;
    try {
      const res = await fetch("page/me", { cache: "no-store" });
      if (!res.ok) return null;
      me = (await res.json()).name || "";
    } catch (_) { return null; }
    link(game);
    game.online = { name: me };
    document.body.classList.add("hosted");
    for (const el of document.querySelectorAll(".online")) el.hidden = false;
    $("status").hidden = true;

    const header = () => {
      game.online.name = me;
      $("account").textContent = me ? "Sign out" : "Sign in";
      $("status").hidden = !me && !game.watchers;
      const who = me ? `Signed in as ${me}` : "";
      const daily = game.dailyDay ? `the daily challenge of ${game.dailyDay}` : "";
      const watching = game.watchers ? `${game.watchers} watching` : "";
      $("status").textContent = [who, daily, watching].filter((x) => x).join(" · ");
    };
    game.onlineWatchers = (n) => { game.watchers = n; header(); };
    game.onlineBegan = (id, player, playing, day) => {
      game.watchers = 0;
      game.dailyDay = day || "";
      const what = day ? `the daily challenge of ${day}, game ${id}` : `game ${id}`;
      document.title = playing ? `rogue: ${what}` : `rogue: watching ${player}'s ${what}`;
      document.body.classList.toggle("watching", !playing); // a spectator has no use for the pad
      header();
    };
    game.onlineEnded = () => {
      game.watchers = 0;
      game.dailyDay = "";
      document.title = "rogue";
      document.body.classList.remove("watching");
      header();
    };
    header();

    // The sign-in: a name and a password, signed in or signed up.
    const signIn = (then) => {
      const box = $("overlay");
      box.replaceChildren();
      const h = document.createElement("h2");
      h.textContent = "Sign in to play on this server";
      const form = document.createElement("form");
      const field = (label, id, type, auto) => {
        const l = document.createElement("label");
        l.textContent = label;
        const i = document.createElement("input");
        Object.assign(i, { id, type, autocomplete: auto, required: true, maxLength: 256, spellcheck: false });
        i.setAttribute("autocapitalize", "off");
        l.append(i);
        form.append(l);
        return i;
      };
      const name = field("Name (2 to 20 letters, digits, _ or -)", "acct-name", "text", "username");
      const pass = field("Password", "acct-pass", "password", "current-password");
      const row = document.createElement("div");
      row.className = "row";
      const button = (text, id, type) => {
        const b = document.createElement("button");
        Object.assign(b, { textContent: text, id, type });
        row.append(b);
        return b;
      };
      button("Sign in", "acct-signin", "submit");
      const up = button("Sign up", "acct-signup", "button");
      const close = button("Close (Esc)", "acct-close", "button");
      form.append(row);
      const said = document.createElement("p");
      said.className = "said";
      said.id = "acct-said";
      said.setAttribute("role", "status");
      form.append(said);
      const send = async (what) => {
        said.textContent = what === "signup" ? "Signing up…" : "Signing in…";
        try {
          const res = await fetch(`page/${what}`, {
            method: "POST", headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ name: name.value, password: pass.value }),
          });
          if (!res.ok) { said.textContent = await firstLine(res); return; }
          me = (await res.json()).name || "";
        } catch (e) { said.textContent = `the server did not answer: ${e.message}`; return; }
        header();
        game.closeOverlay();
        if (then) then();
      };
      form.onsubmit = (e) => { e.preventDefault(); send("signin"); };
      up.onclick = () => { if (form.reportValidity()) send("signup"); };
      close.onclick = () => { game.closeOverlay(); game.toMenu(); };
      box.append(h, form);
      box.hidden = false;
      name.focus();
    };
    game.signIn = signIn;

    const playOnline = () => {
      if (!me) { signIn(playOnline); return; }
      game.start({ kind: "online", path: "/page/ws/play" });
    };
    $("online").onclick = playOnline;
    $("account").onclick = async () => {
      if (!me) { signIn(null); return; }
      await fetch("page/signout", { method: "POST" }).catch(() => {});
      me = "";
      header();
      game.say("You are signed out.");
    };

    const games = async (live) => {
      const res = await fetch(live ? "api/games?live=1" : "api/games", { cache: "no-store" });
      if (!res.ok) throw new Error(await firstLine(res));
      return (await res.json()) || [];
    };
    const watch = (id) => game.start({ kind: "watch", path: `/ws/watch/${id}` });
    $("watch").onclick = async () => {
      let list;
      try { list = await games(true); } catch (e) { game.say(`The live games could not be listed: ${e.message}`); return; }
      game.overlay(list.length ? "Games being played: watch one" : "Nobody is playing on this server now", list.map((g) => ({
        text: `Game ${g.id}: ${g.player}, depth ${g.depth}, turn ${g.turns}`, id: `watch-${g.id}`, onclick: () => watch(g.id),
      })));
    };
    $("finished").onclick = async () => {
      let list;
      try { list = (await games(false)).filter((g) => !g.live); } catch (e) { game.say(`The games could not be listed: ${e.message}`); return; }
      game.overlay(list.length ? "Games played to their end: each has its page" : "No game has ended on this server yet", list.map((g) => ({
        text: `Game ${g.id}: ${g.player}, ${g.outcome}, ${g.turns} turns, depth ${g.depth}`, href: `/?game=${g.id}`,
      })));
    };
    // The daily challenge: asked first (GET page/daily), so that a game
    // played already, or no sign-in, is one line, not a refused
    // websocket.
    const upper = (line) => line.charAt(0).toUpperCase() + line.slice(1);
    const dailyTask = async () => {
      let d;
      try {
        const res = await fetch("page/daily", { cache: "no-store" });
        if (res.status === 401) { me = ""; header(); return "signin"; }
        if (!res.ok) throw new Error(await firstLine(res));
        d = await res.json();
      } catch (e) { game.say(`Today's daily game could not be asked for: ${e.message}`); return null; }
      if (d.played) { game.say(`${upper(d.played)}.`); return null; }
      return { kind: "online", path: "/page/ws/play?daily=1" };
    };
    const playDaily = async () => {
      if (!me) { signIn(playDaily); return; }
      const t = await dailyTask();
      if (t === "signin") signIn(playDaily);
      else if (t) game.start(t);
    };
    $("daily").onclick = playDaily;
    $("boards").onclick = () => (game.boardsOpen ? game.closeBoards() : game.openBoards());
    for (const id of ["online", "daily", "watch", "finished", "account"]) {
      // Each of these leaves the boards for what it opens.
      $(id).addEventListener("click", () => { if (game.boardsOpen) game.closeBoards(); }, true);
    }
    for (const id of ["online", "daily", "watch", "finished", "account", "boards"]) {
      $(id).addEventListener("click", () => { $(id).blur(); game.foldMenu(); });
    }
    const onBoard = rogueBoards.setup(game, params);

    // The first task a link asks for: ?play (play online), ?daily (the
    // daily game), ?watch=ID, ?board=NAME, ?game=ID[&turn=N]; none of them takes this browser's lock on its
    // journals, which only the offline game needs.
    const whole = (v) => (/^[0-9]{1,15}$/.test(v || "") ? Number(v) : null);
    if (params.has("watch")) {
      const id = whole(params.get("watch"));
      if (id === null) { game.say(`?watch=${params.get("watch")}: a game's number is a whole number`); return null; }
      return { kind: "watch", path: `/ws/watch/${id}` };
    }
    if (params.has("play")) {
      if (me) return { kind: "online", path: "/page/ws/play" };
      signIn(playOnline);
      return "wait";
    }
    if (params.has("daily")) {
      if (!me) { signIn(playDaily); return "wait"; }
      const t = await dailyTask();
      if (t === "signin") { signIn(playDaily); return "wait"; }
      return t; // null: the line is said, and the page goes on as without ?daily
    }
    if (onBoard) return "wait";
    if (params.has("game")) {
      const id = whole(params.get("game"));
      if (id === null) { game.say(`?game=${params.get("game")}: a game's number is a whole number`); return null; }
      return gamePage(game, id, params.has("turn") ? whole(params.get("turn")) : null);
    }
    return null;
  };

  // gamePage is a finished game's page: its morgue under its replay, and
  // its journal to download. It returns the replay's task, or null.
  const gamePage = async (game, id, turn) => {
    document.body.classList.add("gamepage");
    $("gamepage").hidden = false;
    $("gametitle").textContent = `Game ${id}`;
    const url = `/games/${id}.rogue`;
    $("gamedownload").href = url;
    $("gamedownload").download = `game-${id}.rogue`;
    let bytes;
    try {
      const res = await fetch(url, { cache: "no-store" });
      if (!res.ok) throw new Error(await firstLine(res));
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (e) {
      $("gamedownload").hidden = true;
      $("gameabout").textContent = e.message;
      return "wait";
    }
    try {
      const row = (await (await fetch("api/games", { cache: "no-store" })).json() || []).find((g) => g.id === id);
      if (row) {
        $("gametitle").textContent = `Game ${id}: ${row.player}, ${row.outcome}, ${row.turns} turns, depth ${row.depth}`;
        $("gameabout").textContent = `(${bytes.length} bytes; digest ${row.digest})`;
      }
    } catch (_) { /* the title stays the game's number */ }
    const path = `/tmp/journals/game-${id}.rogue`; // written once the page's files are open
    (async () => {
      while (!game.morgue || !rogueFS.exists(path)) await sleep(20); // the wasm is starting
      $("morgue").textContent = await game.morgue(path);
      game.morgueShown = true;
    })();
    const t = { kind: "replay", path, bytes };
    if (turn !== null) t.turn = turn;
    return t;
  };

  globalThis.rogueOnline = { setup };
})();
