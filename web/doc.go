// Package web is rogue in a browser tab: the page (HTML, CSS, the
// JavaScript that draws the terminal grid on a canvas, reads the keys and
// keeps the journals in the browser's IndexedDB) and the wasm program
// built from package web/wasm, the same play, replay and view code the
// terminal runs. Served by rogue host, the page also plays (the daily
// challenge too), watches and replays on that server (static/online.js,
// and wasm/online.go, which reads the frames of the websocket the page
// holds), and shows its boards a page at a time (static/boards.js).
// Assets hands the
// page's files to whoever serves them (rogue serve, rogue host), which
// must serve them cross-origin isolated
// (Cross-Origin-Opener-Policy same-origin, Cross-Origin-Embedder-Policy
// require-corp) for a worker to store the turns, whose commit the page
// then sees without waiting for the browser's next frame; served
// otherwise, the page stores them itself, and sees each commit a frame
// later. Either way a turn is drawn while it is stored, and the next key
// is taken once it is (static/fs.js).
//
// The wasm is built by go generate ./web into dist/ (it is not kept in
// the repository): a rogue built before that serves no page, and says so.
// It is built without inlining outside rogue's own packages (the
// standard library's and the dependencies' code), which keeps it under
// 2 MB gzipped while the game's own code stays as fast as the
// terminal's.
package web

//go:generate env GOOS=js GOARCH=wasm go build -trimpath "-ldflags=-s -w" -gcflags=all=-l -gcflags=rogue/...= -o dist/rogue.wasm ./wasm
//go:generate sh -c "cp \"$(go env GOROOT)/lib/wasm/wasm_exec.js\" dist/wasm_exec.js"
