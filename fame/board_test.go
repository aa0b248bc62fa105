package fame

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheBoardsOrderIsWonFewestTurnsThenDepthThenLevelThenID(t *testing.T) {
	t.Parallel()
	best := []Entry{
		{ID: 9, Won: true, Turns: 4000, Depth: 10, Level: 9},
		{ID: 3, Won: true, Turns: 6000, Depth: 10, Level: 14},
		{ID: 4, Won: true, Turns: 6000, Depth: 10, Level: 14},
		{ID: 8, Turns: 100, Depth: 12, Level: 3},
		{ID: 7, Turns: 90000, Depth: 12, Level: 2},
		{ID: 1, Turns: 10, Depth: 5, Level: 20},
		{ID: 2, Turns: 20, Depth: 5, Level: 20},
		{ID: 5, Turns: 0, Depth: 0, Level: 0},
	}
	got := slices.Clone(best)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
	SortBoard(got)
	assert.Equal(t, best, got)
	byKey := slices.Clone(best)
	slices.Reverse(byKey)
	slices.SortFunc(byKey, func(a, b Entry) int { return strings.Compare(a.Key(), b.Key()) })
	assert.Equal(t, best, byKey, "sorting by key is the boards' order")
}

// sign is -1, 0 or 1.
func sign(n int) int { return min(max(n, -1), 1) }

func TestTheKeysOrderEqualsTheBoardsOrderForAnyTwoEntries(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(33, 1))
	edge := []int{0, 1, 2, 255, 256, 65535, 65536, 1 << 26, 1<<31 - 1}
	pick := func() int {
		if r.IntN(3) == 0 {
			return edge[r.IntN(len(edge))]
		}
		return r.IntN(40)
	}
	var es []Entry
	for i := range 600 {
		es = append(es, Entry{ID: int64(pick()), Won: r.IntN(4) == 0, Turns: pick(), Depth: pick(), Level: pick()})
		if i%7 == 0 {
			es[i].ID = int64(i) << 40
		}
	}
	for _, a := range es {
		for _, b := range es {
			require.Equal(t, sign(Better(a, b)), sign(strings.Compare(a.Key(), b.Key())), "%+v against %+v", a, b)
		}
	}
	assert.Len(t, es[0].Key(), keyLen)
}

func TestPagesAfterEachCursorHoldTheWholeBoardOnce(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 7))
	var es []Entry
	for i := range 1000 {
		es = append(es, Entry{ID: int64(i), Won: r.IntN(10) == 0, Turns: r.IntN(9000), Depth: r.IntN(12), Level: r.IntN(15)})
	}
	SortBoard(es)
	for _, n := range []int{1, 7, 100, 1000} {
		var all []Entry
		cursor, pages := "", 0
		for {
			p := PageOf(es, cursor, n)
			require.LessOrEqual(t, len(p.Rows), PageSize(n))
			assert.Equal(t, len(all)+1, p.Rank)
			all = append(all, p.Rows...)
			pages++
			if p.Next == "" {
				break
			}
			cursor = p.Next
		}
		assert.Equal(t, es, all, "pages of %d", n)
		assert.Equal(t, (len(es)+PageSize(n)-1)/PageSize(n), pages, "pages of %d", n)
	}
}

func TestACursorIsAKeyOrNothing(t *testing.T) {
	t.Parallel()
	key := Entry{ID: 5, Depth: 3}.Key()
	for _, c := range []struct {
		in, err string
	}{
		{"", ""},
		{key, ""},
		{strings.ToUpper(key), "a page cursor is the key of a board's row, 42 hex digits"},
		{key[1:], "a page cursor is the key of a board's row, 42 hex digits"},
		{"'; DROP TABLE games; --", "a page cursor is the key of a board's row, 42 hex digits"},
	} {
		got, err := ParseCursor(c.in)
		if c.err == "" {
			assert.NoError(t, err)
			assert.Equal(t, c.in, got)
			continue
		}
		assert.ErrorContains(t, err, c.err)
	}
}

