package cli

import (
	"fmt"
	"io/fs"
	"strings"
	"unicode"
	"unicode/utf8"
)

// WithPages fills, for each command of cmds that has no Summary, its
// Synopsis, Summary, Notes and Examples from the file dir/NAME.txt of
// pages: its help page as a person reads it, without the flags (which
// come from the command's flag set). See ReadPage for the page's shape.
// A command written with its Summary in Go is kept as it is.
//
// A missing or misshapen page is the program's own bug: it panics, and
// its help golden test names the page.
func WithPages(program string, pages fs.FS, dir string, cmds []Command) []Command {
	for i, c := range cmds {
		if c.Summary != "" {
			continue
		}
		b, err := fs.ReadFile(pages, dir+"/"+c.Name+".txt")
		if err == nil {
			err = ReadPage(&cmds[i], program, string(b))
		}
		if err != nil {
			panic(fmt.Sprintf("the help page of %s %s: %v", program, c.Name, err))
		}
	}
	return cmds
}

// ReadPage fills c's Synopsis, Summary, Notes and Examples from page,
// the head of the help that "program help NAME" prints, exactly as it
// prints it:
//
//	usage: prog NAME [--flag]      the synopsis, one line a way of calling it
//	       prog NAME OTHER
//
//	What it does, in a sentence.   the summary (the list of commands lowers its first letter and drops the dot)
//
//	Notes, in lines that may hold  (none for most commands)
//	blank lines.
//
//	examples:
//	  prog NAME --flag
func ReadPage(c *Command, program, page string) error {
	lines := strings.Split(strings.TrimSuffix(page, "\n"), "\n")
	usage, more := "usage: "+program+" ", "       "+program+" "
	i := 0
	for ; i < len(lines); i++ {
		lead := more
		if i == 0 {
			lead = usage
		}
		s, ok := strings.CutPrefix(lines[i], lead)
		if !ok {
			break
		}
		c.Synopsis = append(c.Synopsis, s)
	}
	if len(c.Synopsis) == 0 {
		return fmt.Errorf("it opens with %q", usage)
	}
	if i+1 >= len(lines) || lines[i] != "" || !strings.HasSuffix(lines[i+1], ".") {
		return fmt.Errorf("line %d is not a blank line and then the summary, a sentence", i+1)
	}
	first, size := utf8.DecodeRuneInString(lines[i+1])
	c.Summary = string(unicode.ToLower(first)) + strings.TrimSuffix(lines[i+1][size:], ".")
	i += 2
	end := len(lines)
	for j := i; j < len(lines); j++ {
		if lines[j] == "examples:" {
			end = j
			break
		}
	}
	if notes := lines[i:end]; len(notes) > 0 {
		if end < len(lines) {
			// A blank line parts the notes from the examples.
			if notes[len(notes)-1] != "" {
				return fmt.Errorf("line %d: a blank line goes before the examples", end)
			}
			notes = notes[:len(notes)-1]
		}
		if len(notes) > 0 && (len(notes) < 2 || notes[0] != "") {
			return fmt.Errorf("line %d: a blank line goes after the summary", i+1)
		}
		if len(notes) > 0 {
			c.Notes = notes[1:]
		}
	}
	for _, e := range lines[min(end+1, len(lines)):] {
		s, ok := strings.CutPrefix(e, "  "+program+" ")
		if !ok {
			return fmt.Errorf("the example %q does not open with %q", e, "  "+program+" ")
		}
		c.Examples = append(c.Examples, s)
	}
	return nil
}
