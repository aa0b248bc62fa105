package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"rogue/internal/benchcpu"
	"rogue/internal/hostile"
)

// What each reading command costs on each hostile journal, run as the
// binary runs it (run, with its flags) on the journal written to a file.
// Target: at most 2 s of CPU for any journal of at most hostile.MaxSize
// bytes and any of these commands; cpu-s/op is the figure to hold against
// it on a busy machine (a refused journal costs what reading up to its
// refusal costs; verify stops at the first turn the rules would not
// decide).
func BenchmarkHostileCommands(b *testing.B) {
	dir := b.TempDir()
	commands := []struct {
		name string
		args func(path string) []string
	}{
		{"replay-headless", func(path string) []string { return []string{"replay", "--headless", path} }},
		{"verify", func(path string) []string { return []string{"verify", path} }},
		{"dump", func(path string) []string { return []string{"dump", path} }},
		{"export", func(path string) []string {
			return []string{"export", "--asciicast", filepath.Join(dir, "out.cast"), path}
		}},
	}
	for _, j := range hostile.All() {
		path := filepath.Join(dir, j.Name+".rogue")
		if err := os.WriteFile(path, j.Bytes, 0o644); err != nil {
			b.Fatal(err)
		}
		for _, c := range commands {
			b.Run(j.Name+"/"+c.name, func(b *testing.B) {
				b.SetBytes(int64(len(j.Bytes)))
				args := c.args(path)
				clock := benchcpu.Start()
				for b.Loop() {
					if code := run(args, io.Discard, io.Discard); code == 70 {
						b.Fatalf("rogue %v: internal error", args)
					}
				}
				b.ReportMetric(clock.Elapsed().Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}
