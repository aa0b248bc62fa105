package client

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
	"rogue/online/frame"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

// server is the rules' side of a game as rogue host holds it: the state
// with its seed, deciding each command into the record it sends.
type server struct {
	t     *testing.T
	state *reducer.State
	enc   *wire.TurnEncoder
}

func newServer(t *testing.T) *server {
	s := &server{t: t, state: reducer.New(7, content.Default()), enc: wire.NewTurnEncoder()}
	s.decide(&events.Begin{})
	return s
}

// decide decides cmd and returns the turn frame's body: the framed
// journal record (its CRC, which the client does not check, zero).
func (s *server) decide(cmd events.Command) []byte {
	turn, err := reducer.Decide(s.state, cmd)
	require.NoError(s.t, err)
	require.NoError(s.t, s.state.ApplyTurn(&turn))
	payload, err := s.enc.Encode(&turn)
	require.NoError(s.t, err)
	b := binary.AppendUvarint(nil, uint64(len(payload)))
	return append(append(b, 0, 0, 0, 0), payload...)
}

// hello is the hello the server sends: its state with the seed removed.
func (s *server) hello(daily string) frame.Hello {
	seed := s.state.Seed
	s.state.Seed = 0
	snap := s.state.MarshalSnapshot()
	s.state.Seed = seed
	return frame.Hello{Game: 9, Player: "ada", Rules: events.RulesVersion, Format: wire.FormatVersion,
		Turns: s.state.Turn, Snapshot: snap, Daily: daily}
}

// snapshot is the state as the client holds it (seed 0).
func snapshot(st *reducer.State) []byte {
	c := st.Clone()
	c.Seed = 0
	return c.MarshalSnapshot()
}

// client is a session whose frames sent are kept.
type client struct {
	*Session
	sent [][]byte
}

func newClient(t *testing.T, h frame.Hello, playing bool) *client {
	c := &client{}
	s, err := New(h, playing, Link{Send: func(b []byte) { c.sent = append(c.sent, b) }, Sync: func() {}})
	require.NoError(t, err)
	c.Session = s
	return c
}

// take is the frames sent since the last take.
func (c *client) take() [][]byte {
	b := c.sent
	c.sent = nil
	return b
}

func command(t *testing.T, n int, cmd events.Command) []byte {
	b, err := frame.EncodeCommand(wire.NewTurnEncoder(), n, cmd)
	require.NoError(t, err)
	return b
}

var wait = view.Key{Code: view.KeyRune, Rune: '.'}

func TestAKeyIsSentForItsTurnAndTheNextWaitsForIt(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	c := newClient(t, srv.hello(""), true)
	assert.Equal(t, []string{"Nobody is watching."}, c.M.Messages(1))

	assert.False(t, c.Key([]view.Key{wait}))
	assert.False(t, c.Key([]view.Key{wait}))
	assert.Equal(t, [][]byte{command(t, 1, &events.Wait{})}, c.take(), "the second key waits for the first's turn")
	assert.True(t, c.Awaiting)
	assert.Equal(t, []view.Key{wait}, c.Keys)

	c.TurnRecord(srv.decide(&events.Wait{}))
	assert.Equal(t, 2, c.Turns)
	assert.Equal(t, snapshot(srv.state), snapshot(c.State), "the turn folds into the state the server holds")
	assert.False(t, c.Drain())
	assert.Equal(t, [][]byte{command(t, 2, &events.Wait{})}, c.take(), "the key that waited is read after the turn")

	c.Note(frame.Note{Refused: "You cannot wait here."})
	assert.False(t, c.Awaiting)
	assert.Nil(t, c.Sent)
	assert.Equal(t, []string{"You cannot wait here."}, c.M.Messages(1))

	c.Note(frame.Note{Error: "a frame of unknown kind 9"})
	assert.Equal(t, []string{"The server says: a frame of unknown kind 9."}, c.M.Messages(1))
	w := 2
	c.Note(frame.Note{Watchers: &w})
	assert.Equal(t, []string{"2 people are watching."}, c.M.Messages(1))
}

func TestATurnThatDoesNotReadOrFoldIsSaidAndNotCounted(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	c := newClient(t, srv.hello(""), true)
	c.TurnRecord([]byte{1, 2})
	assert.Equal(t, []string{"The server sent a turn that does not read: a turn record whose length is not its size."}, c.M.Messages(1))
	c.Turn(events.Turn{Command: &events.Begin{}})
	assert.Equal(t, 1, c.Turns)
	require.Len(t, c.M.Messages(1), 1)
	assert.Contains(t, c.M.Messages(1)[0], "The server sent a turn that does not fold: ")
}

