// The file system the wasm program's os package uses (Go on js/wasm calls
// globalThis.fs as Node's fs, with callbacks): files in memory, every
// file outside /tmp kept in IndexedDB, in blocks, so that a turn writes
// only the block it ends in. What IndexedDB holds of a file is its bytes
// exactly. A file's bytes reach IndexedDB in one transaction of strict
// durability.
//
// An fsync of a file (a journal's turn) starts its transaction and
// returns at once: the game applies the turn and draws it while the
// browser commits it, so that the turn's frame is not held back by the
// disk. The program then takes no other input until that store is
// committed (settle, which the wasm's screen calls before it hands the
// game its next key or click), and every other call that stores, and
// the next fsync, waits for it first: at most one turn is ever drawn
// and not yet stored, the last, and a tab that crashes (or is closed)
// in that moment loses only that turn, the one being written. A store
// the browser refuses is said once and every later store fails (EIO).
// Every other call that stores (close, mkdir, rename, link, unlink,
// write) returns only once it is committed.
"use strict";

(() => {
  const BLOCK = 4096;
  const S_IFREG = 0o100000, S_IFDIR = 0o040000;
  const C = {
    O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128,
    O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536,
  };

  const fail = (code, what) => {
    const e = new Error(code + ": " + what);
    e.code = code;
    return e;
  };

  // A node is a file ({data, size, mtime, dirty: Set of blocks}) or a
  // directory ({dir: true, mtime}).
  const nodes = new Map();
  const fds = new Map();
  let nextFd = 100;
  let db = null;

  const norm = (p) => {
    const out = [];
    for (const part of p.split("/")) {
      if (part === "" || part === ".") continue;
      if (part === "..") out.pop(); else out.push(part);
    }
    return "/" + out.join("/");
  };
  const parent = (p) => p.slice(0, p.lastIndexOf("/")) || "/";
  const kept = (p) => !(p === "/tmp" || p.startsWith("/tmp/"));

  nodes.set("/", { dir: true, mtime: Date.now() });
  nodes.set("/tmp", { dir: true, mtime: Date.now() });

  const stat = (n, p) => ({
    dev: 1, ino: 1, mode: n.dir ? S_IFDIR | 0o755 : S_IFREG | 0o644, nlink: 1,
    uid: 0, gid: 0, rdev: 0, size: n.dir ? 4096 : n.size, blksize: 4096,
    blocks: n.dir ? 8 : Math.ceil(n.size / 512),
    atimeMs: n.mtime, mtimeMs: n.mtime, ctimeMs: n.mtime,
    isDirectory: () => !!n.dir,
  });

  const grow = (n, size) => {
    if (size <= n.data.length) return;
    const d = new Uint8Array(Math.max(size, n.data.length * 2, 4096));
    d.set(n.data.subarray(0, n.size));
    n.data = d;
  };
  const markDirty = (n, from, to) => {
    for (let b = Math.floor(from / BLOCK); b <= Math.floor(Math.max(from, to - 1) / BLOCK); b++) n.dirty.add(b);
  };
  const newFile = () => ({ data: new Uint8Array(0), size: 0, mtime: Date.now(), dirty: new Set(), shrunk: false });

  // batch is what changed of the paths given (deleted ones: gone), as
  // store.js's rogueWriteBatch writes it; it is then no longer dirty.
  const batch = (paths) => {
    const ops = [];
    for (const p of paths.filter(kept)) {
      const n = nodes.get(p);
      if (!n) { ops.push({ path: p, gone: true }); continue; }
      if (n.dir) { ops.push({ path: p, node: { path: p, dir: true, mtime: n.mtime } }); continue; }
      const op = { path: p, node: { path: p, size: n.size, mtime: n.mtime }, blocks: [] };
      if (n.shrunk) op.cutFrom = Math.ceil(n.size / BLOCK);
      for (const b of n.dirty) {
        const from = b * BLOCK;
        if (from < n.size) op.blocks.push([b, n.data.slice(from, Math.min(n.size, from + BLOCK))]);
      }
      n.dirty.clear();
      n.shrunk = false;
      ops.push(op);
    }
    return ops;
  };

  // The worker that writes the batches when the page is cross-origin
  // isolated (see store.js), the shared memory it says in what it has
  // committed, and the batches posted to it not settled yet.
  let worker = null, done = null, posted = 0;
  const unsettled = new Map();
  // SPIN is how long, in ms, a store that is waited for watches the
  // worker commit before it waits for the worker's message instead: the
  // page does nothing else meanwhile, as a terminal does nothing while
  // its disk syncs.
  const SPIN = 20;
  // ahead is the store an fsync started and did not wait for ({id,
  // waiting: what to call once it is settled}), null when none is under
  // way; refused is the error of a store the browser refused, after
  // which no store is made.
  let ahead = null, refused = null;

  // stored holds how long each store took, in ms, for measurements.
  const stored = [];

  // commit writes ops in one transaction and calls ok once it is
  // committed, bad(error) once it is refused: from a later task, or at
  // once when spin is set and the worker commits within SPIN ms. It
  // returns the batch's number.
  const commit = (ops, spin, ok, bad) => {
    if (!worker) { rogueWriteBatch(db, ops).then(ok, bad); return 0; }
    const id = ++posted;
    unsettled.set(id, { ok, bad });
    worker.postMessage({ id, batch: ops }, ops.flatMap((op) => (op.blocks || []).map(([, bytes]) => bytes.buffer)));
    if (spin) watch(id, SPIN);
    return id;
  };
  // watch settles batch id now if the shared memory says, within ms,
  // that the worker committed it (a refusal's words come in its message).
  const watch = (id, ms) => {
    const t0 = performance.now();
    while (Atomics.load(done, 0) < id && performance.now() - t0 < ms) { /* the worker is committing */ }
    const u = unsettled.get(id);
    if (!u || Atomics.load(done, 0) < id || Atomics.load(done, 1 + id % (done.length - 1)) !== 1) return;
    unsettled.delete(id);
    u.ok();
  };
  // afterAhead calls fn once no store started ahead is under way: at
  // once when none is (or the worker commits it within ms), otherwise
  // from the later task that settles it.
  const afterAhead = (ms, fn) => {
    if (ahead && worker) watch(ahead.id, ms);
    if (ahead) ahead.waiting.push(fn); else fn();
  };
  const took = (t0) => {
    api.storeEnd = performance.now();
    if (stored.length < 10000) stored.push(api.storeEnd - t0);
  };
  const refuse = (paths, e) => {
    console.error("rogue: storing", paths, e);
    if (!refused) api.refusal = String(e);
    refused = refused || fail("EIO", "the browser's storage refused the write: " + e);
  };

  // storeThen stores what changed of the paths given, and calls cb once
  // it is committed (cb(null)) or refused (cb(error)): at once when the
  // worker commits within SPIN ms, otherwise from a later task. A store
  // started ahead is settled first.
  const storeThen = (paths, cb) => afterAhead(SPIN, () => {
    if (refused) { cb(refused); return; }
    const t0 = performance.now();
    const ops = batch(paths);
    if ((!db && !worker) || ops.length === 0) { cb(null); return; }
    api.storeStart = t0;
    commit(ops, true, () => { took(t0); cb(null); }, (e) => { refuse(paths, e); cb(refused); });
  });
  // storeAhead starts the store of what changed of the paths given and
  // calls cb(null) without waiting for it (see the head of this file);
  // a store started ahead before is settled first.
  const storeAhead = (paths, cb) => afterAhead(SPIN, () => {
    if (refused) { cb(refused); return; }
    const t0 = performance.now();
    const ops = batch(paths);
    if ((!db && !worker) || ops.length === 0) { cb(null); return; }
    api.storeStart = t0;
    const a = { id: 0, waiting: [], error: null };
    const end = () => {
      ahead = null;
      // A waiter may start the next store ahead: the others wait for it.
      for (const fn of a.waiting) if (ahead) ahead.waiting.push(fn); else fn(a.error);
    };
    ahead = a;
    a.id = commit(ops, false, () => { took(t0); end(); }, (e) => { refuse(paths, e); a.error = refused; end(); });
    cb(null);
  });
  // startWorker starts the worker on the database named, or leaves the
  // page to write the batches itself if it cannot.
  const startWorker = (name) => new Promise((resolve) => {
    if (!globalThis.crossOriginIsolated || typeof SharedArrayBuffer !== "function") { resolve(); return; }
    const w = new Worker("store.js");
    const mem = new Int32Array(new SharedArrayBuffer(4 * 1025));
    w.onmessage = (e) => {
      const m = e.data;
      if (m.ready !== undefined) {
        if (m.ready) { worker = w; done = mem; } else { w.terminate(); }
        resolve();
        return;
      }
      const u = unsettled.get(m.id);
      if (!u) return;
      unsettled.delete(m.id);
      if (m.error) u.bad(m.error); else u.ok();
    };
    w.onerror = () => { w.terminate(); resolve(); };
    w.postMessage({ open: name, done: mem.buffer });
  });

  const fsObj = {
    constants: C,
    writeSync(fd, buf) {
      if (fd === 1 || fd === 2) { console.log(new TextDecoder().decode(buf)); return buf.length; }
      throw fail("EBADF", "writeSync");
    },
    open(path, flags, mode, cb) {
      const p = norm(path);
      let n = nodes.get(p);
      if (n && (flags & C.O_CREAT) && (flags & C.O_EXCL)) return cb(fail("EEXIST", p));
      if (!n) {
        if (!(flags & C.O_CREAT)) return cb(fail("ENOENT", p));
        const dir = nodes.get(parent(p));
        if (!dir) return cb(fail("ENOENT", p));
        if (!dir.dir) return cb(fail("ENOTDIR", p));
        n = newFile();
        nodes.set(p, n);
        n.dirty.add(0);
      } else if (n.dir && (flags & 3) !== C.O_RDONLY) {
        return cb(fail("EISDIR", p));
      } else if (!n.dir && (flags & C.O_TRUNC)) {
        n.size = 0; n.shrunk = true; n.mtime = Date.now();
      }
      const fd = nextFd++;
      fds.set(fd, { path: p, flags, pos: 0 });
      cb(null, fd);
    },
    close(fd, cb) {
      const f = fds.get(fd);
      if (!f) return cb(fail("EBADF", "close"));
      fds.delete(fd);
      const n = nodes.get(f.path);
      if (n && !n.dir && (n.dirty.size > 0 || n.shrunk)) return storeThen([f.path], cb);
      // What an fsync stored ahead is settled before the file is closed.
      afterAhead(SPIN, () => cb((f.flags & 3) !== C.O_RDONLY ? refused : null));
    },
    fsync(fd, cb) {
      const f = fds.get(fd);
      if (!f) return cb(fail("EBADF", "fsync"));
      const n = nodes.get(f.path);
      if (!n || n.dir) return cb(null);
      storeAhead([f.path], cb);
    },
    read(fd, buf, off, len, pos, cb) {
      const f = fds.get(fd);
      if (!f) return cb(fail("EBADF", "read"));
      const n = nodes.get(f.path);
      if (!n) return cb(fail("EBADF", "read"));
      if (n.dir) return cb(fail("EISDIR", f.path));
      const at = pos === null || pos === undefined ? f.pos : pos;
      const k = Math.max(0, Math.min(len, n.size - at));
      buf.set(n.data.subarray(at, at + k), off);
      if (pos === null || pos === undefined) f.pos += k;
      cb(null, k);
    },
    write(fd, buf, off, len, pos, cb) {
      if (fd === 1 || fd === 2) return cb(null, this.writeSync(fd, buf.subarray(off, off + len)));
      const f = fds.get(fd);
      if (!f) return cb(fail("EBADF", "write"));
      if ((f.flags & 3) === C.O_RDONLY) return cb(fail("EBADF", f.path + " is open read-only"));
      const n = nodes.get(f.path);
      if (!n || n.dir) return cb(fail("EBADF", "write"));
      let at = pos === null || pos === undefined ? f.pos : pos;
      if (f.flags & C.O_APPEND) at = n.size;
      grow(n, at + len);
      if (at > n.size) n.data.fill(0, n.size, at);
      n.data.set(buf.subarray(off, off + len), at);
      n.size = Math.max(n.size, at + len);
      n.mtime = Date.now();
      markDirty(n, at, at + len);
      if (pos === null || pos === undefined) f.pos = at + len;
      cb(null, len);
    },
    fstat(fd, cb) {
      const f = fds.get(fd);
      if (!f || !nodes.get(f.path)) return cb(fail("EBADF", "fstat"));
      cb(null, stat(nodes.get(f.path), f.path));
    },
    stat(path, cb) {
      const p = norm(path), n = nodes.get(p);
      if (!n) return cb(fail("ENOENT", p));
      cb(null, stat(n, p));
    },
    lstat(path, cb) { this.stat(path, cb); },
    readdir(path, cb) {
      const p = norm(path), n = nodes.get(p);
      if (!n) return cb(fail("ENOENT", p));
      if (!n.dir) return cb(fail("ENOTDIR", p));
      const prefix = p === "/" ? "/" : p + "/";
      const names = [];
      for (const k of nodes.keys()) {
        if (k !== p && k.startsWith(prefix) && !k.slice(prefix.length).includes("/")) names.push(k.slice(prefix.length));
      }
      cb(null, names.sort());
    },
    mkdir(path, perm, cb) {
      const p = norm(path);
      if (nodes.has(p)) return cb(fail("EEXIST", p));
      const dir = nodes.get(parent(p));
      if (!dir) return cb(fail("ENOENT", p));
      if (!dir.dir) return cb(fail("ENOTDIR", p));
      nodes.set(p, { dir: true, mtime: Date.now() });
      storeThen([p], cb);
    },
    rmdir(path, cb) {
      const p = norm(path), n = nodes.get(p);
      if (!n) return cb(fail("ENOENT", p));
      if (!n.dir) return cb(fail("ENOTDIR", p));
      const prefix = p + "/";
      for (const k of nodes.keys()) if (k.startsWith(prefix)) return cb(fail("ENOTEMPTY", p));
      nodes.delete(p);
      storeThen([p], cb);
    },
    unlink(path, cb) {
      const p = norm(path), n = nodes.get(p);
      if (!n) return cb(fail("ENOENT", p));
      if (n.dir) return cb(fail("EISDIR", p));
      nodes.delete(p);
      storeThen([p], cb);
    },
    rename(from, to, cb) {
      const a = norm(from), b = norm(to), n = nodes.get(a);
      if (!n) return cb(fail("ENOENT", a));
      if (n.dir) return cb(fail("EXDEV", "renaming a folder"));
      const dir = nodes.get(parent(b));
      if (!dir || !dir.dir) return cb(fail("ENOENT", b));
      const old = nodes.get(b);
      if (old && old.dir) return cb(fail("EISDIR", b));
      nodes.delete(a);
      n.shrunk = true;
      markDirty(n, 0, n.size);
      nodes.set(b, n);
      for (const f of fds.values()) if (f.path === a) f.path = b;
      storeThen([a, b], cb);
    },
    ftruncate(fd, length, cb) {
      const f = fds.get(fd);
      if (!f) return cb(fail("EBADF", "ftruncate"));
      this.truncate(f.path, length, cb);
    },
    truncate(path, length, cb) {
      const p = norm(path), n = nodes.get(p);
      if (!n) return cb(fail("ENOENT", p));
      if (n.dir) return cb(fail("EISDIR", p));
      grow(n, length);
      if (length > n.size) n.data.fill(0, n.size, length);
      if (length < n.size) n.shrunk = true;
      markDirty(n, Math.min(length, n.size), Math.max(length, n.size));
      n.size = length;
      n.mtime = Date.now();
      cb(null);
    },
    chmod(path, mode, cb) { cb(null); },
    fchmod(fd, mode, cb) { cb(null); },
    chown(path, uid, gid, cb) { cb(null); },
    fchown(fd, uid, gid, cb) { cb(null); },
    lchown(path, uid, gid, cb) { cb(null); },
    utimes(path, atime, mtime, cb) { cb(null); },
    // link gives a file a second name, failing if that name is taken:
    // how a file is put in place without replacing another. Both names
    // share the file; the new one is stored whole.
    link(path, link, cb) {
      const a = norm(path), b = norm(link), n = nodes.get(a);
      if (!n) return cb(fail("ENOENT", a));
      if (n.dir) return cb(fail("EPERM", a));
      if (nodes.has(b)) return cb(fail("EEXIST", b));
      const dir = nodes.get(parent(b));
      if (!dir || !dir.dir) return cb(fail("ENOENT", b));
      nodes.set(b, n);
      n.shrunk = true;
      markDirty(n, 0, n.size);
      storeThen([b], cb);
    },
    symlink(path, link, cb) { cb(fail("EPERM", "links")); },
    readlink(path, cb) { cb(fail("EINVAL", path)); },
  };

  // The page's own calls.
  const api = {
    stored,
    // refusal is what the browser said when it first refused a store
    // ("" for never): no store is made after it.
    refusal: "",
    // settle calls cb(null) once the store an fsync started ahead is
    // committed, or cb(error) if it was refused, and returns false; with
    // none under way (or one the worker has just committed) it returns
    // true and calls nothing. It never waits in the page's task: the
    // frame drawn before it is shown meanwhile.
    settle(cb) {
      if (ahead && worker) watch(ahead.id, 0);
      if (!ahead) return true;
      ahead.waiting.push((e) => cb(e ? e.message : null));
      return false;
    },
    // open loads every kept file from IndexedDB (the database named).
    async open(name) {
      db = await rogueOpenDB(name);
      const tx = db.transaction(["nodes", "blocks"], "readonly");
      const [metas, keys, blocks] = await Promise.all([
        reqP(tx.objectStore("nodes").getAll()),
        reqP(tx.objectStore("blocks").getAllKeys()),
        reqP(tx.objectStore("blocks").getAll()),
      ]);
      metas.sort((a, b) => a.path.length - b.path.length);
      for (const m of metas) {
        if (m.dir) { nodes.set(m.path, { dir: true, mtime: m.mtime }); continue; }
        const n = newFile();
        n.data = new Uint8Array(m.size);
        n.size = m.size;
        n.mtime = m.mtime;
        nodes.set(m.path, n);
      }
      keys.forEach(([p, b], i) => {
        const n = nodes.get(p);
        if (!n || n.dir) return;
        const from = b * BLOCK;
        const part = blocks[i].subarray(0, Math.max(0, Math.min(blocks[i].length, n.size - from)));
        n.data.set(part, from);
      });
      await startWorker(name);
      api.storer = worker ? "worker" : "page";
    },
    // read is a file's bytes (a copy), or null.
    read(path) {
      const n = nodes.get(norm(path));
      return n && !n.dir ? n.data.slice(0, n.size) : null;
    },
    // write makes path hold bytes (its folders made), stored when kept.
    async write(path, bytes) {
      const p = norm(path);
      const made = [];
      for (let d = parent(p); !nodes.has(d); d = parent(d)) made.unshift(d);
      for (const d of made) nodes.set(d, { dir: true, mtime: Date.now() });
      const n = newFile();
      n.data = bytes.slice();
      n.size = bytes.length;
      n.shrunk = true;
      markDirty(n, 0, n.size);
      nodes.set(p, n);
      await new Promise((resolve, reject) => storeThen([...made, p], (e) => (e ? reject(e) : resolve())));
    },
    // append adds bytes at the end of path (in memory: for /tmp).
    append(path, bytes) {
      const n = nodes.get(norm(path));
      grow(n, n.size + bytes.length);
      n.data.set(bytes, n.size);
      n.size += bytes.length;
      n.mtime = Date.now();
    },
    exists(path) { return nodes.has(norm(path)); },
    // list is the files directly in the folder dir: {name, path, size, mtime}.
    list(dir) {
      const prefix = norm(dir) + "/", out = [];
      for (const [k, n] of nodes) {
        if (!n.dir && k.startsWith(prefix) && !k.slice(prefix.length).includes("/")) {
          out.push({ name: k.slice(prefix.length), path: k, size: n.size, mtime: n.mtime });
        }
      }
      return out.sort((a, b) => a.name < b.name ? -1 : 1);
    },
  };
  const reqP = (req) => new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

  globalThis.fs = fsObj;
  globalThis.rogueFS = api;
  globalThis.path = { resolve: (...parts) => norm(parts.join("/")) };
})();
