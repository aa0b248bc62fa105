package main

import "io"

// command is one of rogue's commands. Adding a command is one entry in
// commands: its name, what it does in a line, how it is called, an
// example, and the function that runs it.
type command struct {
	name     string
	summary  string   // one line, for the list of commands
	synopsis []string // how it is called, without "rogue "
	examples []string // command lines a person might type, without "rogue "
	// run runs the command. It parses its flags (newFlags, parse) before
	// anything else, so that -h, and rogue help, print its help and do
	// nothing more.
	run func(args []string, stdout, stderr io.Writer) error
}

// commands lists rogue's commands in the order rogue help shows them.
func commands() []command {
	return []command{
		{
			name:     "play",
			summary:  "play in the terminal (the default): continue the unfinished game or start one",
			synopsis: []string{"play [--new] [--seed N]", "play --journal FILE"},
			examples: []string{"play", "play --new --seed 42", "play --journal game.rogue"},
			run:      runPlay,
		},
		{
			name:     "bot",
			summary:  "let the built-in player play a game into a journal, or many games",
			synopsis: []string{"bot [--seed N] [--turns N] [--wizard] --out FILE", "bot --games N [--seed N] [--turns N] [--out DIR]"},
			examples: []string{"bot --seed 7 --turns 2000 --out game.rogue", "bot --games 200 --seed 1 --out games/"},
			run:      runBot,
		},
		{
			name:     "replay",
			summary:  "watch a journal again, or summarize it with --headless",
			synopsis: []string{"replay [--to TURN] FILE", "replay --headless [--to TURN] FILE"},
			examples: []string{"replay game.rogue", "replay --headless --to 300 game.rogue"},
			run:      runReplay,
		},
		{
			name:     "verify",
			summary:  "re-simulate a journal under the current rules, naming the first turn that differs",
			synopsis: []string{"verify FILE"},
			examples: []string{"verify game.rogue"},
			run:      runVerify,
		},
		{
			name:     "dump",
			summary:  "print a journal one turn per line, every die roll visible (--json for JSON lines)",
			synopsis: []string{"dump [--json] FILE"},
			examples: []string{"dump game.rogue | less", "dump --json game.rogue > game.jsonl"},
			run:      runDump,
		},
		{
			name:     "export",
			summary:  "write a replay as an asciicast recording, or one screen as text",
			synopsis: []string{"export --asciicast OUT.cast [--from TURN] [--to TURN] [--every N] [--speed N] FILE", "export --text OUT.txt [--turn TURN] FILE"},
			examples: []string{"export --asciicast game.cast game.rogue", "export --text - --turn 812 game.rogue"},
			run:      runExport,
		},
		{
			name:     "salvage",
			summary:  "write a new journal of every turn of a damaged one that can be read and re-verified",
			synopsis: []string{"salvage [--out NEW] FILE"},
			examples: []string{"salvage game.rogue", "salvage --out saved.rogue game.rogue"},
			run:      runSalvage,
		},
		{
			name:     "version",
			summary:  "print the build, the journal formats it reads and writes, the rules and the PRNG",
			synopsis: []string{"version"},
			examples: []string{"version"},
			run:      runVersion,
		},
	}
}

// lookup returns the command called name, or nil.
func lookup(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return &c
		}
	}
	return nil
}
