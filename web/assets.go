package web

import (
	"embed"
	"errors"
	"io/fs"
	"slices"
	"strings"
)

// static holds the page's own files; dist what go generate ./web builds
// (rogue.wasm and the Go toolchain's wasm_exec.js that goes with it).
//
//go:embed static
var static embed.FS

//go:embed dist
var dist embed.FS

// ErrNotBuilt is Assets' error when the binary was built without the
// wasm: go generate ./web was not run before go build.
var ErrNotBuilt = errors.New("this rogue was built without the browser game: run go generate ./web, then go build again")

// Assets are the page's files, flat: index.html, rogue.wasm,
// wasm_exec.js and the page's scripts and style. It is ErrNotBuilt when
// the wasm was not built into this binary.
func Assets() (fs.FS, error) {
	page, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	built, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil, err
	}
	return assets(page, built)
}

// assets are the page's files and the built ones, or ErrNotBuilt.
func assets(page, built fs.FS) (fs.FS, error) {
	for _, name := range []string{WasmName, "wasm_exec.js"} {
		if _, err := fs.Stat(built, name); err != nil {
			return nil, ErrNotBuilt
		}
	}
	return union{page, built}, nil
}

// WasmName is the wasm program's file name among the assets.
const WasmName = "rogue.wasm"

// union is two file systems seen as one: a name is looked up in the
// first, then the second; a folder lists what both hold.
type union [2]fs.FS

// ReadDir lists the folder name of both, sorted by name.
func (u union) ReadDir(name string) ([]fs.DirEntry, error) {
	a, errA := fs.ReadDir(u[0], name)
	b, errB := fs.ReadDir(u[1], name)
	if errA != nil && errB != nil {
		return nil, errA
	}
	seen := map[string]bool{}
	var all []fs.DirEntry
	for _, e := range append(a, b...) {
		if !seen[e.Name()] {
			seen[e.Name()] = true
			all = append(all, e)
		}
	}
	slices.SortFunc(all, func(x, y fs.DirEntry) int { return strings.Compare(x.Name(), y.Name()) })
	return all, nil
}

func (u union) Open(name string) (fs.File, error) {
	f, err := u[0].Open(name)
	if err == nil || name == "." {
		return f, err
	}
	return u[1].Open(name)
}
