package main

import (
	"embed"
	"strings"

	"rogue/internal/cli"
	"rogue/online"
)

// pages are the commands' help pages, help/NAME.txt: what rogue help
// NAME prints above the flags, exactly as it prints it (cli.ReadPage).
//
//go:embed help/*.txt
var pages embed.FS

// notes are the lines after the list of commands in rogue help.
//
//go:embed help/rogue.notes
var notes string

// program is rogue's command line: adding a command is one line in
// commands, its name and the function that runs it (which reads its
// flags), and its help page, help/NAME.txt.
func program() *cli.Program {
	return &cli.Program{
		Name:     "rogue",
		Title:    "rogue: a roguelike whose whole game is a journal",
		Default:  "play",
		Commands: commands(),
		Notes:    strings.Split(strings.TrimSuffix(notes, "\n"), "\n"),
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

// commands lists rogue's commands in the order rogue help shows them.
func commands() []cli.Command {
	return cli.WithPages("rogue", pages, "help", []cli.Command{
		{Name: "play", Run: runPlay},
		{Name: "bot", Run: runBot},
		{Name: "replay", Run: runReplay},
		{Name: "verify", Run: runVerify},
		{Name: "reverify", Run: runReverify},
		{Name: "dump", Run: runDump},
		{Name: "export", Run: runExport},
		{Name: "scores", Run: runScores},
		{Name: "account", Run: runAccount},
		{Name: "login", Run: runLogin},
		{Name: "watch", Run: runWatch},
		{Name: "submit", Run: online.SubmitCommand},
		{Name: "report", Run: online.ReportCommand},
		{Name: "host", Run: runHost},
		{Name: "salvage", Run: runSalvage},
		{Name: "serve", Run: runServe},
		{Name: "golden", Run: runGolden},
		{Name: "version", Run: runVersion},
	})
}
