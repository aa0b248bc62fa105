package golden

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
	"rogue/journal"
	"rogue/reducer/dice"
)

// docJournal is docs/JOURNAL.md, the journal's format for people who
// write a reader of their own.
var docJournal = filepath.Join("..", "docs", "JOURNAL.md")

// exampleHeader and exampleTurns are the example journal of
// docs/JOURNAL.md: a first turn that builds a small level, a step, and a
// goblin's swing.
func exampleHeader(format int) journal.Header {
	return journal.Header{
		FormatVersion: format,
		RulesVersion:  1,
		Algorithm:     dice.Algorithm,
		Seed:          42,
		Created:       time.Date(2026, 11, 24, 8, 42, 0, 0, time.UTC),
		Player:        "ada",
		Options:       journal.Options{SyncEvery: 1},
	}
}

func exampleTurns() []events.Turn {
	return []events.Turn{
		{Command: &events.Begin{}, Draws: 57, Facts: []events.Fact{
			&events.LevelEntered{Depth: 1, Width: 80, Height: 21,
				Rooms:     []events.Rect{{X: 3, Y: 2, W: 8, H: 5}, {X: 20, Y: 3, W: 6, H: 4}},
				Corridors: []events.Corridor{{From: events.Pos{X: 10, Y: 4}, To: events.Pos{X: 20, Y: 5}, HorizontalFirst: true}},
				Stairs:    events.Pos{X: 23, Y: 5}, Arrival: events.Pos{X: 5, Y: 4}},
			&events.Spawned{ID: 1, Kind: 1, Pos: events.Pos{X: 5, Y: 4}, HP: 12},
			&events.Spawned{ID: 2, Kind: 201, Holder: 1, Slot: events.MainHand},
			&events.Spawned{ID: 3, Kind: 3, Pos: events.Pos{X: 8, Y: 3}, HP: 5},
		}},
		{Command: &events.Move{Dir: events.East}, Draws: 2, Facts: []events.Fact{
			&events.Moved{Actor: 1, Dir: events.East},
			&events.Moved{Actor: 3, Dir: events.SouthWest},
		}},
		{Command: &events.Wait{}, Draws: 3, Facts: []events.Fact{
			&events.Attacked{Attacker: 3, Target: 1, Natural: 14, Attack: 16, ArmorClass: 12, Hit: true, Roll: 3, Damage: 3},
			&events.Damaged{Actor: 1, Amount: 3, Cause: events.CauseMelee, Source: 3},
		}},
	}
}

// useTurn is the example of a command whose shape changed between
// formats: reading a scroll at a tile.
func useTurn() events.Turn {
	return events.Turn{Command: &events.Use{Item: 4, HasTarget: true, Target: events.Pos{X: 8, Y: 3}}, Draws: 1, Facts: []events.Fact{
		&events.Consumed{Actor: 1, Item: 4},
		&events.Damaged{Actor: 3, Amount: 8, Cause: events.CauseMagicMissile, Source: 1},
	}}
}

