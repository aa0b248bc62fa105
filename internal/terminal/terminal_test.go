package terminal

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNeitherDevNullNorAFileNorABufferIsATerminal(t *testing.T) {
	t.Parallel()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	file, err := os.Create(t.TempDir() + "/out.txt")
	require.NoError(t, err)
	defer file.Close()
	cases := []struct {
		name string
		w    io.Writer
	}{
		{"the null device, a character device", null},
		{"a regular file", file},
		{"a buffer", &bytes.Buffer{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.False(t, Is(c.w))
		})
	}
}
