package online

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"

	"rogue/events"
	"rogue/events/wire"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Conn is a websocket to a game on a server: what its hello said, and
// the turns and notes that follow.
type Conn struct {
	c      *websocket.Conn
	Hello  Hello
	Tables *content.Tables
	enc    *wire.TurnEncoder
	dec    *wire.TurnDecoder
}

// Msg is a frame from the server after the hello: a turn or a note.
type Msg struct {
	Turn   *events.Turn // nil for a note
	Record []byte       // the turn's journal record
	Note   Note
}

// httpError is the one line a server answers a refused request with.
func httpError(resp *http.Response, err error) error {
	if resp == nil {
		return err
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
	if line := strings.TrimSpace(string(b)); line != "" {
		return errors.New(line)
	}
	return fmt.Errorf("the server answered %s", resp.Status)
}

// wsURL turns the server's http(s) base into the websocket address of path.
func wsURL(base, path string) (string, error) {
	u, err := url.Parse(strings.TrimRight(base, "/") + path)
	if err != nil {
		return "", err
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	default:
		return "", fmt.Errorf("%s is not an http:// or https:// address", base)
	}
	return u.String(), nil
}

// Dial opens path (/ws/play?..., /ws/watch/ID) on the server at base,
// signed in with token ("" for none), and reads its hello.
func Dial(ctx context.Context, base, path, token string) (*Conn, error) {
	addr, err := wsURL(base, path)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(dctx, addr, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, httpError(resp, err)
	}
	c.SetReadLimit(MaxServerFrame)
	conn := &Conn{c: c}
	kind, body, err := conn.read(ctx)
	if err != nil {
		c.CloseNow()
		return nil, err
	}
	if kind != FrameHello || json.Unmarshal(body, &conn.Hello) != nil {
		c.CloseNow()
		return nil, errors.New("the server did not say hello")
	}
	if conn.Tables, err = content.ForRules(conn.Hello.Rules); err != nil {
		c.CloseNow()
		return nil, err
	}
	conn.enc = wire.NewTurnEncoderFor(conn.Hello.Format)
	conn.dec = wire.NewTurnDecoderFor(conn.Hello.Format)
	return conn, nil
}

func (c *Conn) read(ctx context.Context) (byte, []byte, error) {
	_, b, err := c.c.Read(ctx)
	if err != nil {
		return 0, nil, err
	}
	if len(b) == 0 {
		return 0, nil, errors.New("the server sent an empty frame")
	}
	return b[0], b[1:], nil
}

// readKind reads a frame and returns its kind, its body read into buf
// and let go (a load's spectator times frames, see watch); it has no
// context: closing the connection ends it.
func (c *Conn) readKind(buf []byte) (byte, error) {
	_, r, err := c.c.Reader(context.Background())
	if err != nil {
		return 0, err
	}
	kind, n := byte(0), 0
	for {
		m, err := r.Read(buf)
		if n == 0 && m > 0 {
			kind = buf[0]
		}
		n += m
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if n == 0 {
		return 0, errors.New("the server sent an empty frame")
	}
	return kind, nil
}

// State is the state the hello's snapshot holds (its seed is 0).
func (c *Conn) State() (*reducer.State, error) {
	if len(c.Hello.Snapshot) == 0 {
		return nil, errors.New("the hello holds no state")
	}
	return reducer.UnmarshalSnapshot(c.Hello.Snapshot, c.Tables)
}

// Next is the next turn or note; it blocks until one comes or ctx ends.
func (c *Conn) Next(ctx context.Context) (Msg, error) {
	kind, body, err := c.read(ctx)
	if err != nil {
		return Msg{}, err
	}
	switch kind {
	case FrameTurn:
		var t events.Turn
		if err := DecodeRecord(c.dec, body, &t); err != nil {
			return Msg{}, err
		}
		return Msg{Turn: &t, Record: bytes.Clone(body)}, nil
	case FrameNote:
		var n Note
		if err := json.Unmarshal(body, &n); err != nil {
			return Msg{}, fmt.Errorf("a note that does not read: %v", err)
		}
		return Msg{Note: n}, nil
	}
	return Msg{}, fmt.Errorf("a frame of unknown kind %q", kind)
}

// Send sends cmd for turn n.
func (c *Conn) Send(ctx context.Context, n int, cmd events.Command) error {
	b, err := EncodeCommand(c.enc, n, cmd)
	if err != nil {
		return err
	}
	return c.SendRaw(ctx, b)
}

// SendRaw sends a frame as it is (tests send bad ones).
func (c *Conn) SendRaw(ctx context.Context, b []byte) error {
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return c.c.Write(wctx, websocket.MessageBinary, b)
}

// Close closes the connection.
func (c *Conn) Close() error { return c.c.Close(websocket.StatusNormalClosure, "") }

// Account signs up (new) or in at the server at base, and returns the
// token.
func Account(ctx context.Context, base, name, password string, signUp bool) (string, error) {
	path := "/api/signin"
	if signUp {
		path = "/api/signup"
	}
	body, _ := json.Marshal(map[string]string{"name": name, "password": password})
	req, err := http.NewRequestWithContext(ctx, "POST", strings.TrimRight(base, "/")+path, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", httpError(resp, nil)
	}
	var a struct{ Token string }
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4096)).Decode(&a); err != nil || a.Token == "" {
		return "", errors.New("the server's answer holds no token")
	}
	return a.Token, nil
}
