package journal

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"sync"
)

// Magic is the first 8 bytes of every journal file.
const Magic = "ROGUEJNL"

// Caps on what a journal may hold. A reader refuses anything larger before
// allocating for it; a writer refuses to write it.
const (
	// MaxRecordSize is the largest payload of one turn record, in bytes.
	MaxRecordSize = 256 << 10
	// MaxHeaderSize is the largest payload of the header record, in bytes.
	MaxHeaderSize = 1 << 10
	// MaxFileSize is the largest journal file, in bytes. It is an int64,
	// as file sizes and offsets are: 2 GiB does not fit a 32-bit int.
	MaxFileSize int64 = 2 << 30
	// MaxTurns is the most turns a journal may hold.
	MaxTurns = 1 << 26
	// MaxNameLen is the longest player name and PRNG algorithm name, in bytes.
	MaxNameLen = 64
)

// maxFrameOverhead is the most bytes a record takes besides its payload: a
// uvarint length and the crc.
const maxFrameOverhead = binary.MaxVarintLen64 + 4

// castagnoliTable is hash/crc32's CRC-32C table, made when a first
// payload of smallPayload bytes or more is checksummed: making it builds
// the tables of the CRC32 instruction's code too (about 0.2 ms), which a
// command that reads no journal never needs.
var castagnoliTable = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// castagnoli is the CRC-32C table, byte by byte: castagnoli8[0].
var castagnoli = &castagnoli8[0]

// chain continues the checksum chain prev over payload: the CRC-32C of
// hash/crc32 (crc32.Update with the Castagnoli table), bit for bit.
//
// Most turns of a game are a payload of a few bytes. For so few,
// crc32.Update costs its call layers (update, the CPU check, the CRC32
// instruction's assembly) and that assembly's branches on the payload's
// alignment and length, mispredicted as often as not from record to
// record, several times over the CRC itself. So chain runs a
// slicing-by-8 table loop (chainSmall) below smallPayload bytes, and
// hands longer payloads to crc32.Update.
// TestChainIsCRC32C and FuzzChain check it against crc32.Update.
func chain(prev uint32, payload []byte) uint32 {
	if len(payload) < smallPayload {
		return chainSmall(prev, payload)
	}
	return crc32.Update(prev, castagnoliTable(), payload)
}

// chainSmall is chain's slicing-by-8 loop, for any payload. The 0 to 7
// bytes after the last 8 go in one switch on their count, one branch
// (a jump table), where hash/crc32's generic code takes three, on 4
// bytes left, then on each byte: a turn's length varies from record to
// record, and each of those branches was mispredicted as often as not
// (reading the long wizard game, 2% less CPU, paired).
func chainSmall(prev uint32, p []byte) uint32 {
	t := &castagnoli8
	crc := ^prev
	for len(p) >= 8 {
		crc ^= binary.LittleEndian.Uint32(p)
		crc = t[7][crc&0xff] ^ t[6][crc>>8&0xff] ^ t[5][crc>>16&0xff] ^ t[4][crc>>24] ^
			t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]]
		p = p[8:]
	}
	switch len(p) {
	case 1:
		crc = t[0][byte(crc)^p[0]] ^ crc>>8
	case 2:
		crc = chain2(t, crc, p)
	case 3:
		crc = chain2(t, crc, p)
		crc = t[0][byte(crc)^p[2]] ^ crc>>8
	case 4:
		crc = chain4(t, crc, p)
	case 5:
		crc = chain4(t, crc, p)
		crc = t[0][byte(crc)^p[4]] ^ crc>>8
	case 6:
		crc = chain4(t, crc, p)
		crc = chain2(t, crc, p[4:])
	case 7:
		crc = chain4(t, crc, p)
		crc = chain2(t, crc, p[4:])
		crc = t[0][byte(crc)^p[6]] ^ crc>>8
	}
	return ^crc
}

