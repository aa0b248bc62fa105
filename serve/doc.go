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
//	                       journal of the folder (/?follow=/journals/NAME)
//
// The page opens a journal for replay at /?replay=/journals/NAME and
// follows one at /?follow=/journals/NAME.
//
// It serves nothing outside its folder: a journal's name is one file name
// ending in .rogue, opened through an os.Root of the folder, so that no
// "..", absolute path, encoded traversal or symbolic link leads out of
// it. It writes nothing, and bounds what it reads: the request's headers,
// the connections and the files open at once, the bytes of a response,
// and the work of a list.
package serve
