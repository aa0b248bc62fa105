package web

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheAssetsAreThePageWithTheBuiltWasm(t *testing.T) {
	page := fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}, "rogue.js": {Data: []byte("//")}}
	built := fstest.MapFS{"rogue.wasm": {Data: []byte("\x00asm")}, "wasm_exec.js": {Data: []byte("//")}, "README.md": {}}
	a, err := assets(page, built)
	require.NoError(t, err)
	var names []string
	require.NoError(t, fs.WalkDir(a, ".", func(p string, d fs.DirEntry, err error) error {
		if !d.IsDir() {
			names = append(names, p)
		}
		return err
	}))
	assert.Equal(t, []string{"README.md", "index.html", "rogue.js", "rogue.wasm", "wasm_exec.js"}, names)
	wasm, err := fs.ReadFile(a, "rogue.wasm")
	require.NoError(t, err)
	assert.Equal(t, []byte("\x00asm"), wasm)
}

func TestAssetsSayHowToBuildTheWasmWhenItWasNotBuilt(t *testing.T) {
	page := fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}
	_, err := assets(page, fstest.MapFS{"README.md": {}})
	assert.True(t, errors.Is(err, ErrNotBuilt))
	assert.Equal(t, "this rogue was built without the browser game: run go generate ./web, then go build again", err.Error())
}

func TestThisBuildsAssetsHoldEveryFileThePageLoads(t *testing.T) {
	a, err := Assets()
	if errors.Is(err, ErrNotBuilt) {
		t.Skip("go generate ./web has not been run: the wasm is not built into this test")
	}
	require.NoError(t, err)
	for _, name := range []string{"index.html", "style.css", "fs.js", "term.js", "rogue.js", "wasm_exec.js", "rogue.wasm"} {
		_, err := fs.Stat(a, name)
		assert.NoError(t, err, name)
	}
}
