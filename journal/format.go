package journal

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
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

// castagnoli is the CRC-32C table; read-only once built.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// chain continues the checksum chain prev over payload: the CRC-32C of
// hash/crc32 (crc32.Update with the Castagnoli table), bit for bit.
//
// Most turns of a game are a payload of one byte. For so few,
// crc32.Update costs its call layers (update, the CPU check, the CRC32
// instruction's assembly) several times over the CRC itself, so chain
// runs the byte-wise table loop of hash/crc32's generic code inline
// below tinyPayload bytes, and hands longer payloads to crc32.Update.
// TestChainIsCRC32C and FuzzChain check it against crc32.Update.
func chain(prev uint32, payload []byte) uint32 {
	if len(payload) < tinyPayload {
		crc := ^prev
		for _, b := range payload {
			crc = castagnoli[byte(crc)^b] ^ crc>>8
		}
		return ^crc
	}
	return crc32.Update(prev, castagnoli, payload)
}

// tinyPayload is the length from which crc32.Update beats the table loop
// (measured on amd64: one byte 3 ns against 13, four bytes even).
const tinyPayload = 4

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
