package main

import (
	"rogue/internal/cli"
	"rogue/online"
)

// program is rogue's command line: adding a command is one entry in
// commands, its name, what it does in a line, how it is called, an
// example, and the function that runs it.
func program() *cli.Program {
	return &cli.Program{
		Name:     "rogue",
		Title:    "rogue: a roguelike whose whole game is a journal",
		Default:  "play",
		Commands: commands(),
		Notes: []string{
			"Without a command, rogue plays: rogue is rogue play.",
			"rogue help COMMAND (or rogue COMMAND -h) shows how a command is called, an example and its flags.",
			"rogue --version (or -version) is rogue version.",
			"A file argument that rogue writes may be -, the standard output.",
			"",
			"Exit codes: 0 done (a torn tail left by a crash is only a note), 1 an error or,",
			"for verify, a divergence, 2 a bad command line, 3 a damaged journal: the turns",
			"before the damage were read, not the rest (rogue salvage FILE recovers them).",
		},
		// The values of flags that take a turn or a file, named as the
		// synopses name them, whatever the command.
		ValueNames: map[string]string{
			"to": "TURN", "from": "TURN", "turn": "TURN",
			"asciicast": "OUT.cast", "text": "OUT.txt",
		},
		// What people type first to ask which rogue this is.
		Aliases: map[string]string{"-version": "version", "--version": "version"},
	}
}

// passwordNotes are rogue account's and rogue login's.
var passwordNotes = []string{
	"The password is read from the terminal, or from standard input when that is",
	"not a terminal. The token is kept in $XDG_CONFIG_HOME/rogue/online.json (0600).",
}

