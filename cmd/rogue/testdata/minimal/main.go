// Command minimal is the yardstick of rogue's start: the least a Go
// program that reads a journal does. It reads the file named and decodes
// every msgpack value in it with msgpack/v5's generic decoder, and prints
// how many there were. BenchmarkStartup (cmd/rogue/startup_bench_test.go) builds it beside
// rogue.
package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/vmihailenco/msgpack/v5"
)

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	d := msgpack.NewDecoder(bufio.NewReader(f))
	n := 0
	for {
		// A journal opens with a header that is not one msgpack
		// value: the reading stops at it, or at the end.
		if _, err := d.DecodeInterface(); err != nil {
			break
		}
		n++
	}
	fmt.Println(n, "values")
}
