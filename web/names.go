package web

import "io/fs"

// PageFileNames are the names of the page's files, whether or not the
// wasm was built into this binary: a server routes them all, and says
// what is missing when asked for one.
func PageFileNames() []string {
	names := []string{WasmName, "wasm_exec.js"}
	entries, _ := fs.ReadDir(static, "static") // an embedded folder reads
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}
