package balance

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Run is how a set of games was played: the header of the report.
type Run struct {
	Rules  int    // the rules version
	Turns  int    // the cap: a game still going at this many turns stopped there
	Player string // the built-in player's name
	// Goal is the depth of the rules' goal, 0 when the rules have none:
	// the report then counts deaths by thirds of depths 1 to Goal.
	Goal int
}

// Percentiles are the ranks the report gives the turns at.
var Percentiles = []int{10, 50, 90}

// Percentile is the p-th percentile (1 to 100) of n ranked values by the
// nearest-rank method: the 1-based rank ceil(p*n/100), at least 1. It is
// integer arithmetic, defined for every n >= 1, and always one of the
// values, never between two.
func Percentile(p, n int) int {
	return max(1, (p*n+99)/100)
}

// percent is 100*k/n rounded to the nearest whole number, halves up.
func percent(k, n int) int {
	if n == 0 {
		return 0
	}
	return (200*k + n) / (2 * n)
}

// perGame is k/n with two decimals, truncated.
func perGame(k, n int) string {
	if n == 0 {
		return "0.00"
	}
	h := 100 * k / n
	return fmt.Sprintf("%d.%02d", h/100, h%100)
}

// Report is the balance report of games as plain text: how many ended
// (died or won) and how many stopped at the cap; the game length, the
// death turn and the victory turn at the 10th, 50th and 90th
// percentiles; deaths by cause, by third of the dungeon (when the rules
// have a goal) and, for every depth, the games that entered it, the
// deaths there and the median HP lost there; the character level
// reached (by tens above 10); and the items used.
// It depends only on the set of games, not on their order.
//
// The death turn is ranked over every game (Percentile): a game that
// did not die ranks after every death, and a percentile that falls on
// one reads "alive". So "50th: 1 500" says half the games were over by
// turn 1 500, and "10th: alive" that nine games in ten did not die. The
// game length is ranked over the games that ended (died or won) only.
//
// The HP lost on a depth is, for one game, the damage the player took
// there (Depth.Lost) as a share of its max HP when it first entered it,
// in whole percent rounded down; the report gives its median (nearest
// rank, the lower of two middles) over the games that entered the depth.
func Report(run Run, games []Game) string {
	games = slices.Clone(games)
	slices.SortFunc(games, func(a, b Game) int { return cmp.Compare(a.Seed, b.Seed) })
	n := len(games)
	var b strings.Builder
	player := run.Player
	if player == "" {
		player = "strong"
	}
	fmt.Fprintf(&b, "balance report: %d games of the %s player under rules %d", n, player, run.Rules)
	if n > 0 {
		fmt.Fprintf(&b, ", seeds %d to %d", games[0].Seed, games[n-1].Seed)
	}
	fmt.Fprintf(&b, ", each until it ends or turn %d\n", run.Turns)
	var dead, won, ended []Game
	for _, g := range games {
		switch {
		case g.Died:
			dead = append(dead, g)
		case g.Won:
			won = append(won, g)
		}
		if g.Ended() {
			ended = append(ended, g)
		}
	}
	fmt.Fprintf(&b, "died:        %6d of %d (%d%%)\n", len(dead), n, percent(len(dead), n))
	fmt.Fprintf(&b, "won:         %6d of %d (%d%%)\n", len(won), n, percent(len(won), n))
	fmt.Fprintf(&b, "at the cap:  %6d of %d (%d%%)\n", n-len(ended), n, percent(n-len(ended), n))

	b.WriteString("\nturn (nearest rank)       game length  death turn  victory turn\n")
	length, death, victory := byTurns(ended), byTurns(dead), byTurns(won)
	for _, p := range Percentiles {
		fmt.Fprintf(&b, "  %2dth percentile      %14s  %10s  %12s\n", p, rank(p, length, len(length)), rank(p, death, n), rank(p, victory, len(victory)))
	}
	early := 0
	for _, g := range dead {
		if g.Turns < 200 {
			early++
		}
	}
	b.WriteString("  (game length over the games that ended, death or victory; the death turn\n")
	b.WriteString("  over all games, one that did not die ranking last as alive; the victory\n")
	b.WriteString("  turn over the victories)\n")
	fmt.Fprintf(&b, "  died before turn 200: %d (%d%%)\n", early, percent(early, n))

	causes := countBy(dead, func(g Game) string { return g.Cause }, byCount)
	width := 22 // the cause column, as wide as the longest cause
	for _, c := range causes {
		width = max(width, len(c.key))
	}
	fmt.Fprintf(&b, "\n%-*sdeaths  of deaths\n", width+3, "deaths by cause")
	for _, c := range causes {
		fmt.Fprintf(&b, "  %-*s %6d  %8d%%\n", width, c.key, c.n, percent(c.n, len(dead)))
	}
	if len(dead) == 0 {
		b.WriteString("  none\n")
	}

	if run.Goal > 0 {
		fmt.Fprintf(&b, "\ndeaths by third of the dungeon (the goal is on depth %d)\n", run.Goal)
		b.WriteString("                         deaths  of deaths\n")
		for k, c := range thirds(run.Goal, dead) {
			lo, hi := thirdBounds(run.Goal, k)
			fmt.Fprintf(&b, "  %-22s %6d  %8d%%\n", fmt.Sprintf("depths %d-%d", lo, hi), c, percent(c, len(dead)))
		}
	}

	b.WriteString("\nby depth       entered it    died there  of deaths   HP lost   a hit\n")
	b.WriteString("               (of games)  (of entered)             (median)  (mean)\n")
	for _, d := range byDepth(games) {
		fmt.Fprintf(&b, "  depth %-4d %6d %4d%%  %6d %4d%%  %8d%%  %8d%%  %6s\n", d.depth, d.entered, percent(d.entered, n),
			d.deaths, percent(d.deaths, d.entered), percent(d.deaths, len(dead)), d.medianLost, oneIn(d.hits, d.hitShares))
	}
	b.WriteString("  (HP lost: the damage taken on the depth over the max HP on entering it,\n")
	b.WriteString("  for each game that entered it; its median over those games. A hit: a\n")
	b.WriteString("  monster's blow or shot that hit, as a share of the player's max HP then;\n")
	b.WriteString("  its mean over every such hit on the depth, 1/12 a twelfth)\n")

	b.WriteString("\ncharacter level           games  reached it or higher\n")
	reached(&b, "level", countBy(games, func(g Game) int { return bucket(g.Level) }, byKey), n)

	b.WriteString("\nitems used                total  a game\n")
	used := map[string]int{}
	for _, g := range games {
		for name, k := range g.Used {
			used[name] += k
		}
	}
	names := make([]string, 0, len(used))
	for name := range used {
		names = append(names, name)
	}
	slices.SortFunc(names, func(x, y string) int {
		if c := cmp.Compare(used[y], used[x]); c != 0 {
			return c
		}
		return strings.Compare(x, y)
	})
	for _, name := range names {
		fmt.Fprintf(&b, "  %-22s %7d  %6s\n", name, used[name], perGame(used[name], n))
	}
	if len(names) == 0 {
		b.WriteString("  none\n")
	}
	return b.String()
}

