package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"rogue/events"
	"rogue/events/wire"
	"rogue/reducer/dice"
)

// Line says which build this is and what it knows, in one line:
// the build, the Go that built it and for which platform, the journal
// formats it reads (it writes new games in the last), the rules versions
// and the PRNG. It heads every death summary and crash report too.
func Line() string {
	rules := fmt.Sprint(events.RulesVersion)
	if events.RulesVersion > 1 {
		rules = fmt.Sprintf("1 to %d", events.RulesVersion)
	}
	return fmt.Sprintf("rogue %s (%s %s/%s); journal formats 1 to %d (new games in %d); rules %s; PRNG %s",
		buildVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		wire.FormatVersion, wire.FormatVersion, rules, dice.Algorithm)
}

// buildVersion is the module's version when the build knows it (go
// install rogue@v1.2.0, or a build in a tagged checkout), else the VCS
// revision go build recorded, else "devel".
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return describeBuild(info)
}

// describeBuild is buildVersion of the build info info.
func describeBuild(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		rev += "+modified"
	}
	return "devel " + rev
}

// Build is the build alone, as Line begins with it: the module's
// version, else the VCS revision, else "devel". It names the build that
// verified a game on a board.
func Build() string { return buildVersion() }
