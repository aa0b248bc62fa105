package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/events/wire"
	"rogue/game"
	"rogue/internal/waiting"
	"rogue/journal"
	"rogue/reducer/content"
)

// The tests in this file and in crash_test.go run the real rogue binary,
// built once per test process by rogueBinary.

// rogueBuild is the binary built for this test process.
var rogueBuild struct {
	once sync.Once
	dir  string // removed by TestMain
	path string
	err  error
}

func TestMain(m *testing.M) {
	// The tests' snapshot cache (see journal.CacheRoot), not the user's;
	// the go command building the binary keeps its own build cache,
	// which it also finds under XDG_CACHE_HOME.
	if os.Getenv("GOCACHE") == "" {
		if user, err := os.UserCacheDir(); err == nil {
			os.Setenv("GOCACHE", filepath.Join(user, "go-build"))
		}
	}
	cache, err := os.MkdirTemp("", "rogue-cache-")
	if err == nil {
		os.Setenv("XDG_CACHE_HOME", cache)
	}
	code := waiting.Run(m)
	if err == nil {
		os.RemoveAll(cache)
	}
	if rogueBuild.dir != "" {
		os.RemoveAll(rogueBuild.dir)
	}
	os.Exit(code)
}

// rogueBinary builds the rogue command (once per test process) into a
// temporary directory that any user may read, and returns its path.
func rogueBinary(t testing.TB) string {
	t.Helper()
	rogueBuild.once.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			rogueBuild.err = err
			return
		}
		dir, err := os.MkdirTemp("", "rogue-bin-")
		if err != nil {
			rogueBuild.err = err
			return
		}
		rogueBuild.dir = dir
		if err := os.Chmod(dir, 0o755); err != nil {
			rogueBuild.err = err
			return
		}
		path := filepath.Join(dir, "rogue")
		out, err := exec.Command(goTool, "build", "-o", path, ".").CombinedOutput()
		if err != nil {
			rogueBuild.err = errors.New("go build: " + err.Error() + "\n" + string(out))
			return
		}
		rogueBuild.path = path
	})
	if errors.Is(rogueBuild.err, exec.ErrNotFound) {
		t.Skip("no go command to build rogue with")
	}
	require.NoError(t, rogueBuild.err)
	return rogueBuild.path
}

// ran is what a run of the rogue binary did.
type ran struct {
	Code   int
	Stdout string
	Stderr string
}

// runRogue runs the rogue binary with args (prefixed by wrapper, a command
// to run it under, if any) and returns what it did.
func runRogue(t *testing.T, wrapper []string, args ...string) ran {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	argv := append(append(append([]string(nil), wrapper...), rogueBinary(t)), args...)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		require.NoError(t, err)
	}
	require.NoError(t, ctx.Err(), "rogue %v ran for more than 30 s", args)
	return ran{Code: cmd.ProcessState.ExitCode(), Stdout: stdout.String(), Stderr: stderr.String()}
}

// assertNoPanic checks that a run printed no Go panic or stack.
func assertNoPanic(t *testing.T, r ran) {
	t.Helper()
	for _, bad := range []string{"panic", "goroutine", "internal error", ".go:"} {
		assert.NotContains(t, r.Stdout+r.Stderr, bad)
	}
}

// A small framer for building journals here; journal/doc.go has the format.

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// rechain returns a copy of journal b with every record's chained crc
// made right (after a test changed bytes inside a record).
func rechain(b []byte) []byte {
	out := append([]byte(nil), b...)
	off := len(journal.Magic)
	var prev uint32
	for off < len(out) {
		n, k := binary.Uvarint(out[off:])
		if k <= 0 || len(out)-off-k < 4 || uint64(len(out)-off-k-4) < n {
			break
		}
		crcAt := off + k
		end := crcAt + 4 + int(n)
		prev = crc32.Update(prev, castagnoli, out[crcAt+4:end])
		binary.LittleEndian.PutUint32(out[crcAt:], prev)
		off = end
	}
	return out
}

