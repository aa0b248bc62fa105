// How fs.js's files are kept in IndexedDB: the database (rogueOpenDB),
// and a batch of changes (files and folders made, changed or gone)
// written in one transaction of strict durability, settled once it is
// committed (rogueWriteBatch).
//
// The page loads it as a script, and also runs it as a worker when the
// page is cross-origin isolated (it may then share memory with one).
// The worker writes the batches fs.js posts, in order, and says in the
// shared memory when each is committed, which fs.js reads: after a key,
// the browser runs none of the page's own tasks (an IndexedDB commit's
// completion among them) before its next frame, while a worker's run at
// once, so that the page sees a commit as soon as it is made. It posts
// the outcome too, for a wait that took too long to watch, and for a
// store the page did not wait for (a turn's, drawn meanwhile: see
// fs.js).
"use strict";

// rogueOpenDB opens the database of the files named name, made with its
// two stores when new: "nodes" (a file's or folder's path, size and
// time) and "blocks" (a file's bytes, by [path, block index]).
globalThis.rogueOpenDB = (name) => new Promise((resolve, reject) => {
  const req = indexedDB.open(name, 1);
  req.onupgradeneeded = () => {
    req.result.createObjectStore("nodes", { keyPath: "path" });
    req.result.createObjectStore("blocks");
  };
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

// rogueWriteBatch writes batch to the database db and resolves once it is
// committed. An op is {path, gone: true}, or {path, node} (what the
// nodes store holds of it) with, for a file, cutFrom (its blocks from
// that one on are gone, if set) and blocks ([index, bytes] pairs).
globalThis.rogueWriteBatch = (db, batch) => new Promise((resolve, reject) => {
  const tx = db.transaction(["nodes", "blocks"], "readwrite", { durability: "strict" });
  const ns = tx.objectStore("nodes"), bs = tx.objectStore("blocks");
  for (const op of batch) {
    if (op.gone) {
      ns.delete(op.path);
      bs.delete(IDBKeyRange.bound([op.path, 0], [op.path, Infinity]));
      continue;
    }
    ns.put(op.node);
    if (op.cutFrom !== undefined) bs.delete(IDBKeyRange.bound([op.path, op.cutFrom], [op.path, Infinity]));
    for (const [b, bytes] of op.blocks || []) bs.put(bytes, [op.path, b]);
  }
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error);
  tx.onabort = () => reject(tx.error || new Error("aborted"));
});

// The worker: it opens the database it is told, then writes the batches
// it is posted ({id, batch}).
if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  let db = null, done = null;
  const queue = [];
  let busy = false;

  // next writes the batches in order; done[0] is the id of the last one
  // written or refused, done[1 + id % (done.length - 1)] its outcome (1
  // stored, 2 refused).
  const next = async () => {
    if (busy) return;
    busy = true;
    while (queue.length > 0) {
      const { id, batch } = queue.shift();
      let error = null;
      try { await rogueWriteBatch(db, batch); } catch (e) { error = String(e); }
      Atomics.store(done, 1 + id % (done.length - 1), error ? 2 : 1);
      Atomics.store(done, 0, id);
      postMessage({ id, error });
    }
    busy = false;
  };

  onmessage = (e) => {
    const m = e.data;
    if (m.open) {
      done = new Int32Array(m.done);
      rogueOpenDB(m.open).then(
        (opened) => { db = opened; postMessage({ ready: true }); },
        (error) => postMessage({ ready: false, error: String(error) }));
      return;
    }
    queue.push(m);
    next();
  };
}
