package balance

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Run is how a set of games was played: the header of the report.
type Run struct {
	Rules int // the rules version
	Turns int // each game stopped at this many turns, if the player lived
}

// Percentiles are the ranks the report gives the death turn at.
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

// Report is the balance report of games as plain text: deaths by cause
// and by depth, the death turn at the 10th, 50th and 90th percentiles,
// the deepest depth and the character level reached (by tens above 10),
// and the items used.
// It depends only on the set of games, not on their order.
//
// The death turn is ranked over every game (Percentile): a game that
// ended alive ranks after every death, and a percentile that falls on
// one reads "alive". So "50th: 1 500" says half the games were over by
// turn 1 500, and "10th: alive" that nine games in ten lived to the end.
func Report(run Run, games []Game) string {
	games = slices.Clone(games)
	slices.SortFunc(games, func(a, b Game) int { return cmp.Compare(a.Seed, b.Seed) })
	n := len(games)
	var b strings.Builder
	fmt.Fprintf(&b, "balance report: %d games under rules %d", n, run.Rules)
	if n > 0 {
		fmt.Fprintf(&b, ", seeds %d to %d", games[0].Seed, games[n-1].Seed)
	}
	fmt.Fprintf(&b, ", each until death or turn %d\n", run.Turns)
	var dead []Game
	won := 0
	for _, g := range games {
		if g.Died {
			dead = append(dead, g)
		}
		if g.Won {
			won++
		}
	}
	fmt.Fprintf(&b, "died: %d of %d (%d%%)\n", len(dead), n, percent(len(dead), n))
	if won > 0 {
		fmt.Fprintf(&b, "won: %d of %d (%d%%)\n", won, n, percent(won, n))
	}

	b.WriteString("\ndeaths by cause          deaths  of deaths\n")
	for _, c := range countBy(dead, func(g Game) string { return g.Cause }, byCount) {
		fmt.Fprintf(&b, "  %-22s %6d  %8d%%\n", c.key, c.n, percent(c.n, len(dead)))
	}

	b.WriteString("\ndeaths by depth          deaths  of deaths\n")
	for _, c := range countBy(dead, func(g Game) int { return g.Depth }, byKey) {
		fmt.Fprintf(&b, "  depth %-16d %6d  %8d%%\n", c.key, c.n, percent(c.n, len(dead)))
	}

	b.WriteString("\ndeath turn (nearest rank over all games; one alive at the end ranks last)\n")
	ranked := slices.Clone(dead)
	slices.SortStableFunc(ranked, func(a, b Game) int { return cmp.Compare(a.Turns, b.Turns) })
	for _, p := range Percentiles {
		at := "-"
		if n > 0 {
			if r := Percentile(p, n); r <= len(ranked) {
				at = fmt.Sprint(ranked[r-1].Turns)
			} else {
				at = "alive"
			}
		}
		fmt.Fprintf(&b, "  %2dth percentile        %6s\n", p, at)
	}
	early := 0
	for _, g := range dead {
		if g.Turns < 200 {
			early++
		}
	}
	fmt.Fprintf(&b, "  died before turn 200: %d (%d%%)\n", early, percent(early, n))

	b.WriteString("\ndeepest depth             games  reached it or deeper\n")
	reached(&b, "depth", countBy(games, func(g Game) int { return bucket(g.Depth) }, byKey), n)

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
