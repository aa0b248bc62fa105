package fame

import (
	"cmp"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Kind is a kind of board.
type Kind string

// The boards. A game on the server ranks on its rules version's board;
// a daily game on that one too, and on its day's and its week's; a game
// played offline and uploaded only on the offline board of its rules.
const (
	RulesBoard   Kind = "rules"   // online games of one rules version
	OfflineBoard Kind = "offline" // uploaded games of one rules version: the seed was the player's choice
	DailyBoard   Kind = "daily"   // the games of one day's seed
	WeeklyBoard  Kind = "weekly"  // the daily games of one ISO week
)

// Board names one board: its kind and the rules version (rules and
// offline boards), the day (daily, 2006-01-02) or the ISO week
// (weekly, 2006-W01).
type Board struct {
	Kind  Kind
	Rules int
	Day   string
	Week  string
}

// Name is the board's name in URLs and stores: "rules/3",
// "offline/3", "daily/2026-12-02", "weekly/2026-W49".
func (b Board) Name() string {
	switch b.Kind {
	case DailyBoard:
		return "daily/" + b.Day
	case WeeklyBoard:
		return "weekly/" + b.Week
	}
	return fmt.Sprintf("%s/%d", b.Kind, b.Rules)
}

// Title is the board's heading for people.
func (b Board) Title() string {
	switch b.Kind {
	case RulesBoard:
		return fmt.Sprintf("rules %d, played on the server", b.Rules)
	case OfflineBoard:
		return fmt.Sprintf("rules %d, played offline: the seed was the player's choice", b.Rules)
	case DailyBoard:
		return "the daily challenge of " + b.Day + " (UTC)"
	}
	return "the daily challenges of the week " + b.Week
}

// ParseBoard reads a board's Name back; anything else is an error that
// says what a name looks like.
func ParseBoard(s string) (Board, error) {
	kind, rest, _ := strings.Cut(s, "/")
	bad := fmt.Errorf("board %q: a board is rules/N, offline/N, daily/YYYY-MM-DD or weekly/YYYY-Www", s)
	switch Kind(kind) {
	case RulesBoard, OfflineBoard:
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 || n > 1<<16 || strconv.Itoa(n) != rest {
			return Board{}, bad
		}
		return Board{Kind: Kind(kind), Rules: n}, nil
	case DailyBoard:
		if _, err := parseDay(rest); err != nil {
			return Board{}, bad
		}
		return Board{Kind: DailyBoard, Day: rest}, nil
	case WeeklyBoard:
		if !validWeek(rest) {
			return Board{}, bad
		}
		return Board{Kind: WeeklyBoard, Week: rest}, nil
	}
	return Board{}, bad
}

// BoardsOf are the boards e ranks on, by who chose its seed.
func BoardsOf(e Entry) []Board {
	switch e.Seeded {
	case SeedPlayer:
		return []Board{{Kind: OfflineBoard, Rules: e.Rules}}
	case SeedDay:
		week, err := WeekOfDay(e.Day)
		if err != nil {
			return []Board{{Kind: RulesBoard, Rules: e.Rules}}
		}
		return []Board{{Kind: RulesBoard, Rules: e.Rules}, {Kind: DailyBoard, Day: e.Day}, {Kind: WeeklyBoard, Week: week}}
	}
	return []Board{{Kind: RulesBoard, Rules: e.Rules}}
}

// Better is the boards' order, best first, a total order: games won
// before all others, the fewest turns first among them; then the
// deepest depth, then the highest character level, then the smaller
// ID (the game stored first). It is -1 when a ranks above b.
func Better(a, b Entry) int {
	if a.Won != b.Won {
		if a.Won {
			return -1
		}
		return 1
	}
	if a.Won && a.Turns != b.Turns {
		return cmp.Compare(a.Turns, b.Turns)
	}
	return cmp.Or(cmp.Compare(b.Depth, a.Depth), cmp.Compare(b.Level, a.Level), cmp.Compare(a.ID, b.ID))
}

// keyLen is the length of a Key: 21 bytes in hex.
const keyLen = 42

// Key is e's place in the boards' order as a string that sorts in that
// order byte by byte (Better(a, b) < 0 exactly when a.Key() < b.Key()),
// so that a store keeps a board as an index on (board, key) and reads a
// page as the rows after a key. It is 42 lowercase hex digits: a byte 0
// for a game won (1 otherwise), the turns of a game won (0 otherwise),
// the depth and the level each subtracted from 2^32-1, and the ID, all
// big-endian. Values out of range are clamped (an ID below 0 as 0).
func (e Entry) Key() string {
	var b [21]byte
	if !e.Won {
		b[0] = 1
	} else {
		binary.BigEndian.PutUint32(b[1:], clamp32(e.Turns))
	}
	binary.BigEndian.PutUint32(b[5:], ^clamp32(e.Depth))
	binary.BigEndian.PutUint32(b[9:], ^clamp32(e.Level))
	binary.BigEndian.PutUint64(b[13:], uint64(max(e.ID, 0)))
	return hex.EncodeToString(b[:])
}

func clamp32(n int) uint32 {
	return uint32(min(max(int64(n), 0), 1<<32-1))
}

// MaxPage is the most rows a page of a board holds.
const MaxPage = 100

// Page is one page of a board: its rows, best first, and the cursor of
// the next page ("" after the last). Rank is the first row's rank, 1
// for the first page, when the caller knows it (0 when not).
type Page struct {
	Rows []Entry
	Next string
	Rank int
}

// ParseCursor checks a page cursor from a request: "" (the first page)
// or a Key. Anything else is an error.
func ParseCursor(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if len(s) != keyLen || strings.Trim(s, "0123456789abcdef") != "" {
		return "", fmt.Errorf("cursor %.50q: a page cursor is the key of a board's row, %d hex digits", s, keyLen)
	}
	return s, nil
}

// PageSize is n as a page's size: 1 to MaxPage (MaxPage for n < 1).
func PageSize(n int) int {
	if n < 1 || n > MaxPage {
		return MaxPage
	}
	return n
}

// PageOf is the page of n rows after the cursor after in entries, which
// are in the boards' order (SortBoard): the query a store runs on its
// index, `WHERE board = ? AND key > ? ORDER BY key LIMIT n+1`, on a
// slice. It costs a binary search and the page, whatever the number of
// entries.
func PageOf(entries []Entry, after string, n int) Page {
	n = PageSize(n)
	i := 0
	if after != "" {
		i, _ = slices.BinarySearchFunc(entries, after, func(e Entry, k string) int { return strings.Compare(e.Key(), k) })
		if i < len(entries) && entries[i].Key() == after {
			i++
		}
	}
	return PageFrom(entries[i:min(i+n+1, len(entries))], n, i+1)
}

// PageFrom is the page of n rows (PageSize) made of the rows a store
// read after a cursor with LIMIT n+1, in the boards' order: the first n,
// and the next page's cursor when there was one more. rank is the first
// row's rank (0 when not known).
func PageFrom(fetched []Entry, n, rank int) Page {
	n = PageSize(n)
	p := Page{Rows: fetched[:min(n, len(fetched))], Rank: rank}
	if len(fetched) > n {
		p.Next = fetched[n-1].Key()
	}
	return p
}

// SortBoard sorts entries in the boards' order.
func SortBoard(entries []Entry) { slices.SortFunc(entries, Better) }