// byTurns is the games' turns, fewest first.
func byTurns(games []Game) []int {
	out := make([]int, len(games))
	for i, g := range games {
		out[i] = g.Turns
	}
	slices.Sort(out)
	return out
}

// rank is the p-th percentile of turns ranked among n values, turns the
// lowest of them: "-" for no values, "alive" for a rank past turns.
func rank(p int, turns []int, n int) string {
	if n == 0 {
		return "-"
	}
	if r := Percentile(p, n); r <= len(turns) {
		return fmt.Sprint(turns[r-1])
	}
	return "alive"
}

// third is which third of depths 1 to goal depth d is in: 0, 1 or 2 (a
// depth past the goal counts in the last).
func third(goal, d int) int {
	return min(2, max(0, 3*(d-1)/goal))
}

// thirdBounds are the first and last depths of third k of 1 to goal.
func thirdBounds(goal, k int) (int, int) {
	lo, hi := 0, 0
	for d := goal; d >= 1; d-- {
		if third(goal, d) == k {
			if hi == 0 {
				hi = d
			}
			lo = d
		}
	}
	return lo, hi
}

// thirds counts the deaths in each third of the dungeon.
func thirds(goal int, dead []Game) [3]int {
	var out [3]int
	for _, g := range dead {
		out[third(goal, g.Depth)]++
	}
	return out
}