// format4Turns are the examples of format 4's openers and shorthands, by
// name: the commonest turns of a game.
func format4Turns() map[string]events.Turn {
	return map[string]events.Turn{
		"step": {Command: &events.Move{Dir: events.East}, Facts: []events.Fact{
			&events.Moved{Actor: 1, Dir: events.East},
		}},
		"rest": {Command: &events.Wait{}, Facts: []events.Fact{
			&events.Healed{Actor: 1, Amount: 1, Cause: events.CauseRest},
		}},
		"fight": {Command: &events.Move{Dir: events.North}, Draws: 3, Facts: []events.Fact{
			&events.Attacked{Attacker: 1, Target: 300, Weapon: 2, Natural: 14, Attack: 15, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
			&events.Attacked{Attacker: 300, Target: 1, Natural: 5, Attack: 7, ArmorClass: 12},
			&events.Moved{Actor: 301, Dir: events.SouthWest},
		}},
		"kill": {Command: &events.Move{Dir: events.North}, Draws: 2, Facts: []events.Fact{
			&events.Attacked{Attacker: 1, Target: 300, Weapon: 2, Natural: 20, Attack: 21, ArmorClass: 11, Hit: true, Roll: 6, Damage: 7},
			&events.Dropped{Actor: 300, Item: 301},
			&events.Died{Actor: 300, Cause: events.CauseMelee, Killer: 1},
			&events.GainedXP{Actor: 1, Amount: 10},
		}},
	}
}

// exampleBytes is every hex block docs/JOURNAL.md shows, by name, as this
// program writes it: the example journal written by journal.Create and
// Append to a file, cut at its records, and turn payloads in each format.
func exampleBytes(t *testing.T) map[string][]byte {
	path := filepath.Join(t.TempDir(), "example.rogue")
	f, err := journal.Create(path, exampleHeader(3))
	require.NoError(t, err)
	turns := exampleTurns()
	for i := range turns {
		require.NoError(t, f.Append(&turns[i]))
	}
	require.NoError(t, f.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)

	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	out := map[string][]byte{"journal-start": b[:r.End()]}
	// As the document says: a record's crc is the CRC-32C of every payload
	// so far, concatenated.
	payloads := append([]byte(nil), payloadAt(t, b, int64(len(journal.Magic)))...)
	var got events.Turn
	for i := range turns {
		require.NoError(t, r.Next(&got))
		out[fmt.Sprintf("turn-%d", i)] = b[r.Offset():r.End()]
		payloads = append(payloads, payloadAt(t, b, r.Offset())...)
		assert.Equal(t, crc32.Checksum(payloads, crc32.MakeTable(crc32.Castagnoli)), r.Chain(), "turn %d's crc", i)
	}
	// The header of a game taken over from the example journal, saved as
	// ada.rogue, at its turn 1 (the step): its eighth value names
	// the parent, with the parent's chain after that turn.
	r2, err := journal.Open(path)
	require.NoError(t, err)
	for range 2 {
		require.NoError(t, r2.Next(&got))
	}
	chain2 := r2.Chain()
	require.NoError(t, r2.Close())
	child := exampleHeader(3)
	child.Player = "bob"
	child.Created = time.Date(2026, 11, 24, 21, 10, 0, 0, time.UTC)
	child.Parent = &journal.Parent{Name: "ada.rogue", Chain: chain2, Turn: 1}
	m, err := journal.NewMemory(child)
	require.NoError(t, err)
	out["header-with-parent"] = payloadAt(t, m.Bytes(), int64(len(journal.Magic)))
	for v := 1; v <= wire.FormatVersion; v++ {
		for name, turn := range map[string]events.Turn{"turn-1": turns[1], "use": useTurn()} {
			p, err := wire.NewTurnEncoderFor(v).Encode(&turn)
			require.NoError(t, err)
			out[fmt.Sprintf("%s-format-%d", name, v)] = append([]byte(nil), p...)
		}
	}
	for name, turn := range format4Turns() {
		p, err := wire.NewTurnEncoderFor(4).Encode(&turn)
		require.NoError(t, err)
		out[name+"-format-4"] = append([]byte(nil), p...)
	}
	return out
}

// payloadAt is the payload of the record at off in the journal b.
func payloadAt(t *testing.T, b []byte, off int64) []byte {
	n, k := binary.Uvarint(b[off:])
	require.Positive(t, k)
	start := off + int64(k) + 4
	return b[start : start+int64(n)]
}

// hexBlock is a fenced block of docs/JOURNAL.md opened by "```hex NAME".
type hexBlock struct {
	name  string
	line  int // of the opening fence
	bytes []byte
}

// hexBlocks reads the hex blocks of the markdown file at path: bytes as
// pairs of hex digits separated by spaces, each line's "#" starting a
// comment.
func hexBlocks(t *testing.T, path string) []hexBlock {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var blocks []hexBlock
	var cur *hexBlock
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(line, "```hex "):
			cur = &hexBlock{name: strings.TrimSpace(strings.TrimPrefix(line, "```hex ")), line: n}
		case cur != nil && strings.HasPrefix(line, "```"):
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			code, _, _ := strings.Cut(line, "#")
			for _, tok := range strings.Fields(code) {
				b, err := hex.DecodeString(tok)
				require.NoError(t, err, "%s:%d: %q is not a byte in hex", path, n, tok)
				require.Len(t, b, 1, "%s:%d: %q is not one byte", path, n, tok)
				cur.bytes = append(cur.bytes, b[0])
			}
		}
	}
	require.NoError(t, sc.Err())
	require.Nil(t, cur, "%s: a hex block is not closed", path)
	return blocks
}

// dump is b as docs/JOURNAL.md could show it: 16 bytes a line.
func dump(b []byte) string {
	var s strings.Builder
	for i, c := range b {
		switch {
		case i > 0 && i%16 == 0:
			s.WriteByte('\n')
		case i > 0:
			s.WriteByte(' ')
		}
		fmt.Fprintf(&s, "%02x", c)
	}
	return s.String()
}

// Every hex example in docs/JOURNAL.md is what this program writes, and
// the document shows every example the test makes: neither can change
// without the other.
func TestTheJournalDocumentsHexExamplesAreWhatTheWriterWrites(t *testing.T) {
	t.Parallel()
	want := exampleBytes(t)
	blocks := hexBlocks(t, docJournal)
	seen := map[string]bool{}
	for _, b := range blocks {
		w, ok := want[b.name]
		if !assert.True(t, ok, "%s:%d: no example is called %q", docJournal, b.line, b.name) {
			continue
		}
		assert.False(t, seen[b.name], "%s:%d: %q is shown twice", docJournal, b.line, b.name)
		seen[b.name] = true
		assert.Equal(t, dump(w), dump(b.bytes), "%s:%d: the block %q", docJournal, b.line, b.name)
	}
	for name, w := range want {
		assert.True(t, seen[name], "%s shows no block %q; it would be:\n```hex %s\n%s\n```", docJournal, name, name, dump(w))
	}
}

// The document's tables of codes are the codes this program registers:
// every command, fact and shorthand code, with its name.
func TestTheJournalDocumentsCodeTablesAreTheRegisteredCodes(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(docJournal)
	require.NoError(t, err)
	rows := map[string]map[int]string{}
	section := ""
	row := regexp.MustCompile("^\\| *(0x[0-9a-f]+|[0-9]+) *\\| *`?([A-Za-z]+)`?")
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "### ") {
			section = strings.TrimPrefix(line, "### ")
			continue
		}
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		code, err := strconv.ParseInt(m[1], 0, 32)
		require.NoError(t, err)
		if rows[section] == nil {
			rows[section] = map[int]string{}
		}
		rows[section][int(code)] = m[2]
	}
	commands := map[int]string{}
	for _, c := range events.CommandCodes() {
		commands[int(c)] = events.CommandName(c)
	}
	facts := map[int]string{}
	for _, c := range events.FactCodes() {
		facts[int(c)] = events.FactName(c)
	}
	assert.Equal(t, commands, rows["Command codes"])
	assert.Equal(t, facts, rows["Fact codes"])
}
