package host

import (
	"bytes"
	"html/template"
	"net/http"
	"strconv"

	"rogue/fame"
)

// The boards' pages: plain HTML written on the server, no script, every
// name and outcome escaped by html/template.

var boardPages = template.Must(template.New("").Parse(`{{define "head"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.}} - rogue</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:1.5em auto;max-width:62em;padding:0 1em;color:#222;background:#fdfdfb}
h1{font-size:1.4em}table{border-collapse:collapse;width:100%}th,td{padding:.25em .6em;text-align:left;border-bottom:1px solid #ddd}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}nav a{margin-right:1em}.note{color:#555}
</style></head><body>
<nav><a href="/boards">boards</a><a href="/boards/daily">today's challenge</a><a href="/boards/rules">this build's rules</a><a href="/boards/offline">offline</a></nav>
{{end}}
{{define "index"}}{{template "head" "the boards"}}
<h1>The hall of fame</h1>
<p class="note">Every game here re-simulates, under the rules it was played with, into exactly what it recorded: download one and <code>rogue verify</code> it.</p>
<ul>{{range .}}<li><a href="/boards/{{.Name}}">{{.Name}}</a>: {{.Title}}</li>{{end}}</ul>
<p class="note">Also as JSON (<a href="/api/boards">/api/boards</a>) and as a logfile in the manner of DCSS's (<a href="/api/logfile">/api/logfile</a>).</p>
</body></html>{{end}}
{{define "board"}}{{template "head" .Name}}
<h1>{{.Name}}</h1>
<p>{{.Title}}</p>
{{if .Rows}}<table>
<tr><th class="n">#</th><th>account</th><th>end</th><th class="n">turns</th><th class="n">depth</th><th class="n">level</th><th>verified by</th><th>game</th></tr>
{{range .Rows}}<tr><td class="n">{{.Rank}}</td><td>{{.Account}}</td><td>{{.Outcome}}</td><td class="n">{{.Turns}}</td><td class="n">{{.Depth}}</td><td class="n">{{.Level}}</td><td>{{.Build}}</td><td><a href="/game/{{.ID}}">game {{.ID}}</a></td></tr>
{{end}}</table>
{{else}}<p>No games on this board yet.</p>{{end}}
<p>{{if .Next}}<a href="/boards/{{.Name}}{{.Next}}">the next {{.Size}} games</a> · {{end}}<a href="/api/boards/{{.Name}}{{.Query}}">this page as JSON</a> · <a href="/api/logfile/{{.Name}}{{.Query}}">as a logfile</a></p>
</body></html>{{end}}`))

// boardPageRow is a row of a board's page.
type boardPageRow struct {
	Rank string
	fame.Entry
}

// htmlBoards is GET /boards: the boards.
func (s *Server) htmlBoards(w http.ResponseWriter, r *http.Request) {
	s.renderPage(w, "index", s.boardList())
}

// htmlBoard is GET /boards/{board}?after=CURSOR: a page of a board, at
// most fame.MaxPage games, each linking to its game's page.
func (s *Server) htmlBoard(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("board") == "" {
		s.htmlBoards(w, r)
		return
	}
	b, pq, p, ok := s.boardRequest(w, r)
	if !ok {
		return
	}
	data := struct {
		Name, Title, Next, Query string
		Size                     int
		Rows                     []boardPageRow
	}{Name: b.Name(), Title: b.Title(), Next: nextQuery(p), Size: len(p.Rows)}
	if pq.after != "" {
		data.Query = "?after=" + pq.after
		if pq.rank > 0 {
			data.Query += "&rank=" + strconv.Itoa(pq.rank)
		}
	}
	for i, e := range p.Rows {
		e.Outcome = outcomeWords(e)
		row := boardPageRow{Entry: e}
		if p.Rank > 0 {
			row.Rank = strconv.Itoa(p.Rank + i)
		}
		data.Rows = append(data.Rows, row)
	}
	s.renderPage(w, "board", data)
}

func (s *Server) renderPage(w http.ResponseWriter, name string, data any) {
	var buf bytes.Buffer
	if err := boardPages.ExecuteTemplate(&buf, name, data); err != nil {
		say(w, http.StatusInternalServerError, "the page: %v", err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
}
