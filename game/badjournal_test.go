package game

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/events/wire"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// This file holds journals that are wrong in every way we could think of,
// read through the real entry points (journal.Open, then Fold, Verify and
// the check a continued game makes), each with the exact error it must
// end in. None may panic, allocate without bound or hang.

// specimen is a real bot game to damage: its bytes, where each record
// starts, its turns and the state they fold into.
type specimen struct {
	bytes  []byte
	starts []int64 // starts[i] is where turn i's record begins; starts[len(turns)] is the end
	chain  uint32  // the chained crc of the last record
	turns  []events.Turn
	state  *reducer.State
}

// specimenTurns is how many turns the specimen game has.
const specimenTurns = 12

// newSpecimen plays the bot for specimenTurns turns into memory, with a
// fixed creation time so that the bytes are the same on every run.
func newSpecimen(t testing.TB) specimen {
	t.Helper()
	h := NewHeader(7, "bot", journal.Options{})
	h.Created = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	m, err := journal.NewMemory(h)
	require.NoError(t, err)
	g, err := Start(m.Header(), content.Default(), m)
	require.NoError(t, err)
	require.NoError(t, g.PlayWith(bot.Strong{}, specimenTurns))
	require.Equal(t, specimenTurns, g.State.Turn, "the bot survives the specimen game")

	sp := specimen{bytes: m.Bytes(), chain: m.Chain(), state: g.State}
	r, err := journal.NewBytesReader(sp.bytes)
	require.NoError(t, err)
	for {
		var turn events.Turn
		if r.Next(&turn) != nil {
			break
		}
		sp.turns = append(sp.turns, turn)
		sp.starts = append(sp.starts, r.Offset())
	}
	sp.starts = append(sp.starts, r.End())
	require.Len(t, sp.turns, specimenTurns)
	return sp
}

// end is where the specimen's last record ends: where a record appended
// to it starts.
func (sp specimen) end() int64 { return sp.starts[len(sp.turns)] }

// record returns the bytes of turn i's record.
func (sp specimen) record(i int) []byte { return sp.bytes[sp.starts[i]:sp.starts[i+1]] }

// rebuilt returns the specimen's magic and header followed by the records
// of the given turns, in that order, byte for byte.
func (sp specimen) rebuilt(turns ...int) []byte {
	out := append([]byte(nil), sp.bytes[:sp.starts[0]]...)
	for _, i := range turns {
		out = append(out, sp.record(i)...)
	}
	return out
}

// withTurns appends turns to the specimen through the journal's own
// writer: what they say passes the codec, however wrong it is as a game.
func (sp specimen) withTurns(t testing.TB, turns ...events.Turn) []byte {
	t.Helper()
	m, tail, err := journal.LoadMemory(sp.bytes)
	require.NoError(t, err)
	require.Nil(t, tail)
	for i := range turns {
		require.NoError(t, m.Append(&turns[i]))
	}
	return m.Bytes()
}

