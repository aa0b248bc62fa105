package fame

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata's goldens from what the code gives now")

// goldenBoard is the board of the golden journals that rank, as a
// server would list them: accounts and ids given, one account with a
// ":" and one with a newline in its name.
func goldenBoard(t *testing.T) []Entry {
	t.Helper()
	names := []string{"r3-won", "r3-pile", "r3-deep-death", "r2-slain", "slain", "starved", "fireball-self", "r3-shot-dead"}
	accounts := []string{"ada", "b:o:b", "cy", "dee\nnext", "eve", "fay", "gus", "hal"}
	var es []Entry
	for i, name := range names {
		v, err := Check(bytes.NewReader(goldenJournal(t, name)), name+".rogue", DefaultLimits())
		require.NoError(t, err)
		e := v.Entry()
		e.ID, e.Account, e.Build, e.Seeded = int64(i+1), accounts[i], "devel 4740015", SeedPlayer
		es = append(es, e)
	}
	SortBoard(es)
	return es
}

// golden compares got with testdata/name, which -update rewrites.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./fame -update writes it")
	assert.Equal(t, string(want), string(got))
}

func TestTheBoardExportsAsALogfileThatReadsBack(t *testing.T) {
	t.Parallel()
	es := goldenBoard(t)
	var b bytes.Buffer
	require.NoError(t, WriteLogfile(&b, es))
	golden(t, "board.logfile", b.Bytes())
	lines := bytes.Split(bytes.TrimSuffix(b.Bytes(), []byte("\n")), []byte("\n"))
	require.Len(t, lines, len(es), "a line a game")
	for i, line := range lines {
		fields := map[string]string{}
		for _, f := range ParseLogfileLine(string(line)) {
			fields[f[0]] = f[1]
		}
		assert.Equal(t, logfileEscape(es[i].Account), logfileEscape(fields["name"]))
		assert.Equal(t, es[i].Outcome, fields["tmsg"])
		assert.Equal(t, es[i].Digest, fields["digest"])
		assert.Equal(t, es[i].Build, fields["v"], "a value with a colon reads back whole")
	}
	assert.Equal(t, [][2]string{{"name", "b:o:b"}, {"x", ""}, {"v", "a=b"}}, ParseLogfileLine("name=b::o::b:x=:junk:v=a=b"))
}

func TestTheBoardExportsAsJSON(t *testing.T) {
	t.Parallel()
	var es []Entry
	for _, e := range goldenBoard(t) {
		if e.Rules == 3 {
			es = append(es, e)
		}
	}
	var b bytes.Buffer
	p := PageOf(es, "", 3)
	require.NoError(t, WriteJSON(&b, Board{Kind: OfflineBoard, Rules: 3}, p))
	golden(t, "board.json", b.Bytes())
	var back struct {
		Board string
		Next  string
		Rows  []Entry
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &back))
	assert.Equal(t, "offline/3", back.Board)
	assert.Equal(t, p.Next, back.Next)
	assert.Equal(t, p.Rows, back.Rows)
}
