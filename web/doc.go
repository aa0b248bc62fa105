// Package web is rogue in a browser tab: the page (HTML, CSS, the
// JavaScript that draws the terminal grid on a canvas, reads the keys and
// keeps the journals in the browser's IndexedDB) and the wasm program
// built from package web/wasm, the same play, replay and view code the
// terminal runs. Assets hands the page's files to whoever serves them
// (rogue serve).
//
// The wasm is built by go generate ./web into dist/ (it is not kept in
// the repository): a rogue built before that serves no page, and says so.
package web

//go:generate env GOOS=js GOARCH=wasm go build -trimpath "-ldflags=-s -w" -o dist/rogue.wasm ./wasm
//go:generate sh -c "cp \"$(go env GOROOT)/lib/wasm/wasm_exec.js\" dist/wasm_exec.js"
