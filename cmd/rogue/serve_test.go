package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// rogue serve refuses, in one line, what it cannot serve.
func TestServeRefusesWhatItCannotServe(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	t.Setenv("XDG_DATA_HOME", dir)
	cases := []struct {
		name string
		args []string
		want ran
	}{
		{"two folders", []string{"serve", dir, dir}, ran{Code: 2, Stderr: "rogue serve: one folder at a time, got 2 arguments\n"}},
		{"no such folder", []string{"serve", missing}, ran{Code: 1, Stderr: "rogue serve: " + missing + " is not a folder of journals: rogue serve DIR serves another\n"}},
		{"an address without a port", []string{"serve", "--addr", "127.0.0.1", dir}, ran{Code: 2, Stderr: "rogue serve: --addr \"127.0.0.1\" is not HOST:PORT\n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, runHere(c.args...))
		})
	}
}
