// Package serve is rogue serve: the page that plays rogue in a browser
// tab, and the journals of one folder, over HTTP, read-only.
//
// It serves:
//
//	GET /                  the page (index.html), and its files by name
//	                       (rogue.wasm, wasm_exec.js, ...), gzip-compressed
//	                       once at start when the client takes gzip, with
//	                       an ETag of their content, revalidated on every
//	                       load so that an upgrade is never served stale
//	GET /api/journals      the journals of the folder, newest first, as
//	                       JSON (List): name, size, when modified, and
//	                       what a bounded read tells of each (its rules,
//	                       turns, depth, how it ended, or its damage)
//	GET /journals/NAME     a journal's bytes, with Range, the size taken
//	                       when the request comes: the page follows a
//	                       growing journal by asking for the bytes past
//	                       the last it has (416 when there are none yet)
//	GET /follow            a redirect to the page following the newest
//	                       journal of the folder (/?follow=/journals/NAME);
//	                       while it has none, a page that waits for the
//	                       first in bounded long polls (/follow?wait)
//
// The page opens a journal for replay at /?replay=/journals/NAME and
// follows one at /?follow=/journals/NAME.
//
// It serves nothing outside its folder: a journal's name is one file name
// ending in .rogue, opened through an os.Root of the folder, so that no
// "..", absolute path, encoded traversal or symbolic link leads out of
// it. A data folder that does not exist yet (no game was played) is
// served as an empty one, and opened once a game makes it. It writes
// nothing, and bounds what it reads: the files open at once, the bytes
// of a response, and the work of a list. Its connections are guarded by
// package netguard: capped per address and in all, every phase bounded,
// so that slow or flooding clients lock nobody else out.
package serve
