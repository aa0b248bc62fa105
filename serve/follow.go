package serve

import (
	"context"
	"html/template"
	"net/http"
	"sync"
	"time"
)

// FollowWait is how long one GET /follow?wait waits for the folder's
// first journal, at most; followPoll is how often the folder is looked
// at then, at most, however many wait.
const (
	FollowWait = 20 * time.Second
	followPoll = 250 * time.Millisecond
)

// serveFollow is GET /follow: a redirect to the page following the
// newest journal. While the folder has none, it answers a page that says
// so and asks again with ?wait, which waits for the first journal for
// up to FollowWait (the browser shows the page saying so meanwhile), and
// answers that page again if none came, so that the tab follows the
// first game from the moment it is written.
func (s *Server) serveFollow(w http.ResponseWriter, r *http.Request) {
	name, err := s.lister.newest()
	if err == nil && name == "" && r.URL.Query().Has("wait") {
		name, err = s.waitNewest(r.Context())
	}
	w.Header().Set("Cache-Control", "no-store")
	switch {
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	case name == "":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		waitingPage().Execute(w, s.folder.dir)
	default:
		http.Redirect(w, r, pageLink("follow", JournalPath(name)), http.StatusFound)
	}
}

// waitingPage is what /follow answers while the folder has no journal,
// parsed when first asked for, not at every command's start.
var waitingPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("waiting").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=/follow?wait">
<title>rogue: waiting for a game</title>
<style>body{background:#000;color:#ccc;font:16px/1.5 "DejaVu Sans Mono",monospace;margin:3em}</style>
</head><body>
<p>No game in {{.}} yet.</p>
<p>This page waits for the first one, and follows it as it is played: start one in a terminal with <code>rogue play</code>.</p>
</body></html>
`))
})

// waitNewest waits for the folder's first journal, for at most
// s.followWait or until ctx is done, and returns its name ("" if none
// came).
func (s *Server) waitNewest(ctx context.Context) (string, error) {
	end := time.NewTimer(s.followWait)
	defer end.Stop()
	tick := time.NewTicker(followPoll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return "", nil
		case <-end.C:
			return "", nil
		case <-tick.C:
		}
		if name, err := s.polled.newest(s.lister); name != "" || err != nil {
			return name, err
		}
	}
}

// polled is the newest journal as last looked for, shared by everyone
// waiting, so that the folder is read at most every followPoll.
type polled struct {
	mu   sync.Mutex
	at   time.Time
	name string
	err  error
}

func (p *polled) newest(l *lister) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if time.Since(p.at) >= followPoll {
		p.name, p.err = l.newest()
		p.at = time.Now()
	}
	return p.name, p.err
}
