package host

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/fame"
)

// sendReport posts b as a bug report, signed in with tok.
func sendReport(t *testing.T, base, tok, name, what string, b []byte) (int, string) {
	t.Helper()
	q := url.Values{"name": {name}, "version": {"rogue devel (go1.25 linux/amd64); rules 1 to 3"}, "what": {what}}
	req, err := http.NewRequest(http.MethodPost, base+"/api/reports?"+q.Encode(), bytes.NewReader(b))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(body))
}

// getAs reads path of the server signed in with tok.
func getAs(t *testing.T, base, tok, path string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestABugReportIsKeptForTheMaintainersWithItsVerifyLineAndLastScreen(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		ada, may := signUp(t, base, "ada"), signUp(t, base, "may")
		b := bytes.Clone(goldenJournal(t, "slain"))
		b[len(b)-3] ^= 0x10 // damaged: the bug may be the damage
		status, body := sendReport(t, base, ada, "bug.rogue", "the door would not open", b)
		require.Equal(t, http.StatusOK, status, body)
		var row ReportRow
		require.NoError(t, json.Unmarshal([]byte(body), &row))
		_, want := fame.VerifyBytes(b, "bug.rogue", fame.DefaultLimits())
		require.Error(t, want)
		assert.Equal(t, ReportRow{ID: row.ID, Account: "ada", Name: "bug.rogue", Version: "rogue devel (go1.25 linux/amd64); rules 1 to 3",
			What: "the door would not open", Verify: want.Error()}, row)

		// Not for players: neither the list nor the report.
		for _, path := range []string{"/api/reports", fmt.Sprintf("/reports/%d", row.ID), fmt.Sprintf("/reports/%d.rogue", row.ID)} {
			status, line := getAs(t, base, ada, path)
			assert.Equal(t, []any{403, "the reports are for the maintainers (an account of role maintainer: rogue host --grant NAME=maintainer)\n"}, []any{status, line}, path)
		}
		require.NoError(t, s.st.SetRole(ctx, "may", RoleMaintainer))
		status, body = getAs(t, base, may, "/api/reports")
		require.Equal(t, http.StatusOK, status, body)
		var rows []ReportRow
		require.NoError(t, json.Unmarshal([]byte(body), &rows))
		require.Len(t, rows, 1)
		assert.Equal(t, []any{row.ID, "ada", want.Error()}, []any{rows[0].ID, rows[0].Account, rows[0].Verify})

		status, page := getAs(t, base, may, fmt.Sprintf("/reports/%d", row.ID))
		require.Equal(t, http.StatusOK, status, page)
		lines := strings.Split(page, "\n")
		assert.Equal(t, []string{"what went wrong: the door would not open", "version: rogue devel (go1.25 linux/amd64); rules 1 to 3", "verify: " + want.Error(),
			fmt.Sprintf("download: /reports/%d.rogue (rogue golden URL/reports/%d makes it a golden test)", row.ID, row.ID), "the last screen:"}, lines[1:6])
		assert.Len(t, lines[6:], 25, "the screen's 24 lines, and the end of the last")
		assert.Contains(t, page, "@", "the player is drawn")
		status, got := getAs(t, base, may, fmt.Sprintf("/reports/%d.rogue", row.ID))
		require.Equal(t, http.StatusOK, status)
		assert.Equal(t, b, []byte(got), "the journal, byte for byte")
		status, _ = getAs(t, base, may, fmt.Sprintf("/reports/%d", row.ID+1))
		assert.Equal(t, 404, status)
	})
}

func TestABugReportSaysWhatWentWrong(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		tok := signUp(t, base, "ada")
		status, line := sendReport(t, base, tok, "bug.rogue", " ", goldenJournal(t, "slain"))
		assert.Equal(t, []any{400, `rogue report: say what went wrong: rogue report FILE --online URL "what went wrong"`}, []any{status, line})
		status, line = sendReport(t, base, tok, "bug.rogue", strings.Repeat("x", 3000), goldenJournal(t, "slain"))
		assert.Equal(t, []any{400, "rogue report: what went wrong is at most 2000 bytes of UTF-8"}, []any{status, line})
		n, err := s.st.Count(context.Background(), "reports")
		require.NoError(t, err)
		assert.Equal(t, 0, n)
	})
}
