package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every generated file is what the generator writes from the types of
// package events as they are: a fact added or changed without go
// generate ./events/... fails here, naming the file.
func TestTheGeneratedFilesAreUpToDate(t *testing.T) {
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	files, err := generate(root)
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		on, err := os.ReadFile(filepath.Join(root, f.path))
		require.NoError(t, err, "%s is missing: run go generate ./events/...", f.path)
		assert.Equal(t, string(f.src), string(on), "%s is stale: run go generate ./events/...", f.path)
	}
}