// commands lists rogue's commands in the order rogue help shows them.
func commands() []cli.Command {
	return []cli.Command{
		{
			Name:     "play",
			Summary:  "play in the terminal (the default): continue the unfinished game or start one",
			Synopsis: []string{"play [--new] [--seed N]", "play --journal FILE", "play --from FILE --turn N", "play --online URL [--daily]"},
			Examples: []string{"play", "play --new --seed 42", "play --journal game.rogue", "play --from game.rogue --turn 812", "play --online http://127.0.0.1:8081 --daily"},
			Run:      runPlay,
		},
		{
			Name:     "bot",
			Summary:  "let a built-in player play a game into a journal, or many games",
			Synopsis: []string{"bot [--player NAME] [--seed N] [--turns N] [--rules N] [--wizard] --out FILE", "bot --games N [--player NAME] [--seed N] [--turns N] [--rules N] [--out DIR]", "bot --online URL --games N [--pace TURNS_PER_S] [--turns N]"},
			Examples: []string{"bot --seed 7 --turns 2000 --out game.rogue", "bot --games 1000 --seed 1 --turns 50000 --player newcomer --out games/"},
			Run:      runBot,
		},
		{
			Name:     "replay",
			Summary:  "watch a journal again, or as it is written with --follow, or summarize it with --headless",
			Synopsis: []string{"replay [--to TURN] FILE", "replay --follow [--to TURN] FILE", "replay --headless [--to TURN] FILE"},
			Examples: []string{"replay game.rogue", "replay --follow game.rogue", "replay --headless --to 300 game.rogue"},
			Run:      runReplay,
		},
		{
			Name:     "verify",
			Summary:  "re-simulate a journal under its own rules (or --rules N), naming the first turn that differs",
			Synopsis: []string{"verify [--rules N] FILE"},
			Examples: []string{"verify game.rogue", "verify --rules 2 old.rogue"},
			Run:      runVerify,
		},
		{
			Name:     "reverify",
			Summary:  "re-simulate every journal of a folder (and the folders under it) under its own rules, on every core",
			Synopsis: []string{"reverify [--workers N] DIR"},
			Examples: []string{"reverify games/", "reverify --workers 1 games/"},
			Run:      runReverify,
		},
		{
			Name:     "dump",
			Summary:  "print a journal one turn per line, every die roll visible (--json for JSON lines), or its morgue",
			Synopsis: []string{"dump [--json] FILE", "dump --morgue FILE"},
			Examples: []string{"dump game.rogue | less", "dump --json game.rogue > game.jsonl", "dump --morgue game.rogue"},
			Run:      runDump,
		},
		{
			Name:     "export",
			Summary:  "write a replay as an asciicast recording, or one screen as text",
			Synopsis: []string{"export --asciicast OUT.cast [--from TURN] [--to TURN] [--every N] [--speed N] FILE", "export --text OUT.txt [--turn TURN] FILE"},
			Examples: []string{"export --asciicast game.cast game.rogue", "export --text - --turn 812 game.rogue"},
			Run:      runExport,
		},
		{
			Name:     "scores",
			Summary:  "the hall of fame: the best games of the journals in the data folder (or DIR), or a server's board",
			Synopsis: []string{"scores [--top N] [DIR]", "scores --online URL [--daily|--offline|--rules N] [--top N]"},
			Examples: []string{"scores", "scores --top 20 games/", "scores --online http://127.0.0.1:8081 --daily"},
			Run:      runScores,
		},
		{
			Name:     "account",
			Summary:  "make an account on a server (rogue host) and sign in to it",
			Synopsis: []string{"account new URL NAME"},
			Examples: []string{"account new http://127.0.0.1:8081 ada"},
			Notes:    passwordNotes,
			Run:      runAccount,
		},
		{
			Name:     "login",
			Summary:  "sign in to an account on a server (rogue host)",
			Synopsis: []string{"login URL NAME"},
			Examples: []string{"login http://127.0.0.1:8081 ada"},
			Notes:    passwordNotes,
			Run:      runLogin,
		},
		{
			Name:     "watch",
			Summary:  "list the games being played on a server, or follow one turn by turn",
			Synopsis: []string{"watch URL [GAME]"},
			Examples: []string{"watch http://127.0.0.1:8081", "watch http://127.0.0.1:8081 12"},
			Run:      runWatch,
		},
		{
			Name:     "submit",
			Summary:  "send a game played here to a server's offline board: the server re-simulates it before it lists it",
			Synopsis: []string{"submit FILE --online URL"},
			Examples: []string{"submit game.rogue --online http://127.0.0.1:8081"},
			Run:      online.SubmitCommand,
		},
		{
			Name:     "report",
			Summary:  "send a bug report to a server's maintainers: the journal, rogue version's line and what went wrong",
			Synopsis: []string{"report FILE --online URL WORDS"},
			Examples: []string{"report game.rogue --online http://127.0.0.1:8081 \"the door would not open\""},
			Run:      online.ReportCommand,
		},
		{
			Name:     "host",
			Summary:  "serve online games: the server decides every turn and keeps the journals",
			Synopsis: []string{"host [--addr HOST:PORT] [--db postgres://...] [--node NAME] [--workers N] [DIR]", "host --reverify [--workers N] [--db postgres://...] [DIR]", "host --grant NAME=ROLE [--db postgres://...] [DIR]"},
			Examples: []string{"host", "host --addr 127.0.0.1:9000 games/", "host --db postgres://rogue:rogue@127.0.0.1:5432/rogue", "host --grant ada=maintainer"},
			Notes: []string{
				"Players sign up with rogue account new, sign in with rogue login, play with",
				"rogue play --online and watch with rogue watch. The database is SQLite in DIR",
				"(by default the data folder's host/) or PostgreSQL with --db. It listens on",
				"this machine only unless --addr says otherwise. docs/SERVER.md has the API.",
				"--reverify re-simulates every stored journal on the queue the nodes share and",
				"prints the report; --grant gives an account a role (maintainer: bug reports).",
			},
			Run: runHost,
		},
		{
			Name:     "salvage",
			Summary:  "write a new journal of every turn of a damaged one that can be read and re-verified",
			Synopsis: []string{"salvage [--out NEW] FILE"},
			Examples: []string{"salvage game.rogue", "salvage --out saved.rogue game.rogue"},
			Run:      runSalvage,
		},
		{
			Name:     "serve",
			Summary:  "serve the browser page and the journals of the data folder (or DIR), read-only",
			Synopsis: []string{"serve [--addr HOST:PORT] [--follow] [DIR]"},
			Examples: []string{"serve", "serve --follow", "serve --addr 127.0.0.1:9000 games/"},
			Notes: []string{
				"It prints the address to open in a browser: the page plays rogue, lists the",
				"journals of the folder and replays any of them (/?replay=/journals/NAME); it",
				"follows one as a game in a terminal writes it (/?follow=/journals/NAME),",
				"showing each new turn within a second. With --follow the address printed is",
				"/follow, which opens the newest journal of the folder that way.",
				"",
				"It listens on this machine only (127.0.0.1) unless --addr says otherwise, and",
				"warns when it does not. It serves nothing but the page and the folder's .rogue",
				"files (no .., no link out of the folder), writes nothing, and stops on Ctrl-C.",
				"Journals in the page are kept by the browser, not in the folder.",
			},
			Run: runServe,
		},
		{
			Name:     "golden",
			Summary:  "make a bug report's journal a golden test of a checkout of rogue: go test ./golden then holds it",
			Synopsis: []string{"golden [--turns LIST] [--checkout DIR] FILE|URL/reports/ID [NAME]"},
			Examples: []string{"golden report.rogue stuck-door", "golden --turns \"811 812\" report.rogue"},
			Run:      runGolden,
		},
		{
			Name:     "version",
			Summary:  "print the build, the journal formats it reads and writes, the rules and the PRNG",
			Synopsis: []string{"version"},
			Examples: []string{"version"},
			Run:      runVersion,
		},
	}
}
