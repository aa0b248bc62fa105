package main

import (
	"io/fs"

	"rogue/web"
)

// pageFiles are the browser page's files built into this binary: an
// error that says how to build them in when the wasm was not.
func pageFiles() (fs.FS, error) { return web.Assets() }
