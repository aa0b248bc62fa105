package main

import "io"

// replayScreen is the interactive replay; until the terminal view lands it
// explains how to get a summary instead.
func replayScreen(path string, to int, stderr io.Writer) error {
	return usageError("the interactive replay needs the terminal view; use --headless for a summary of %s", path)
}