func TestAGameTheServerEndsIsSaidAndLeft(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	c := newClient(t, srv.hello("2026-12-02"), true)
	c.Awaiting = true
	c.Keys = []view.Key{wait}
	ended := "Game 9, the daily challenge of 2026-12-02, ends here: its day is over. It is abandoned at turn 0, and ranks there."
	c.Note(frame.Note{Ended: ended})
	assert.Equal(t, ended, c.Ended)
	assert.Equal(t, []string{ended}, c.M.Messages(1))
	c.Awaiting = false
	assert.True(t, c.Drain(), "an ended game is left")
	assert.True(t, c.Key([]view.Key{wait}))
	assert.Empty(t, c.take(), "nothing is sent once the game ended")
}

func TestQInADailyGameAsksAndAAbandons(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	c := newClient(t, srv.hello("2026-12-02"), true)
	q := view.Key{Code: view.KeyRune, Rune: 'Q'}
	assert.False(t, c.Key([]view.Key{q}))
	assert.True(t, c.Asked)
	assert.False(t, c.Key([]view.Key{{Code: view.KeyRune, Rune: 'x'}}))
	assert.Equal(t, []string{"You play on."}, c.M.Messages(1))
	assert.False(t, c.Key([]view.Key{q, {Code: view.KeyRune, Rune: 'A'}}))
	assert.Equal(t, [][]byte{{frame.FrameAbandon}}, c.take())
	assert.True(t, c.Key([]view.Key{q, q}), "Q twice leaves")

	watcher := newClient(t, srv.hello("2026-12-02"), false)
	assert.True(t, watcher.Key([]view.Key{q}), "a spectator leaves at once")
	assert.Empty(t, watcher.take())
}

func TestAKeyStopsAJobAndTheServersStopIsSaid(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	c := newClient(t, srv.hello(""), true)
	c.Working = true
	assert.False(t, c.Key([]view.Key{wait}))
	assert.Equal(t, [][]byte{{frame.FrameStop}}, c.take())
	assert.Equal(t, []string{"You stop: you pressed a key."}, c.M.Messages(1))
	assert.Empty(t, c.Keys, "the key that stops is not read")

	c.Working = true
	why := "You see a jackal."
	c.Note(frame.Note{Stopped: &why})
	assert.False(t, c.Working)
	assert.Equal(t, []string{why}, c.M.Messages(1))
	assert.False(t, c.Stop("You stop: you clicked."), "no job, nothing to stop")
	assert.Empty(t, c.take())
}

func TestADroppedConnectionGoesOnFromTheTurnsHeld(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	c := newClient(t, srv.hello(""), true)
	c.Key([]view.Key{wait})
	c.TurnRecord(srv.decide(&events.Wait{}))
	c.take()

	c.Working, c.Keys = true, []view.Key{wait}
	c.Dropped()
	assert.Equal(t, []string{"The connection to the server dropped: reconnecting."}, c.M.Messages(1))
	assert.Equal(t, []any{false, false, false, []view.Key(nil)}, []any{c.Connected, c.Working, c.Awaiting, c.Keys})
	assert.Equal(t, "/ws/play?game=9&from=2", c.ResumePath("/ws/play?game=9"))
	assert.False(t, c.Key([]view.Key{wait}))
	assert.Equal(t, []string{"Not connected: wait for the server."}, c.M.Messages(1))
	assert.Empty(t, c.take())

	h := srv.hello("")
	h.Snapshot, h.Turns = nil, 5
	assert.EqualError(t, c.Resumed(h), "the server goes on from another turn")
	assert.False(t, c.Connected)
	h.Turns, h.Watchers = 2, 1
	require.NoError(t, c.Resumed(h))
	assert.Equal(t, []string{"1 person is watching.", "Reconnected."}, c.M.Messages(2))
	assert.False(t, c.Key([]view.Key{wait}))
	assert.Equal(t, [][]byte{command(t, 2, &events.Wait{})}, c.take())

	c.Dropped()
	c.TurnRecord(srv.decide(&events.Wait{}))
	srv.decide(&events.Wait{})
	require.NoError(t, c.Resumed(srv.hello("")), "a hello with a snapshot begins again from it")
	assert.Equal(t, 4, c.Turns)
	assert.Equal(t, snapshot(srv.state), snapshot(c.State))

	watcher := newClient(t, srv.hello(""), false)
	assert.Equal(t, []string{"You watch ada's game 9."}, watcher.M.Messages(1))
	assert.Equal(t, "/ws/watch/9", watcher.ResumePath("/ws/watch/9"))
	assert.False(t, watcher.Key([]view.Key{wait}))
	assert.Empty(t, watcher.take(), "a spectator sends no command")
}
