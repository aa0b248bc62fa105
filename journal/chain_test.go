package journal

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestChainIsCRC32C checks chain, and chainSmall (which the Reader calls
// itself on short records), against hash/crc32's CRC-32C on random
// payloads of every length up to 300, each from several previous values
// of the chain.
func TestChainIsCRC32C(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 4))
	table := crc32.MakeTable(crc32.Castagnoli)
	for n := 0; n <= 300; n++ {
		for _, prev := range []uint32{0, 0xffffffff, rng.Uint32(), rng.Uint32()} {
			payload := make([]byte, n)
			for i := range payload {
				payload[i] = byte(rng.Uint32())
			}
			want := crc32.Update(prev, table, payload)
			assert.Equal(t, want, chain(prev, payload), "%d bytes after %#x", n, prev)
			assert.Equal(t, want, chainSmall(prev, payload), "chainSmall, %d bytes after %#x", n, prev)
		}
	}
}

func FuzzChain(f *testing.F) {
	f.Add(uint32(0), []byte{})
	f.Add(uint32(0x12345678), []byte{0x4a})
	f.Add(uint32(0xffffffff), []byte{0x68, 0x01, 0x02})
	f.Add(uint32(7), []byte("a payload longer than the tiny ones"))
	table := crc32.MakeTable(crc32.Castagnoli)
	f.Fuzz(func(t *testing.T, prev uint32, payload []byte) {
		assert.Equal(t, crc32.Update(prev, table, payload), chain(prev, payload))
	})
}

// The Reader's own byte table is hash/crc32's CRC-32C table, which it
// makes only when a long payload needs it.
func TestTheByteTableIsHashCRC32sCastagnoliTable(t *testing.T) {
	t.Parallel()
	assert.Equal(t, *crc32.MakeTable(crc32.Castagnoli), crc32.Table(castagnoli8[0]))
	assert.Equal(t, crc32.MakeTable(crc32.Castagnoli), castagnoliTable())
}