// withPayloads appends records holding the given payloads, validly framed
// and chained, so that only what is inside them is wrong.
func (sp specimen) withPayloads(payloads ...[]byte) []byte {
	out := append([]byte(nil), sp.bytes...)
	prev := sp.chain
	for _, p := range payloads {
		out, prev = frameRecord(out, prev, p)
	}
	return out
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// frameRecord appends one record holding payload, chained after prev, as
// journal/doc.go describes the format: uvarint length, crc32c (continuing
// prev) little endian, payload. It returns the record's crc.
func frameRecord(b []byte, prev uint32, payload []byte) ([]byte, uint32) {
	crc := crc32.Update(prev, castagnoli, payload)
	b = binary.AppendUvarint(b, uint64(len(payload)))
	b = binary.LittleEndian.AppendUint32(b, crc)
	return append(b, payload...), crc
}

// rechain returns a copy of a journal in which every record the framing
// finds carries the right chained crc: a forger's journal, damaged only
// where it was meant to be.
func rechain(b []byte) []byte {
	out := append([]byte(nil), b...)
	off := len(journal.Magic)
	var prev uint32
	for off < len(out) {
		n, k := binary.Uvarint(out[off:])
		if k <= 0 || uint64(len(out)-off-k-4) < n || len(out)-off-k < 4 {
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

// withHeaderByte returns the specimen with byte i of its header payload
// set to v (1 is the format version, 2 the rules version, both positive
// fixints), every crc made right again.
func (sp specimen) withHeaderByte(i int, v byte) []byte {
	out := append([]byte(nil), sp.bytes...)
	_, k := binary.Uvarint(out[len(journal.Magic):])
	out[len(journal.Magic)+k+4+i] = v
	return rechain(out)
}

// nestedArrays is a payload of arrays nested depth deep.
func nestedArrays(depth int) []byte {
	p := make([]byte, depth+1)
	for i := range depth {
		p[i] = 0x91
	}
	return p
}

// outcome is how reading a journal ends.
type outcome struct {
	// Stage is where it stops: "open" (journal.Open refuses the file),
	// "fold" (Fold refuses a turn), "tail" (Fold keeps the whole turns
	// and drops a torn or corrupt tail), "continue" (the journal replays
	// but a game cannot go on from it) or "whole" (nothing is wrong).
	Stage string
	// Message is the error's text.
	Message string
	// Turns is how many whole turns were folded.
	Turns int
	// Verify is what re-simulating the journal says.
	Verify string
}

// readJournal reads the journal at path as replay, verify and a continued
// game do, and returns how it ends with the error it ended in.
func readJournal(t *testing.T, path string) (outcome, error) {
	t.Helper()
	r, err := journal.Open(path)
	if err != nil {
		require.Nil(t, r)
		return outcome{Stage: "open", Message: err.Error()}, err
	}
	defer r.Close()
	s, tail, err := Fold(r, content.Default(), -1, nil)
	require.NotNil(t, s)
	got := outcome{Turns: s.Turn, Verify: verifySays(t, path)}
	switch {
	case err != nil:
		got.Stage, got.Message = "fold", err.Error()
		return got, err
	case tail != nil:
		got.Stage, got.Message = "tail", tail.Error()
		return got, tail
	}
	if err := CheckPlayable(r.Header()); err != nil {
		got.Stage, got.Message = "continue", err.Error()
		return got, err
	}
	got.Stage = "whole"
	return got, nil
}

// verifySays re-simulates the journal at path and says how it went.
func verifySays(t *testing.T, path string) string {
	t.Helper()
	r, err := journal.Open(path)
	require.NoError(t, err, "a journal that opened once opens again")
	defer r.Close()
	div, checked, tail, err := Verify(r, content.Default())
	switch {
	case err != nil:
		return "error: " + err.Error()
	case div != nil:
		return fmt.Sprintf("diverges at turn %d", div.Turn)
	case tail != nil:
		return fmt.Sprintf("%d turns match, then the tail is dropped", checked)
	}
	return fmt.Sprintf("all %d turns match", checked)
}

// badJournal is a journal wrong in one way, and what reading it must say.
type badJournal struct {
	name string
	// kind is the sentinel the error matches (errors.Is); nil where none
	// does (a fact the fold refuses is named by its message).
	kind error
	// make writes the journal under dir and returns its path and the
	// outcome reading it must have.
	make func(t testing.TB, sp specimen, dir string) (string, outcome)
}

// inFile writes b to a file called name in dir and returns its path.
func inFile(t testing.TB, dir, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// at is the "journal PATH: turn N at byte B: " prefix of messages.
func at(path string, turn int, offset int64) string {
	return fmt.Sprintf("journal %s: turn %d at byte %d: ", path, turn, offset)
}

// appendedRecord is a bad journal made of the specimen and one more
// record, validly framed and chained, holding payload: it ends in a
// corrupt tail at the specimen's end that says why.
func appendedRecord(payload []byte, why string) func(t testing.TB, sp specimen, dir string) (string, outcome) {
	return func(t testing.TB, sp specimen, dir string) (string, outcome) {
		path := inFile(t, dir, "bad.jnl", sp.withPayloads(payload))
		return path, outcome{
			Stage:   "tail",
			Message: fmt.Sprintf("%sdamaged journal: %s; its checksum holds but its payload is refused, and nothing readable follows it", at(path, specimenTurns, sp.end()), why),
			Turns:   specimenTurns,
			Verify:  "12 turns match, then the tail is dropped",
		}
	}
}

// appendedTurns is a bad journal made of the specimen and more turns
// that the codec takes but the fold refuses at the last of them, turn
// specimenTurns+len(turns)-1, with why.
func appendedTurns(why string, turns ...events.Turn) func(t testing.TB, sp specimen, dir string) (string, outcome) {
	return func(t testing.TB, sp specimen, dir string) (string, outcome) {
		b := sp.withTurns(t, turns...)
		path := inFile(t, dir, "bad.jnl", b)
		bad := specimenTurns + len(turns) - 1
		offset := sp.end()
		if len(turns) > 1 {
			// Where the last record starts: read it back.
			r, err := journal.NewBytesReader(b)
			require.NoError(t, err)
			var turn events.Turn
			for r.Turns() <= bad && r.Next(&turn) == nil {
			}
			offset = r.Offset()
		}
		return path, outcome{
			Stage:   "fold",
			Message: fmt.Sprintf("journal %s: at byte %d: turn %d: %s", path, offset, bad, why),
			Turns:   bad,
			Verify:  fmt.Sprintf("diverges at turn %d", specimenTurns),
		}
	}
}

// besideWall is a floor tile of s's level, with no actor on it, whose
// west neighbour is a wall.
func besideWall(t testing.TB, s *reducer.State) events.Pos {
	for y := 0; y < s.Map.Height; y++ {
		for x := 1; x < s.Map.Width; x++ {
			p := events.Pos{X: x, Y: y}
			if s.Map.Walkable(p) && !s.Map.Walkable(events.Pos{X: x - 1, Y: y}) && s.ActorAt(p) == nil {
				return p
			}
		}
	}
	t.Fatal("no floor beside a wall")
	return events.Pos{}
}

// wait is a turn of waiting with the given facts.
func wait(facts ...events.Fact) events.Turn {
	return events.Turn{Command: &events.Wait{}, Facts: facts}
}

func badJournals() []badJournal {
	waitCode := byte(events.CodeWait)
	return []badJournal{
		{"an empty file", journal.ErrEmpty, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := inFile(t, dir, "empty.jnl", nil)
			return path, outcome{Stage: "open", Message: "journal " + path + ": at byte 0: empty file, not a rogue journal"}
		}},
		{"a directory", journal.ErrNotJournal, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := filepath.Join(dir, "saves")
			require.NoError(t, os.Mkdir(path, 0o755))
			return path, outcome{Stage: "open", Message: "journal " + path + ": is a directory, not a rogue journal"}
		}},
		{"a file of random garbage", journal.ErrNotJournal, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			garbage := make([]byte, 4096)
			rng := rand.New(rand.NewPCG(6, 6))
			for i := range garbage {
				garbage[i] = byte(rng.Uint32())
			}
			garbage[0] = 'X' // not the first byte of the magic, whatever the generator says
			path := inFile(t, dir, "garbage.jnl", garbage)
			return path, outcome{Stage: "open", Message: "journal " + path + ": at byte 0: not a rogue journal (no ROGUEJNL magic)"}
		}},
		{"a header cut short", journal.ErrTruncatedHeader, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			cut := int(sp.starts[0]) - 5
			path := inFile(t, dir, "short.jnl", sp.bytes[:cut])
			total := sp.starts[0] - int64(len(journal.Magic))
			return path, outcome{Stage: "open", Message: fmt.Sprintf("journal %s: at byte 8: header cut short: %d of %d bytes", path, cut-len(journal.Magic), total)}
		}},
		{"a journal from a newer format", journal.ErrFutureFormat, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := inFile(t, dir, "future.jnl", sp.withHeaderByte(1, wire.FormatVersion+1))
			return path, outcome{Stage: "open", Message: fmt.Sprintf("journal %s: at byte 8: format version %d is newer than this program, which reads up to %d: update rogue", path, wire.FormatVersion+1, wire.FormatVersion)}
		}},
		{"a header saying format version 0", journal.ErrBadHeader, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := inFile(t, dir, "zero.jnl", sp.withHeaderByte(1, 0))
			return path, outcome{Stage: "open", Message: "journal " + path + ": at byte 8: bad header: format version 0 is not valid"}
		}},
		{"a journal played under newer rules than this program has: it replays, a game cannot go on from it nor be re-simulated", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := inFile(t, dir, "rules-next.jnl", sp.withHeaderByte(2, events.RulesVersion+1))
			unknown := fmt.Sprintf("the journal was played under rules version %d, and this program has rules up to version %d", events.RulesVersion+1, events.RulesVersion)
			return path, outcome{Stage: "continue", Message: unknown, Turns: specimenTurns, Verify: "error: " + unknown}
		}},
		{"a record cut short (torn)", journal.ErrTorn, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			last := specimenTurns - 1
			cut := sp.starts[last] + 3
			path := inFile(t, dir, "torn.jnl", sp.bytes[:cut])
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%storn record: 3 of %d bytes (3 bytes: an append cut short, as a crash leaves it)", at(path, last, sp.starts[last]), sp.starts[last+1]-sp.starts[last]),
				Turns:   last, Verify: "11 turns match, then the tail is dropped"}
		}},
		{"a record with a flipped bit", journal.ErrChecksum, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			b := append([]byte(nil), sp.bytes...)
			b[sp.starts[5]+5] ^= 0x04 // the first byte of its payload
			path := inFile(t, dir, "flipped.jnl", b)
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%sdamaged journal: checksum does not chain: record corrupt, repeated or out of order; the %d bytes from there hold 6 readable records, from byte %d, but after a lost turn: they cannot be re-verified", at(path, 5, sp.starts[5]), sp.end()-sp.starts[5], sp.starts[6]),
				Turns:   5, Verify: "5 turns match, then the tail is dropped"}
		}},
		{"a record repeated", journal.ErrChecksum, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := inFile(t, dir, "repeated.jnl", sp.rebuilt(0, 1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11))
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%sdamaged journal: checksum does not chain: record corrupt, repeated or out of order; the %d bytes from there hold 7 readable records; turns 5 to 11 can be salvaged", at(path, 5, sp.starts[5]), sp.end()-sp.starts[4]),
				Turns:   5, Verify: "5 turns match, then the tail is dropped"}
		}},
		{"two records swapped", journal.ErrChecksum, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := inFile(t, dir, "swapped.jnl", sp.rebuilt(0, 1, 2, 4, 3, 5, 6, 7, 8, 9, 10, 11))
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%sdamaged journal: checksum does not chain: record corrupt, repeated or out of order; the %d bytes from there hold 6 readable records, from byte %d, but after a lost turn: they cannot be re-verified", at(path, 3, sp.starts[3]), sp.end()-sp.starts[3], sp.starts[6]),
				Turns:   3, Verify: "3 turns match, then the tail is dropped"}
		}},
		{"a length prefix of 2^40", journal.ErrCorrupt, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			b := append(binary.AppendUvarint(append([]byte(nil), sp.bytes...), 1<<40), make([]byte, 100)...)
			path := inFile(t, dir, "huge.jnl", b)
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%sdamaged journal: corrupt record: its length 1099511627776 is over the cap of 262144 bytes; none of the 106 bytes from there reads as a record", at(path, specimenTurns, sp.end())),
				Turns:   specimenTurns, Verify: "12 turns match, then the tail is dropped"}
		}},
		{"a length prefix of 2^63", journal.ErrCorrupt, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			b := append(binary.AppendUvarint(append([]byte(nil), sp.bytes...), 1<<63), make([]byte, 100)...)
			path := inFile(t, dir, "huger.jnl", b)
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%sdamaged journal: corrupt record: its length 9223372036854775808 is over the cap of 262144 bytes; none of the 110 bytes from there reads as a record", at(path, specimenTurns, sp.end())),
				Turns:   specimenTurns, Verify: "12 turns match, then the tail is dropped"}
		}},
		{"a length prefix that overflows 64 bits", journal.ErrCorrupt, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			b := append(append([]byte(nil), sp.bytes...), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0, 0, 0, 0)
			path := inFile(t, dir, "overflow.jnl", b)
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%sdamaged journal: corrupt record: its length prefix overflows 64 bits; none of the 15 bytes from there reads as a record", at(path, specimenTurns, sp.end())),
				Turns:   specimenTurns, Verify: "12 turns match, then the tail is dropped"}
		}},
		{"a valid journal followed by garbage", journal.ErrTorn, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := inFile(t, dir, "trailing.jnl", append(append([]byte(nil), sp.bytes...), "garbage!"...))
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%storn record: 8 of 108 bytes (8 bytes: an append cut short, as a crash leaves it)", at(path, specimenTurns, sp.end())),
				Turns:   specimenTurns, Verify: "12 turns match, then the tail is dropped"}
		}},
		{"an array32 declaring 4294967295 values (a msgpack bomb)", journal.ErrCorrupt, appendedRecord(
			[]byte{0xdd, 0xff, 0xff, 0xff, 0xff},
			"record does not decode: payload offset 0: declares an array of 4294967295 values but only 0 bytes are left")},
		{"a map32 declaring 4294967295 pairs (a msgpack bomb)", journal.ErrCorrupt, appendedRecord(
			[]byte{0xdf, 0xff, 0xff, 0xff, 0xff},
			"record does not decode: payload offset 0: a msgpack map, which a journal never holds")},
		{"a bin32 declaring 4 GiB (a msgpack bomb)", journal.ErrCorrupt, appendedRecord(
			[]byte{0xc6, 0xff, 0xff, 0xff, 0xff},
			"record does not decode: payload offset 0: msgpack type 0xc6 is not allowed here")},
		{"an array32 bomb inside a turn, where its facts go", journal.ErrCorrupt, appendedRecord(
			[]byte{waitCode, 0x00, 0xdd, 0xff, 0xff, 0xff, 0xff},
			"record does not decode: payload offset 2: declares an array of 4294967295 values but only 0 bytes are left")},
		{"arrays nested 200,000 deep", journal.ErrCorrupt, appendedRecord(
			nestedArrays(200_000),
			"record does not decode: payload offset 1: arrays nested deeper than 1")},
		{"arrays nested 1,000,000 deep (over the record cap)", journal.ErrCorrupt, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			path := inFile(t, dir, "deep.jnl", sp.withPayloads(nestedArrays(1_000_000)))
			return path, outcome{Stage: "tail",
				Message: fmt.Sprintf("%sdamaged journal: corrupt record: its length 1000001 is over the cap of 262144 bytes; none of the 1000008 bytes from there reads as a record", at(path, specimenTurns, sp.end())),
				Turns:   specimenTurns, Verify: "12 turns match, then the tail is dropped"}
		}},
		{"an unknown fact code", journal.ErrCorrupt, appendedRecord(
			[]byte{waitCode, 0x00, 0xcc, 200},
			"record does not decode: fact 0: unknown code 200")},
		{"an unknown command code", journal.ErrCorrupt, appendedRecord(
			[]byte{120, 0x00},
			"record does not decode: command: unknown code 120")},
		{"a fact about an entity that does not exist", nil, appendedTurns(
			"fact 0 (Moved) field Actor: entity 999 does not exist",
			wait(&events.Moved{Actor: 999, Dir: events.North}))},
		{"a monster spawned outside the map", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			return appendedTurns("fact 0 (Spawned) field Pos: (500,3) is outside the map",
				wait(&events.Spawned{ID: sp.state.NextID, Kind: 3, Pos: events.Pos{X: 500, Y: 3}, HP: 5}))(t, sp, dir)
		}},
		{"a monster spawned in a wall", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			return appendedTurns("fact 0 (Spawned) field Pos: (0,0) is wall, not floor",
				wait(&events.Spawned{ID: sp.state.NextID, Kind: 3, Pos: events.Pos{X: 0, Y: 0}, HP: 5}))(t, sp, dir)
		}},
		{"a monster walking into a wall", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			p := besideWall(t, sp.state)
			return appendedTurns(fmt.Sprintf("fact 1 (Moved) field Dir: (%d,%d) is wall, not floor", p.X-1, p.Y),
				wait(&events.Spawned{ID: sp.state.NextID, Kind: 3, Pos: p, HP: 5},
					&events.Moved{Actor: sp.state.NextID, Dir: events.West}))(t, sp, dir)
		}},
		{"a monster spawned where the player stands", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			p := sp.state.Player().Pos
			return appendedTurns(fmt.Sprintf("fact 0 (Spawned) field Pos: (%d,%d) is taken: actor 1 stands there", p.X, p.Y),
				wait(&events.Spawned{ID: sp.state.NextID, Kind: 3, Pos: p, HP: 5}))(t, sp, dir)
		}},
		{"an item both carried and on the floor", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			return appendedTurns("fact 0 (Spawned) field Pos: a carried item has no place of its own, yet it is placed at (3,3)",
				wait(&events.Spawned{ID: sp.state.NextID, Kind: 101, Holder: events.PlayerID, Pos: events.Pos{X: 3, Y: 3}}))(t, sp, dir)
		}},
		{"a turn that enters two levels", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			l := sp.state.Level
			return appendedTurns("fact 1 (LevelEntered): a turn may enter at most 1 level (this is the 2nd)",
				events.Turn{Command: &events.Descend{}, Facts: []events.Fact{&l, &l}})(t, sp, dir)
		}},
		{"an entity id out of order", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			return appendedTurns(fmt.Sprintf("fact 0 (Spawned) field ID: entity id %d out of order: the next id is %d", sp.state.NextID+5, sp.state.NextID),
				wait(&events.Spawned{ID: sp.state.NextID + 5, Kind: 3, Pos: events.Pos{X: 1, Y: 1}, HP: 5}))(t, sp, dir)
		}},
		{"a level whose rooms go outside the map", nil, appendedTurns(
			"fact 0 (LevelEntered): rooms[0] {X:75 Y:45 W:10 H:10}: X=75 W=10 reach the right border (X+W must be at most 79)",
			events.Turn{Command: &events.Descend{}, Facts: []events.Fact{&events.LevelEntered{
				Depth: 2, Width: 80, Height: 50,
				Rooms:  []events.Rect{{X: 75, Y: 45, W: 10, H: 10}},
				Stairs: events.Pos{X: 76, Y: 46}, Arrival: events.Pos{X: 77, Y: 46},
			}}})},
		{"a second Begin", nil, appendedTurns(
			"Begin after the game began",
			events.Turn{Command: &events.Begin{}})},
		{"a turn after the player's death", nil, appendedTurns(
			"a turn after the player died",
			wait(&events.Died{Actor: events.PlayerID, Cause: events.CauseStarvation}),
			wait())},
		{"a first turn that is not Begin", nil, func(t testing.TB, sp specimen, dir string) (string, outcome) {
			h := NewHeader(7, "bot", journal.Options{})
			h.Created = time.Unix(0, 0)
			m, err := journal.NewMemory(h)
			require.NoError(t, err)
			start := int64(len(m.Bytes()))
			turn := wait()
			require.NoError(t, m.Append(&turn))
			path := inFile(t, dir, "nobegin.jnl", m.Bytes())
			return path, outcome{Stage: "fold", Message: fmt.Sprintf("journal %s: at byte %d: ", path, start) + "turn 0: the first turn must be Begin, not Wait",
				Verify: "diverges at turn 0"}
		}},
	}
}

