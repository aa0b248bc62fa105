package serve

import (
	"io/fs"
	"net/http"
	"slices"
)

// PageFiles are the page's files served as rogue serve serves them (each
// compressed once, with an ETag, cross-origin isolated), for another
// server of the page: rogue host.
type PageFiles struct{ a assets }

// LoadPage reads the page's files (see Check) and starts compressing
// them in the background.
func LoadPage(files fs.FS) (*PageFiles, error) {
	a, err := loadAssets(files)
	if err != nil {
		return nil, err
	}
	a.compress()
	return &PageFiles{a: a}, nil
}

// Names are the files' names, sorted.
func (p *PageFiles) Names() []string {
	var out []string
	for name := range p.a {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// Serve sends the file name (one of Names), or a 404.
func (p *PageFiles) Serve(w http.ResponseWriter, r *http.Request, name string) {
	x := p.a[name]
	if x == nil {
		http.NotFound(w, r)
		return
	}
	x.serve(w, r)
}
