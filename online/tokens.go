package online

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tokensFile is where the sign-in tokens are kept: one per server, in
// $XDG_CONFIG_HOME/rogue/ (~/.config/rogue/), readable by the user only.
func tokensFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "rogue", "online.json"), nil
}

// signIn is a server's saved sign-in.
type signIn struct {
	Name  string `json:"name"`
	Token string `json:"token"`
}

func readTokens(path string) (map[string]signIn, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]signIn{}, nil
	}
	if err != nil {
		return nil, err
	}
	m := map[string]signIn{}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s does not read: %v", path, err)
	}
	return m, nil
}

func serverKey(base string) string { return strings.TrimRight(base, "/") }

// SaveToken keeps name's token for the server at base, and returns the
// file it is kept in (mode 0600).
func SaveToken(base, name, token string) (string, error) {
	path, err := tokensFile()
	if err != nil {
		return "", err
	}
	m, err := readTokens(path)
	if err != nil {
		return "", err
	}
	m[serverKey(base)] = signIn{Name: name, Token: token}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".online-*.json")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err == nil {
		_, err = tmp.Write(append(b, '\n'))
		if err == nil {
			err = tmp.Sync()
		}
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), path)
		}
		return path, err
	} else {
		tmp.Close()
		return "", err
	}
}

// Token is the saved sign-in for the server at base.
func Token(base string) (name, token string, err error) {
	path, err := tokensFile()
	if err != nil {
		return "", "", err
	}
	m, err := readTokens(path)
	if err != nil {
		return "", "", err
	}
	s, ok := m[serverKey(base)]
	if !ok {
		return "", "", fmt.Errorf("you are not signed in to %s: rogue login %s NAME (or rogue account new %s NAME)", serverKey(base), serverKey(base), serverKey(base))
	}
	return s.Name, s.Token, nil
}
