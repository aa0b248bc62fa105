package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The generator refuses a declaration it cannot write a codec for, and
// says which and why.
func TestTheGeneratorRefusesWhatItCannotWrite(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, want string
	}{
		{"a code in the shorthands' range", "type A struct{ X int }\nconst CodeA FactCode = 0x40\n",
			"events.go:5:7: CodeA = 0x40 is not a code from 1 to 63 (the codes from 0x40 up are format 3's and 4's shorthands)"},
		{"a code without its type", "const CodeB FactCode = 3\n", "constant CodeB names no struct type B"},
		{"a field of a type the codec does not write", "type C struct{ X string }\nconst CodeC FactCode = 3\n",
			"events.go:4:16: C.[X]: the codec writes no field of type string"},
		{"a list in a type that is not custom", "type D struct{ X []int }\nconst CodeD FactCode = 3\n",
			"events.go:4:16: D holds a list: only a //wire:custom type may"},
		{"a tag it does not know", "type E struct{ X int `wire:\"big\"` }\nconst CodeE FactCode = 3\n",
			"events.go:4:16: E: tag wire:\"big\" is not one the generator knows (turn, on an int)"},
		{"two types of one code", "type F struct{}\ntype G struct{}\nconst (\n\tCodeF CommandCode = 3\n\tCodeG CommandCode = 3\n)\n",
			"F and G share code 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			src := "package events\n\ntype FactCode uint8\n" + c.src + "type CommandCode uint8\n"
			require.NoError(t, os.WriteFile(filepath.Join(dir, "events.go"), []byte(src), 0o644))
			_, err := readSpec(dir)
			require.Error(t, err)
			assert.Equal(t, c.want, strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
		})
	}
}