// withRecord appends a record holding payload to the journal b whose last
// crc is prev.
func withRecord(b []byte, prev uint32, payload []byte) []byte {
	out := binary.AppendUvarint(append([]byte(nil), b...), uint64(len(payload)))
	out = binary.LittleEndian.AppendUint32(out, crc32.Update(prev, castagnoli, payload))
	return append(out, payload...)
}

// setHeaderByte sets byte i of the header payload of journal b (1: the
// format version, 2: the rules version) and rechains it.
func setHeaderByte(b []byte, i int, v byte) []byte {
	out := append([]byte(nil), b...)
	_, k := binary.Uvarint(out[len(journal.Magic):])
	out[len(journal.Magic)+k+4+i] = v
	return rechain(out)
}

// botJournal is a real bot game of n turns in memory, with its chain.
func botJournal(t *testing.T, seed uint64, n int) *journal.Memory {
	t.Helper()
	m, err := journal.NewMemory(game.NewHeader(seed, "bot", journal.Options{}))
	require.NoError(t, err)
	g, err := game.Start(m.Header(), content.Default(), m)
	require.NoError(t, err)
	require.NoError(t, g.PlayWith(bot.Strong{}, n))
	return m
}

// writeFile writes b to name in dir and returns the path.
func writeFile(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// sharedDir is a temporary directory that any user may enter (t.TempDir
// is not, for an unprivileged user).
func sharedDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "rogue-cli-")
	require.NoError(t, err)
	t.Cleanup(func() {
		filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
			if err == nil && fi.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
		os.RemoveAll(dir)
	})
	require.NoError(t, os.Chmod(dir, 0o755))
	return dir
}