// chain4 and chain2 continue crc (not inverted) over the first 4 or 2
// bytes of p, slicing by 4 or 2.
func chain4(t *[8][256]uint32, crc uint32, p []byte) uint32 {
	crc ^= binary.LittleEndian.Uint32(p)
	return t[3][crc&0xff] ^ t[2][crc>>8&0xff] ^ t[1][crc>>16&0xff] ^ t[0][crc>>24]
}

func chain2(t *[8][256]uint32, crc uint32, p []byte) uint32 {
	crc ^= uint32(binary.LittleEndian.Uint16(p))
	return t[1][crc&0xff] ^ t[0][crc>>8&0xff] ^ crc>>16
}

// smallPayload is the length from which chain hands a payload to
// crc32.Update. Measured on amd64 reading the benchmarks' journals (bot
// games and a long wizard game, records mostly under 48 bytes), the
// Reader spends 3 to 6% less CPU with chainSmall below 24, 48 or 128
// bytes than with crc32.Update from 4; on payloads of one length range
// alone, crc32.Update is already faster from 24 bytes to 32 (15 ns
// against 20 on random lengths), and from 64 to 128 by 2.5 times.
const smallPayload = 48

// castagnoli8 is the slicing-by-8 tables of CRC-32C, as hash/crc32 builds
// them for its generic code: castagnoli8[0][b] is the CRC of the byte b
// (crc32.MakeTable's table), and castagnoli8[k][b] the CRC of b followed
// by k zero bytes. Read-only once built.
var castagnoli8 = func() (t [8][256]uint32) {
	for i := range 256 {
		crc := uint32(i)
		for range 8 {
			if crc&1 == 1 {
				crc = crc>>1 ^ crc32.Castagnoli
			} else {
				crc >>= 1
			}
		}
		t[0][i] = crc
	}
	for i := range 256 {
		crc := t[0][i]
		for k := 1; k < 8; k++ {
			crc = t[0][crc&0xff] ^ crc>>8
			t[k][i] = crc
		}
	}
	return t
}()

// appendFrame appends the framed record of payload, chained after prev, to
// dst, and returns it with the record's crc (the next record's prev).
func appendFrame(dst []byte, prev uint32, payload []byte) ([]byte, uint32) {
	crc := chain(prev, payload)
	dst = binary.AppendUvarint(dst, uint64(len(payload)))
	dst = binary.LittleEndian.AppendUint32(dst, crc)
	return append(dst, payload...), crc
}

// frameSize is how many bytes the framed record of an n-byte payload takes.
func frameSize(n int) int {
	return uvarintLen(uint64(n)) + 4 + n
}

func uvarintLen(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// frameFault is what is wrong with a record's framing. torn means the
// bytes simply run out (the file ends inside the record); otherwise the
// record is corrupt.
type frameFault struct {
	torn     bool
	checksum bool
	detail   string
}

// parseLength reads the uvarint length prefix at the start of b, which
// holds every byte left in the file up to maxFrameOverhead of them. It
// returns the length and how many bytes the prefix takes, or a fault:
// torn if b ends inside the prefix, corrupt if the prefix overflows, is
// not minimal, or declares more than limit bytes.
func parseLength(b []byte, limit int) (int, int, *frameFault) {
	v, n := binary.Uvarint(b)
	switch {
	case n == 0:
		return 0, 0, &frameFault{torn: true, detail: fmt.Sprintf("the file ends inside its length prefix, after %d bytes", len(b))}
	case n < 0:
		return 0, 0, &frameFault{detail: "its length prefix overflows 64 bits"}
	case n > 1 && b[n-1] == 0:
		return 0, 0, &frameFault{detail: "its length prefix is not minimally encoded"}
	case v > uint64(limit):
		return 0, 0, &frameFault{detail: fmt.Sprintf("its length %d is over the cap of %d bytes", v, limit)}
	}
	return int(v), n, nil
}