func TestBadJournalsEndInTheirOwnClearErrors(t *testing.T) {
	t.Parallel()
	sp := newSpecimen(t)
	for _, c := range badJournals() {
		t.Run(c.name, func(t *testing.T) {
			path, want := c.make(t, sp, t.TempDir())
			var got outcome
			var err error
			require.NotPanics(t, func() { got, err = readJournal(t, path) })
			assert.Equal(t, want, got)
			require.Error(t, err)
			if c.kind != nil {
				assert.Truef(t, errors.Is(err, c.kind), "%q does not match %q", err, c.kind)
			}
		})
	}
}

func TestTheSpecimenItselfReadsWhole(t *testing.T) {
	t.Parallel()
	sp := newSpecimen(t)
	path := inFile(t, t.TempDir(), "good.jnl", sp.bytes)
	got, err := readJournal(t, path)
	require.NoError(t, err)
	assert.Equal(t, outcome{Stage: "whole", Turns: specimenTurns, Verify: "all 12 turns match"}, got)
}

func TestAJournalThisUserMayNotReadIsRefused(t *testing.T) {
	t.Parallel()
	sp := newSpecimen(t)
	path := inFile(t, t.TempDir(), "secret.jnl", sp.bytes)
	require.NoError(t, os.Chmod(path, 0))
	if f, err := os.Open(path); err == nil {
		f.Close()
		t.Skip("this user reads files with mode 000 (root); cmd/rogue's CLI test drops privileges for this case")
	}
	got, err := readJournal(t, path)
	assert.Equal(t, outcome{Stage: "open", Message: "journal " + path + ": open: permission denied"}, got)
	assert.True(t, errors.Is(err, fs.ErrPermission), "%v", err)
}
