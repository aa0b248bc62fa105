package fame

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// LogfileVersion is the version of the logfile's fields (its lv=).
const LogfileVersion = 1

// LogfileLine is e as one line of a logfile in the manner of DCSS's:
// key=value fields separated by ":", a ":" inside a value written "::",
// so that tools in the style of Sequell or dcss-stats read it. The
// fields come in a fixed order; day and killer only when they have a
// value; start is the game's start in UTC, ISO 8601's basic format
// (20261202T081500Z), which needs no escaping. A control character in a value (a newline would end the line)
// is written as a space.
func LogfileLine(e Entry) string {
	ktyp := e.Cause
	if e.Won {
		ktyp = "winning"
	}
	won := 0
	if e.Won {
		won = 1
	}
	fields := [][2]string{
		{"lv", fmt.Sprint(LogfileVersion)},
		{"v", e.Build},
		{"id", fmt.Sprint(e.ID)},
		{"name", e.Account},
		{"rules", fmt.Sprint(e.Rules)},
		{"seeded", string(e.Seeded)},
		{"day", e.Day},
		{"seed", fmt.Sprint(e.Seed)},
		{"start", e.Started.UTC().Format("20060102T150405Z")},
		{"turn", fmt.Sprint(e.Turns)},
		{"depth", fmt.Sprint(e.Depth)},
		{"xl", fmt.Sprint(e.Level)},
		{"won", fmt.Sprint(won)},
		{"ktyp", ktyp},
		{"killer", e.Killer},
		{"tmsg", e.Outcome},
		{"digest", e.Digest},
	}
	var b strings.Builder
	for _, f := range fields {
		if f[1] == "" && (f[0] == "day" || f[0] == "killer") {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(':')
		}
		b.WriteString(f[0])
		b.WriteByte('=')
		b.WriteString(logfileEscape(f[1]))
	}
	return b.String()
}

// logfileEscape doubles every ":" and blanks control characters.
func logfileEscape(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	return strings.ReplaceAll(s, ":", "::")
}

// ParseLogfileLine reads a logfile line back into its fields, in order,
// as DCSS reads one: a ":" followed by another is part of a value, a
// lone one ends the field; a field without "=" is skipped.
func ParseLogfileLine(line string) [][2]string {
	var out [][2]string
	var field strings.Builder
	flush := func() {
		k, v, ok := strings.Cut(field.String(), "=")
		if ok {
			out = append(out, [2]string{k, v})
		}
		field.Reset()
	}
	for i := 0; i < len(line); i++ {
		if line[i] != ':' {
			field.WriteByte(line[i])
			continue
		}
		if i+1 < len(line) && line[i+1] == ':' {
			field.WriteByte(':')
			i++
			continue
		}
		flush()
	}
	flush()
	return out
}

// WriteLogfile writes entries as a logfile, a line each, in their order.
func WriteLogfile(w io.Writer, entries []Entry) error {
	for _, e := range entries {
		if _, err := io.WriteString(w, LogfileLine(e)+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// jsonPage is a page of a board in JSON.
type jsonPage struct {
	Board string  `json:"board"`
	Title string  `json:"title"`
	Rank  int     `json:"rank,omitempty"`
	Next  string  `json:"next,omitempty"`
	Rows  []Entry `json:"rows"`
}

// WriteJSON writes a page of board b as one indented JSON object: the
// board's name and title, the first row's rank, the next page's cursor
// and the rows.
func WriteJSON(w io.Writer, b Board, p Page) error {
	rows := p.Rows
	if rows == nil {
		rows = []Entry{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(jsonPage{Board: b.Name(), Title: b.Title(), Rank: p.Rank, Next: p.Next, Rows: rows})
}
