//go:build !js

package web

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkAnOnlineKeyToItsRepaint is the time from a key's keydown to
// the end of the paint of the turn the server sent back, in the page
// that rogue host serves, signed in and playing online over its
// websocket (the real host on SQLite, behind the test's proxy, all on
// loopback): run with
//
//	go test ./web -run '^$' -bench Online -benchtime 100x
//
// The key is a wait, a turn every time. It reports the whole (key),
// the round trip alone (from the page's handing the command to its
// websocket to the turn's frame arriving: the proxy, the server's
// decision, its durable append, and the way back), the page's own part
// (key minus round trip: the key read and sent, then the turn read,
// folded, drawn and painted), and the time to the start of the
// browser's next frame (key to frame). The round trip is timed in the
// page by wrapping its websocket's send and its frames' handler. After
// a key Chromium runs none of the page's tasks (the websocket's message
// among them) before its next frame: the share of turns that came in
// after that frame says how often the round trip includes that wait.
func BenchmarkAnOnlineKeyToItsRepaint(b *testing.B) {
	s := newHostSite(b)
	ctx := s.tab(b, "/")
	signUpOnPage(b, ctx, "bencher")
	click(b, ctx, "online")
	waitFor(b, ctx, `rogue.onlineTurns >= 1 && rogue.term.text.join("\n").includes("@")`)
	eval[bool](b, ctx, `(() => {
		const send = rogue.wsSend, frame = rogue.wsFrame;
		rogue.wsSend = (n, bytes) => {
			rogue.sentAt = performance.now();
			requestAnimationFrame(() => { rogue.frameAfterSend = performance.now(); });
			return send(n, bytes);
		};
		rogue.wsFrame = (n, bytes, obj) => {
			if (bytes[0] === 84) rogue.turnAt = performance.now(); // T: a turn
			return frame(n, bytes, obj);
		};
		return true;
	})()`)
	var key, trip, page, frame []float64
	late := 0 // turns that came in after the frame that followed the key
	for b.Loop() {
		n := eval[int](b, ctx, `rogue.onlineTurns`)
		if eval[bool](b, ctx, `rogue.term.text.join("\n").includes("You die")`) {
			b.Fatalf("the player died at turn %d: the benchmark waits every turn", n)
		}
		press(b, ctx, "5")
		waitFor(b, ctx, fmt.Sprintf(`rogue.onlineTurns === %d && rogue.turnAt > rogue.keyAt && rogue.term.lastPaint > rogue.turnAt
			&& !rogue.term.pending && rogue.term.frameAt > rogue.term.lastPaint`, n+1))
		t := eval[[]float64](b, ctx, `[rogue.keyAt, rogue.sentAt, rogue.turnAt, rogue.term.lastPaint, rogue.term.frameAt, rogue.frameAfterSend]`)
		if t[2] > t[5] {
			late++
		}
		require.Greater(b, t[1], t[0], "the key was sent after it was pressed")
		key, trip = append(key, t[3]-t[0]), append(trip, t[2]-t[1])
		page, frame = append(page, (t[3]-t[0])-(t[2]-t[1])), append(frame, t[4]-t[0])
	}
	b.Logf("%d keys, to turn %d", len(key), eval[int](b, ctx, `rogue.onlineTurns`))
	percentiles(b, key, "key")
	percentiles(b, trip, "round-trip")
	percentiles(b, page, "page")
	percentiles(b, frame, "key-to-frame")
	b.ReportMetric(float64(100*late)/float64(len(key)), "%-turns-after-a-frame")
}