// depthRow is one depth's line of the report.
type depthRow struct {
	depth, entered, deaths, medianLost int
	hits, hitShares                    int // the sums of Depth's
}

// oneIn is the mean of hits shares (in millionths, summing to total)
// written as one part in so many, to a tenth: "1/11.6"; "-" for no hits.
func oneIn(hits, total int) string {
	if hits == 0 || total == 0 {
		return "-"
	}
	tenths := (10_000_000*int64(hits) + int64(total)/2) / int64(total)
	return fmt.Sprintf("1/%d.%d", tenths/10, tenths%10)
}

// byDepth sums the games up depth by depth, the shallowest first.
func byDepth(games []Game) []depthRow {
	lost := map[int][]int{}
	deaths := map[int]int{}
	hits, shares := map[int]int{}, map[int]int{}
	for _, g := range games {
		for _, d := range g.Depths {
			hits[d.Depth] += d.Hits
			shares[d.Depth] += d.HitShares
			share := 0
			if d.MaxHP > 0 {
				share = 100 * d.Lost / d.MaxHP
			}
			lost[d.Depth] = append(lost[d.Depth], share)
		}
		if g.Died {
			deaths[g.Depth]++
		}
	}
	var out []depthRow
	for d, ls := range lost {
		slices.Sort(ls)
		out = append(out, depthRow{depth: d, entered: len(ls), deaths: deaths[d], medianLost: ls[Percentile(50, len(ls))-1],
			hits: hits[d], hitShares: shares[d]})
	}
	slices.SortFunc(out, func(a, b depthRow) int { return cmp.Compare(a.depth, b.depth) })
	return out
}

// bucket groups the values above 10 by tens (11-20, 21-30, ...), each
// named by its first value, so that a long game's depths and levels keep
// the table short.
func bucket(v int) int {
	if v <= 10 {
		return v
	}
	return (v-1)/10*10 + 1
}

// reached writes a distribution of n games with, for each value (or
// bucket of values), how many games reached it or beyond.
func reached(b *strings.Builder, what string, counts []count[int], n int) {
	beyond := n
	for _, c := range counts {
		label := fmt.Sprint(c.key)
		if c.key > 10 {
			label = fmt.Sprintf("%d-%d", c.key, c.key+9)
		}
		fmt.Fprintf(b, "  %s %-16s %6d  %6d  %4d%%\n", what, label, c.n, beyond, percent(beyond, n))
		beyond -= c.n
	}
}

type count[K cmp.Ordered] struct {
	key K
	n   int
}

// byCount orders the most frequent first, then by key; byKey by key.
func byCount[K cmp.Ordered](a, b count[K]) int {
	if c := cmp.Compare(b.n, a.n); c != 0 {
		return c
	}
	return cmp.Compare(a.key, b.key)
}

func byKey[K cmp.Ordered](a, b count[K]) int { return cmp.Compare(a.key, b.key) }

// countBy counts games by key, in the order given.
func countBy[K cmp.Ordered](games []Game, key func(Game) K, order func(a, b count[K]) int) []count[K] {
	at := map[K]int{}
	var out []count[K]
	for _, g := range games {
		k := key(g)
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, count[K]{key: k})
		}
		out[i].n++
	}
	slices.SortFunc(out, order)
	return out
}
