package host

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"rogue/fame"
	"rogue/journal"
	"rogue/store"
)

// importBatch is how many journals one transaction stores: some
// hundreds of thousands of records of strong games, one commit.
const importBatch = 200

// ImportReport is what an import of journal files came to.
type ImportReport struct {
	Imported int // journals stored as games
	Already  int // journals whose bytes a stored game has already
	Records  int // turn records stored
	// Refused are the journals not stored, a line each: damaged, torn,
	// too large, or not a journal.
	Refused []string
}

// Import stores every journal in dir and the folders under it
// (fame.JobsIn) as a finished game of account (made, unable to sign
// in, if there is none), source "import", as rogue host --import does:
// a trusted import, not checked by the rules (rogue host --reverify
// does that, on the queue), but each journal read whole first, every
// record's chained CRC-32C and its decoding: a journal that does not
// read to its end, byte for byte, is refused with its one line and
// stored nowhere, and none is cut to what reads. A journal whose bytes
// (their SHA-256) a stored game has is not stored again. The journals
// are read while the last batch is written; out gets a line per
// refusal and the count.
func Import(ctx context.Context, st *store.Store, dir, account string, out io.Writer) (ImportReport, error) {
	var rep ImportReport
	start := time.Now()
	jobs, err := fame.JobsIn(os.DirFS(dir))
	if err != nil {
		return rep, err
	}
	if err := st.CreateAccount(ctx, store.Account{Name: account, Hash: []byte("imported: signs in with no password"), Role: RolePlayer}); err != nil && !errors.Is(err, store.ErrExists) {
		return rep, err
	}
	type batch struct {
		games []store.Listing
		sums  []string
	}
	batches := make(chan batch, 1)
	readErr := make(chan error, 1)
	go func() {
		defer close(batches)
		b := batch{}
		for _, j := range jobs {
			if ctx.Err() != nil {
				readErr <- ctx.Err()
				return
			}
			l, sum, err := readImport(j)
			if err != nil {
				line := fmt.Sprintf("not imported: %s: %v", j.Name, err)
				rep.Refused = append(rep.Refused, line)
				fmt.Fprintln(out, line)
				continue
			}
			b.games, b.sums = append(b.games, l), append(b.sums, sum)
			if len(b.games) == importBatch {
				batches <- b
				b = batch{}
			}
		}
		if len(b.games) > 0 {
			batches <- b
		}
		readErr <- nil
	}()
	for b := range batches {
		done, err := st.Import(ctx, account, store.SourceImport, b.games, b.sums)
		if err != nil {
			for range batches {
			}
			return rep, err
		}
		for i, d := range done {
			if d.Already {
				rep.Already++
				continue
			}
			rep.Imported++
			rep.Records += len(b.games[i].Records)
		}
	}
	if err := <-readErr; err != nil {
		return rep, err
	}
	wall := time.Since(start)
	fmt.Fprintf(out, "rogue host: %d journals imported (%d turns) as games of %s in %v, %.0f turns a second: %d stored already, %d refused\n",
		rep.Imported, rep.Records, account, wall.Round(time.Millisecond), float64(rep.Records)/max(wall.Seconds(), 1e-9), rep.Already, len(rep.Refused))
	return rep, nil
}

// readImport reads the journal of j whole, within an upload's size
// cap, into the rows of a game, and its bytes' SHA-256.
func readImport(j fame.Job) (store.Listing, string, error) {
	f, err := j.Open()
	if err != nil {
		return store.Listing{}, "", err
	}
	limit := fame.DefaultLimits().MaxBytes
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	f.Close()
	if err != nil {
		return store.Listing{}, "", err
	}
	if int64(len(b)) > limit {
		return store.Listing{}, "", fmt.Errorf("larger than %d bytes, the most an upload may be", limit)
	}
	r, err := journal.NewBytesReader(b)
	if err != nil {
		return store.Listing{}, "", err
	}
	l, err := split(b, r)
	if err != nil {
		return store.Listing{}, "", err
	}
	l.Outcome, l.Build = "imported", "import"
	if r.End() != int64(len(b)) {
		return store.Listing{}, "", fmt.Errorf("%d bytes after the last record", int64(len(b))-r.End())
	}
	l.Turns = len(l.Records)
	sum := sha256.Sum256(b)
	return l, hex.EncodeToString(sum[:]), nil
}
