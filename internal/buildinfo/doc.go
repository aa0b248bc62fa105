// Package buildinfo says which build of rogue this is and what it knows,
// in the one line (Line) that rogue version prints and that heads every
// death summary and crash report: the module's version or the VCS
// revision the build recorded, the Go that built it and for which
// platform, the journal formats, the rules versions and the PRNG.
package buildinfo
