package online

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"rogue/internal/buildinfo"
	"rogue/internal/cli"
)

// UploadAnswer is the server's answer to POST /api/uploads and GET
// /api/uploads/ID: where an offline game's journal is, and once its
// check is done, the line its uploader reads (listed, or why not).
type UploadAnswer struct {
	Upload int64  `json:"upload"`
	State  string `json:"state"` // "queued", "taken" (being checked) or "done"
	Listed bool   `json:"listed"`
	Game   int64  `json:"game,omitempty"` // the game it is listed as
	Line   string `json:"line,omitempty"`
}

// ReportRow is a row of GET /api/reports: a bug report without its
// journal and screen.
type ReportRow struct {
	ID      int64  `json:"id"`
	Account string `json:"account"`
	Name    string `json:"name"`
	Version string `json:"version"`
	What    string `json:"what"`
	Verify  string `json:"verify"` // rogue verify's line of the journal, "" when it verifies
	SHA256  string `json:"sha256,omitempty"`
	Created string `json:"created,omitempty"`
}

// uploadClient sends a journal with its length and asks the server
// first (Expect: 100-continue), so that one over the server's size cap
// is refused before its bytes are sent.
var uploadClient = &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{
	Proxy: http.ProxyFromEnvironment, ExpectContinueTimeout: 5 * time.Second,
}}

// post sends the file at path to the server at base, on path api with
// query q, signed in with tok; the body of a 2xx answer is decoded into
// v, any other is one line.
func post(base, api string, q url.Values, tok, path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, strings.TrimRight(base, "/")+api+"?"+q.Encode(), f)
	if err != nil {
		return err
	}
	req.ContentLength = fi.Size()
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("Expect", "100-continue")
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := uploadClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return httpError(resp, nil)
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(v)
}

// get reads api of the server at base, signed in with tok, into v.
func get(ctx context.Context, base, api, tok string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(base, "/")+api, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return httpError(resp, nil)
	}
	if w, ok := v.(io.Writer); ok {
		_, err := io.Copy(w, io.LimitReader(resp.Body, 64<<20))
		return err
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(v)
}

// SubmitWait is how long rogue submit waits for the server's check.
const SubmitWait = 10 * time.Minute

// Submit is `rogue submit FILE --online URL`: an offline game's journal
// sent to the server, which re-simulates it before it lists it on the
// offline board. It prints the server's line: where it is listed, or
// why not (the line rogue verify prints of a journal it refuses), and
// fails with exit 1 when it is not listed.
func Submit(base, file string, stdout, stderr io.Writer) error {
	_, tok, err := Token(base)
	if err != nil {
		return cli.Fail(1, "%v", err)
	}
	var a UploadAnswer
	if err := post(base, "/api/uploads", url.Values{"name": {filepath.Base(file)}}, tok, file, &a); err != nil {
		return said(stderr, base, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), SubmitWait)
	defer cancel()
	for a.State != "done" {
		if err := get(ctx, base, "/api/uploads/"+strconv.FormatInt(a.Upload, 10)+"?wait=1", tok, &a); err != nil {
			if ctx.Err() != nil {
				return cli.Fail(1, "%s: upload %d is not checked yet after %v: its line will be at /api/uploads/%d", base, a.Upload, SubmitWait, a.Upload)
			}
			return said(stderr, base, err)
		}
	}
	if !a.Listed {
		fmt.Fprintln(stderr, a.Line)
		return cli.Said(1)
	}
	fmt.Fprintln(stdout, a.Line)
	return nil
}

// said prints the server's line when it names its command (rogue
// verify's, rogue submit's), and fails with exit 1.
func said(stderr io.Writer, base string, err error) error {
	if m := err.Error(); strings.HasPrefix(m, "rogue ") {
		fmt.Fprintln(stderr, m)
		return cli.Said(1)
	}
	return cli.Fail(1, "%s: %v", base, err)
}

// Report is `rogue report FILE --online URL "what went wrong"`: a bug
// report's journal sent with the line rogue version prints here. It
// prints the report's number and what the server found of the journal.
func Report(base, file, what string, stdout, stderr io.Writer) error {
	_, tok, err := Token(base)
	if err != nil {
		return cli.Fail(1, "%v", err)
	}
	var row ReportRow
	q := url.Values{"name": {filepath.Base(file)}, "version": {buildinfo.Line()}, "what": {what}}
	if err := post(base, "/api/reports", q, tok, file, &row); err != nil {
		return said(stderr, base, err)
	}
	fmt.Fprintf(stdout, "report %d sent to %s: %s/reports/%d for the maintainers\n", row.ID, base, strings.TrimRight(base, "/"), row.ID)
	if row.Verify != "" {
		fmt.Fprintf(stdout, "the server re-simulated it: %s\n", row.Verify)
	} else {
		fmt.Fprintln(stdout, "the server re-simulated it: every turn as recorded")
	}
	return nil
}

// ReportFile is the journal a bug report's address names (rogue golden
// URL/reports/ID), downloaded with the maintainer's token into a
// temporary folder as report-ID.rogue; done removes it. Any other
// argument is a file's path, returned as it is.
func ReportFile(arg string) (path string, done func(), err error) {
	done = func() {}
	base, id, ok := reportURL(arg)
	if !ok {
		return arg, done, nil
	}
	_, tok, err := Token(base)
	if err != nil {
		return "", done, cli.Fail(1, "%v", err)
	}
	dir, err := os.MkdirTemp("", "rogue-report-")
	if err != nil {
		return "", done, err
	}
	done = func() { os.RemoveAll(dir) }
	path = filepath.Join(dir, "report-"+id+".rogue")
	f, err := os.Create(path)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		err = get(ctx, base, "/reports/"+id+".rogue", tok, f)
		cancel()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		done()
		return "", func() {}, cli.Fail(1, "%s: %v", arg, err)
	}
	return path, done, nil
}

// reportURL splits BASE/reports/ID.
func reportURL(arg string) (base, id string, ok bool) {
	if !strings.HasPrefix(arg, "http://") && !strings.HasPrefix(arg, "https://") {
		return "", "", false
	}
	i := strings.LastIndex(arg, "/reports/")
	if i < 0 {
		return "", "", false
	}
	id = strings.TrimSuffix(arg[i+len("/reports/"):], ".rogue")
	if _, err := strconv.ParseUint(id, 10, 63); err != nil {
		return "", "", false
	}
	return arg[:i], id, true
}

// SubmitCommand is `rogue submit FILE --online URL` from its arguments.
func SubmitCommand(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlags("rogue", "submit")
	base := fs.String("online", "", "the server (rogue host) to send the journal to, as `URL`")
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	file, err := cli.OneFile(pos, "journal")
	if err != nil {
		return err
	}
	if *base == "" {
		return cli.UsageError("name the server: rogue submit FILE --online URL")
	}
	return Submit(*base, file, stdout, stderr)
}

// ReportCommand is `rogue report FILE --online URL "what went wrong"`
// from its arguments.
func ReportCommand(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlags("rogue", "report")
	base := fs.String("online", "", "the server (rogue host) to send the report to, as `URL`")
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 || *base == "" {
		return cli.UsageError(`name the journal, the server and what went wrong: rogue report FILE --online URL "what went wrong"`)
	}
	return Report(*base, pos[0], pos[1], stdout, stderr)
}
