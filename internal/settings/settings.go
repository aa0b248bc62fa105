// Package settings keeps the player's choices that outlast one run of
// rogue (today the palette, the main menu's p) in
// $XDG_CONFIG_HOME/rogue/settings (~/.config/rogue/), readable by
// the user only, and resolves the palette the terminal draws in: the
// --palette flag, else $ROGUE_PALETTE, else the file's, else the default.
package settings

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"rogue/view"
)

// Settings are the choices kept. The file is text, a line a choice,
// "palette = colour-blind"; blank lines and lines from #
// are comments. It is not JSON so that the browser game, which links
// this package through play, does not carry a JSON codec (83 KB of its
// gzipped wasm).
type Settings struct {
	// Palette names the colours (view.ParsePalette); "" for the default.
	Palette string
	// other are the lines this rogue does not know (a newer one's
	// choices, comments), written back as they were.
	other []string
}

// PaletteEnv names the environment variable that chooses the palette
// when --palette is not given (a terminal's setting, as NO_COLOR is).
const PaletteEnv = "ROGUE_PALETTE"

// maxSize bounds what Load reads: the file is a few bytes; a larger one
// is not rogue's.
const maxSize = 1 << 16

// Path is the settings file.
func Path() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "rogue", "settings"), nil
}

// Load reads the settings file; a missing one is the zero Settings.
func Load() (Settings, error) {
	path, err := Path()
	if err != nil {
		return Settings{}, err
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSize+1))
	if err != nil {
		return Settings{}, err
	}
	if len(b) > maxSize {
		return Settings{}, fmt.Errorf("%s is over %d bytes: not rogue's settings", path, maxSize)
	}
	s, err := parse(string(b))
	if err != nil {
		return Settings{}, fmt.Errorf("%s does not read: %v", path, err)
	}
	return s, nil
}

// parse reads the file's text: "name = value" lines, blank lines and
// comments (#). A line of another shape is an error naming it.
func parse(text string) (Settings, error) {
	var s Settings
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			s.other = append(s.other, line)
			continue
		}
		name, value, ok := strings.Cut(t, "=")
		if !ok {
			return Settings{}, fmt.Errorf("line %d is not name = value", i+1)
		}
		switch strings.TrimSpace(name) {
		case "palette":
			s.Palette = strings.TrimSpace(value)
		default:
			s.other = append(s.other, line)
		}
	}
	return s, nil
}

// text is the file's text for s: its known choices, then the lines it
// did not know.
func (s Settings) text() string {
	var b strings.Builder
	if s.Palette != "" {
		fmt.Fprintf(&b, "palette = %s\n", s.Palette)
	}
	for _, line := range s.other {
		if strings.TrimSpace(line) != "" {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// Save writes s to the settings file, mode 0600, whole or not at all (a
// temporary file, synced, then renamed over the old one).
func Save(s Settings) error {
	path, err := Path()
	if err != nil {
		return err
	}
	b := []byte(s.text())
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".settings-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after the rename: nothing
	err = tmp.Chmod(0o600)
	if err == nil {
		_, err = tmp.Write(b)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	return err
}

// SavePalette keeps p as the palette of the next runs, the other
// settings as they are (a file that does not read is replaced).
func SavePalette(p view.Palette) error {
	s, _ := Load()
	s.Palette = p.String()
	return Save(s)
}

// Palette is the palette to draw in: flag's (--palette) when given, else
// $ROGUE_PALETTE's, else the settings file's, else the default. A name
// no palette has, in the flag or the variable, is an error naming where
// it came from; the file's is only a note (its choice is left out: a
// file from a newer rogue, say, stops no game), as is a file that does
// not read.
func Palette(flag string) (p view.Palette, note string, err error) {
	name, from := flag, "--palette"
	if name == "" {
		name, from = os.Getenv(PaletteEnv), "$"+PaletteEnv
	}
	if name != "" {
		p, err := view.ParsePalette(name)
		if err != nil {
			return p, "", fmt.Errorf("%s: %v", from, err)
		}
		return p, "", nil
	}
	s, err := Load()
	if err != nil {
		return view.PaletteDefault, "The saved colours are left out: " + err.Error(), nil
	}
	p, err = view.ParsePalette(s.Palette)
	if err != nil {
		return view.PaletteDefault, "The saved colours are left out: " + err.Error(), nil
	}
	return p, "", nil
}
