package main

import (
	"io"

	"rogue/bot"
	"rogue/botgames"
	"rogue/events"
	"rogue/internal/terminal"
	"rogue/journal"
	"rogue/online"
	"rogue/play"
)

// runBot is `rogue bot`: one bot game into a journal, or many (botgames).
func runBot(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bot")
	seed := fs.Uint64("seed", 1, "the game's seed (with --games: the first game's; the others take the next seeds)")
	turns := fs.Int("turns", 1000, "stop each game after this many turns, if it has not ended (50000 plays a report's games to their end)")
	player := fs.String("player", bot.StrongName, "the built-in player's `NAME`: strong (plays well) or newcomer (charges, keeps its first gear, reads nothing, explores with o)")
	games := fs.Int("games", 1, "play this many games in parallel on every core, each into its own journal in --out DIR")
	out := fs.String("out", "", "the journal file to write (must not exist; - for the standard output); with --games, the directory for the journals (a new temporary one when not given)")
	wizard := fs.Bool("wizard", false, "wizard mode, recorded in the journal: the player cannot die")
	syncEvery := fs.Int("sync-every", 256, "fsync the journal every N turns (1: every turn, as a person's game does)")
	rules := fs.Int("rules", events.RulesVersion, "play under this rules version (1 to the newest), recorded in the journal")
	on := online.AddBotFlags(fs)
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if on.URL != "" {
		return on.Run(*games, *turns, stdout, stderr)
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q", pos[0])
	}
	run := botgames.Games{First: *seed, Games: *games, Turns: *turns, Rules: *rules, Player: *player, Opts: journal.Options{Wizard: *wizard, SyncEvery: *syncEvery}}
	return botgames.Bot(run, *out, stdout, stderr, terminal.Is(stderr), play.SummaryLine)
}
