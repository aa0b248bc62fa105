package serve

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Ext ends the name of every journal served.
const Ext = ".rogue"

// maxName is the longest journal name served, in bytes (a file name's
// limit on most file systems).
const maxName = 255

// badName says why name, asked for as a journal, is refused: "" for a
// name that may be looked up in the folder (one file name, in plain
// characters, ending in .rogue and not hidden). A name that could only
// be an attempt to leave the folder or to confuse a path (a separator, a
// "..", a NUL or another control character) is a bad request; one that
// is merely not a journal's is not found.
func badName(name string) (bad bool, why string) {
	switch {
	case name == "":
		return false, "no journal named"
	case strings.ContainsAny(name, "/\\"):
		return true, "a journal's name is one file name, without / or \\"
	case name == "." || name == ".." || strings.Contains(name, ".."):
		return true, "a journal's name has no .."
	case !utf8.ValidString(name):
		return true, "a journal's name is UTF-8"
	case strings.ContainsFunc(name, unicode.IsControl):
		return true, "a journal's name has no control character"
	case len(name) > maxName:
		return false, "no journal has so long a name"
	case strings.HasPrefix(name, "."):
		return false, "hidden files are not served"
	case !strings.HasSuffix(name, Ext) || len(name) == len(Ext):
		return false, "only journals (" + Ext + " files) are served"
	}
	return false, ""
}

// listable reports whether a directory entry's name is one the list shows
// (and /journals/NAME serves).
func listable(name string) bool {
	bad, why := badName(name)
	return !bad && why == ""
}

// JournalPath is where a journal's bytes are served: /journals/NAME.
func JournalPath(name string) string { return "/journals/" + url.PathEscape(name) }

// pageLink is the page's address that opens what is at the path p
// (/?replay=/journals/NAME, /?follow=...): the value is escaped for a
// query, but its slashes are kept, as a query may hold them.
func pageLink(param, p string) string {
	return "/?" + param + "=" + strings.ReplaceAll(url.QueryEscape(p), "%2F", "/")
}
