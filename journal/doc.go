// Package journal stores a game of rogue: a header saying which game it is,
// then one record per turn (the player's command and the facts the rules
// decided), appended and fsynced as the game goes. A save, a replay and a
// bug report are all journals. The package writes journals to files (or
// memory), reads them back, recovers from a crash that tore the last
// record, and treats every byte of a journal as untrusted input.
//
// # File format
//
// docs/JOURNAL.md describes these bytes in full, with annotated examples
// that a test checks, for anyone writing a reader. A journal file is
//
//	magic   8 bytes "ROGUEJNL"
//	header  one framed record (below)
//	turn*   one framed record per turn; the first is turn 0
//
// A framed record is
//
//	length   uvarint (minimal encoding), the payload length, at most MaxRecordSize
//	crc      4 bytes little endian: CRC-32C (Castagnoli) of the payload,
//	         computed starting from the previous record's crc (the header starts from 0)
//	payload  length bytes of msgpack
//
// The checksum is chained: each record's crc continues the previous one's, so
// a record that is repeated, reordered or skipped fails its check just like a
// damaged one, at no cost in bytes. The crc of the last record read is thus a
// cheap digest of the whole journal up to it (see Reader.Chain).
//
// The header payload is a msgpack array of 7 values, or 8 with the
// optional parent (a game taken over from another journal; see Parent), in
// every format version so far:
//
//	[format version, rules version, PRNG algorithm, seed (uint64),
//	 created (unix seconds, UTC), player name, [wizard (bool), sync every (uint)],
//	 parent, only in a game taken over: [file name, its chain after turn (uint32), turn (uint)]]
//
// A turn payload is an events.Turn as wire.TurnEncoder writes it in the
// journal's format version. A journal keeps the format it was created in:
// OpenAppend continues an older one in its own format.
//
// The magic, the framing of the header record and the header's first
// element (the format version) never change, so that every future version
// of this program can at least say which format a journal is in. The rest of
// the header has exactly the shape its format version says.
//
// # Untrusted input
//
// Reading never panics, never loops without bound and never allocates more
// than a fixed cap, whatever the bytes: a file is at most MaxFileSize bytes
// and MaxTurns turns, a record at most MaxRecordSize bytes, and a declared
// length is checked against the cap and against the bytes actually left in
// the file before anything is read or allocated for it. The header goes
// through wire.CheckShape before it is decoded; a turn's payload goes
// straight to wire.TurnDecoder, which reads its bytes itself, allocates
// no more than a cap whatever they say, and refuses whatever
// wire.CheckTurn refuses: a refused payload then goes through CheckTurn,
// whose message names the offset of a bad shape.
//
// # Crash safety
//
// Each Append writes one whole record in one write call and fsyncs (or, for
// bots, every Options.SyncEvery turns). A crash loses at most the record
// being written (or the unsynced batch): it can only leave the last record
// cut short, with nothing after it, a torn tail. Reading stops at the first
// record that fails its checks, keeps every whole turn before it and
// reports a *Tail: torn, or damage (anything else, found by checking other
// lengths for the bad record and searching the bytes after it for records
// that chain again; see damage.go). OpenAppend changes no byte: it refuses
// damage, and leaves a torn tail for TrimTorn, which keeps the torn bytes
// in a side file before cutting them. Salvage reads every turn that can be
// recovered past damage, for a new journal. Journals are never rewritten
// in place: other files (death summaries, snapshots) are replaced with
// WriteFileAtomic.
package journal