func TestABoardsNameReadsBackAndEachGameRanksWhereItsSeedSays(t *testing.T) {
	t.Parallel()
	for _, b := range []Board{{Kind: RulesBoard, Rules: 3}, {Kind: OfflineBoard, Rules: 1}, {Kind: DailyBoard, Day: "2026-12-02"}, {Kind: WeeklyBoard, Week: "2026-W49"}} {
		got, err := ParseBoard(b.Name())
		require.NoError(t, err)
		assert.Equal(t, b, got)
	}
	for _, bad := range []string{"", "rules", "rules/0", "rules/03", "offline/x", "daily/2026-13-01", "daily/2026-2-1", "weekly/2026-W54", "weekly/2026-W00", "best/1"} {
		_, err := ParseBoard(bad)
		assert.Error(t, err, bad)
	}
	names := func(e Entry) []string {
		var out []string
		for _, b := range BoardsOf(e) {
			out = append(out, b.Name())
		}
		return out
	}
	assert.Equal(t, []string{"rules/3"}, names(Entry{Rules: 3, Seeded: SeedServer}))
	assert.Equal(t, []string{"offline/2"}, names(Entry{Rules: 2, Seeded: SeedPlayer}))
	assert.Equal(t, []string{"rules/3", "daily/2027-01-01", "weekly/2026-W53"}, names(Entry{Rules: 3, Seeded: SeedDay, Day: "2027-01-01"}))
	assert.Equal(t, "rules 1, played offline: the seed was the player's choice", Board{Kind: OfflineBoard, Rules: 1}.Title())
}

// A page costs the same at 1 000 or 100 000 games: a binary search and
// the page's rows.
func BenchmarkPageOf(b *testing.B) {
	for _, n := range []int{1000, 100_000} {
		es := make([]Entry, n)
		for i := range es {
			es[i] = Entry{ID: int64(i), Depth: n - i}
		}
		SortBoard(es)
		after := es[n/2].Key()
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				PageOf(es, after, 50)
			}
		})
	}
}

func TestAPageReadsInTheHallOfFamesColumns(t *testing.T) {
	t.Parallel()
	p := Page{Rank: 1, Next: "x", Rows: []Entry{
		{Account: "ada", Won: true, Outcome: "won", Turns: 6900, Depth: 10, Level: 13},
		{Account: "bob", Outcome: "slain by a Naga on depth 12", Turns: 9120, Depth: 12, Level: 11},
	}}
	assert.Equal(t, []string{
		"offline/3: rules 3, played offline: the seed was the player's choice",
		"",
		"   # depth level   turn  account                end",
		"   1    10    13   6900  ada                    won",
		"   2    12    11   9120  bob                    slain by a Naga on depth 12",
		"",
		"More after this page.",
	}, Lines(Board{Kind: OfflineBoard, Rules: 3}, p))
	assert.Equal(t, []string{"daily/2026-12-02: the daily challenge of 2026-12-02 (UTC)", "", "No games on this board yet."}, Lines(Board{Kind: DailyBoard, Day: "2026-12-02"}, Page{}))
}

func TestAStoresRowsAfterACursorMakeThePageAndItsNextCursor(t *testing.T) {
	t.Parallel()
	rows := []Entry{{ID: 1, Depth: 9}, {ID: 2, Depth: 8}, {ID: 3, Depth: 7}}
	assert.Equal(t, Page{Rows: rows[:2], Next: rows[1].Key(), Rank: 11}, PageFrom(rows, 2, 11), "LIMIT 3 found a third: there is a next page")
	assert.Equal(t, Page{Rows: rows, Rank: 11}, PageFrom(rows, 3, 11), "LIMIT 4 found 3: the last page")
	assert.Equal(t, Page{Rows: []Entry{}, Rank: 1}, PageFrom([]Entry{}, 5, 1))
}
