package botgames

import (
	"fmt"
	"path/filepath"
	"testing"

	"rogue/bot"
	"rogue/events"
	"rogue/journal"
)

// benchGames plays games of seeds 1, 2, ... of the player, each to its
// end or benchTurns turns, into journals as rogue bot --games does, and
// reports the turns played a second: what a balance report costs.
func benchGames(b *testing.B, player string) {
	const benchTurns = 3000
	dir := b.TempDir()
	run := Games{Turns: benchTurns, Rules: events.RulesVersion, Player: player, Opts: journal.Options{SyncEvery: 256}}
	turns := 0
	for i := range b.N {
		seed := uint64(i%50 + 1)
		g, err := PlayGame(seed, run, filepath.Join(dir, fmt.Sprintf("game-%d.rogue", i)), nil)
		if err != nil {
			b.Fatal(err)
		}
		turns += g.Turns
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}

func BenchmarkStrongGames(b *testing.B)   { benchGames(b, bot.StrongName) }
func BenchmarkNewcomerGames(b *testing.B) { benchGames(b, bot.NewcomerName) }