func TestBadJournalsGiveOneLineAndAnExitCodeOnEveryCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := botJournal(t, 5, 10)
	good := m.Bytes()
	end := len(good)
	r, err := m.Reader()
	require.NoError(t, err)
	header := int(r.End()) - len(journal.Magic)
	var turn events.Turn
	for r.Next(&turn) == nil {
	}
	lastStart := r.Offset()

	ghost, tail, err := journal.LoadMemory(good)
	require.NoError(t, err)
	require.Nil(t, tail)
	ghostTurn := events.Turn{Command: &events.Wait{}, Facts: []events.Fact{&events.Moved{Actor: 999, Dir: events.North}}}
	require.NoError(t, ghost.Append(&ghostTurn))

	paths := map[string]string{
		"empty":   writeFile(t, dir, "empty.jnl", nil),
		"dir":     dir,
		"garbage": writeFile(t, dir, "garbage.jnl", bytes.Repeat([]byte{0xde, 0xad, 0xbe, 0xef}, 300)),
		"future":  writeFile(t, dir, "future.jnl", setHeaderByte(good, 1, wire.FormatVersion+1)),
		"rules2":  writeFile(t, dir, "rules-next.jnl", setHeaderByte(good, 2, events.RulesVersion+1)),
		"ghost":   writeFile(t, dir, "ghost.jnl", ghost.Bytes()),
		"bomb":    writeFile(t, dir, "bomb.jnl", withRecord(good, m.Chain(), []byte{0xdd, 0xff, 0xff, 0xff, 0xff})),
		"torn":    writeFile(t, dir, "torn.jnl", good[:end-2]),
		"header":  writeFile(t, dir, "header.jnl", good[:20]),
	}
	p := func(name string) string { return paths[name] }
	ghostAt := "journal " + p("ghost") + ": at byte " + strconv.Itoa(end) + ": turn 10: fact 0 (Moved) field Actor: entity 999 does not exist"
	bombLine := "journal " + p("bomb") + ": turn 10 at byte " + strconv.Itoa(end) +
		": damaged journal: record does not decode: payload offset 0: declares an array of 4294967295 values but only 0 bytes are left; " +
		"its checksum holds but its payload is refused, and nothing readable follows it; rogue salvage " + p("bomb") + " writes a new journal of every turn that can be recovered"
	tornNote := "journal " + p("torn") + ": turn 9 at byte " + strconv.Itoa(int(lastStart)) + ": torn record: " +
		strconv.Itoa(end-2-int(lastStart)) + " of " + strconv.Itoa(end-int(lastStart)) + " bytes (" + strconv.Itoa(end-2-int(lastStart)) + " bytes: an append cut short, as a crash leaves it)"
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string // the one line on stderr
	}{
		{"replay of an empty file", []string{"replay", "--headless", p("empty")}, 1,
			"rogue replay: journal " + p("empty") + ": at byte 0: empty file, not a rogue journal"},
		{"verify of an empty file", []string{"verify", p("empty")}, 1,
			"rogue verify: journal " + p("empty") + ": at byte 0: empty file, not a rogue journal"},
		{"dump of a directory", []string{"dump", p("dir")}, 1,
			"rogue dump: journal " + p("dir") + ": is a directory, not a rogue journal"},
		{"replay of a directory", []string{"replay", "--headless", p("dir")}, 1,
			"rogue replay: journal " + p("dir") + ": is a directory, not a rogue journal"},
		{"verify of garbage", []string{"verify", p("garbage")}, 1,
			"rogue verify: journal " + p("garbage") + ": at byte 0: not a rogue journal (no ROGUEJNL magic)"},
		{"dump of a header cut short", []string{"dump", p("header")}, 1,
			"rogue dump: journal " + p("header") + ": at byte 8: header cut short: 12 of " + strconv.Itoa(header) + " bytes"},
		{"replay of a journal from a newer format", []string{"replay", "--headless", p("future")}, 1,
			"rogue replay: journal " + p("future") + ": at byte 8: " + newerFormat},
		{"verify of a journal from a newer format", []string{"verify", p("future")}, 1,
			"rogue verify: journal " + p("future") + ": at byte 8: " + newerFormat},
		{"verify of a journal played under newer rules", []string{"verify", p("rules2")}, 1,
			"rogue verify: " + p("rules2") + fmt.Sprintf(": cannot re-simulate: the journal was played under rules version %d, and this program has rules up to version %d: update rogue", events.RulesVersion+1, events.RulesVersion)},
		{"replay of a fact about a missing entity", []string{"replay", "--headless", p("ghost")}, 1,
			"rogue replay: " + ghostAt},
		{"dump of a fact about a missing entity dumps it and fails naming the turn", []string{"dump", p("ghost")}, 1,
			"rogue dump: " + p("ghost") + ": turn 10 at byte " + strconv.Itoa(end) + " does not fold (turn 10: fact 0 (Moved) field Actor: entity 999 does not exist): its turns are dumped, without messages from there"},
		{"replay of a msgpack bomb says the journal is damaged", []string{"replay", "--headless", p("bomb")}, 3,
			"rogue replay: " + bombLine},
		{"dump of a msgpack bomb says the journal is damaged", []string{"dump", p("bomb")}, 3,
			"rogue dump: " + bombLine},
		{"verify of a torn journal checks the whole turns with a note", []string{"verify", p("torn")}, 0,
			"rogue verify: note: " + tornNote},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runRogue(t, nil, c.args...)
			assertNoPanic(t, got)
			assert.Equal(t, c.code, got.Code, "stderr: %s", got.Stderr)
			assert.Equal(t, c.stderr+"\n", got.Stderr)
		})
	}

	t.Run("replay of a journal played under newer rules works", func(t *testing.T) {
		got := runRogue(t, nil, "replay", "--headless", p("rules2"))
		assert.Equal(t, 0, got.Code, got.Stderr)
		assert.Equal(t, "", got.Stderr)
		assert.Contains(t, got.Stdout, fmt.Sprintf("versions: format %d, rules %d, chance ", wire.FormatVersion, events.RulesVersion+1))
		assert.Contains(t, got.Stdout, "turn:     9 of 9\n")
	})
}

// newerFormat is what a journal from the next format version says.
var newerFormat = fmt.Sprintf("format version %d is newer than this program, which reads up to %d: update rogue", wire.FormatVersion+1, wire.FormatVersion)
