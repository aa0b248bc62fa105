package main

import (
	"errors"
	"io/fs"
)

// pageFiles are the browser page's files built into this binary.
func pageFiles() (fs.FS, error) {
	return nil, errors.New("this rogue was built without the browser game: run go generate ./web, then go build again")
}
