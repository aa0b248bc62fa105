// Package netguard keeps any of rogue's HTTP servers serving everyone
// while some clients are slow, stalled or flooding: a listener that caps
// the connections open at once, per address and in all, and an
// http.Server whose every phase has a bound.
//
// A Guard is made from Limits (a zero field takes its default) and a log:
//
//	g := netguard.New(netguard.Limits{}, log.New(os.Stderr, "rogue serve: ", 0))
//	srv := g.Server(handler)
//	err := srv.Serve(g.Listen(ln))
//
// The defaults (Defaults):
//
//	PerAddr        32        connections open at once from one address
//	                         (an IPv6 address counts by its /64)
//	Total          1024      connections open at once in all
//	HeaderTimeout  5s        for a request's line and headers, from the
//	                         connection's start, or from the first byte
//	                         of a later request on a kept-alive one
//	IdleTimeout    60s       a kept-alive connection waiting for its next
//	                         request
//	MaxHeaderBytes 16 KiB    a request's line and headers (net/http adds
//	                         4 KiB of slack)
//	MinWriteRate   16 KiB/s  with WriteGrace 5s: each write of n bytes
//	                         (a response is written in pieces of at most
//	                         64 KiB) must be taken by the client within
//	                         WriteGrace + n/MinWriteRate, so that a
//	                         client that stops reading a large file is
//	                         closed within seconds, not at the end of a
//	                         timeout sized for the whole file
//	BodyTimeout    10s       a request body read through Body
//	LogEvery       10s       at most one line per limit and address
//
// What happens at each limit, and the one line it logs (at most one per
// limit and address every LogEvery, with a count of the lines left out):
//
//   - A connection over PerAddr or Total first makes room by closing the
//     oldest connection of that address (or, over Total, of any) that is
//     not in a request: one that has sent no request yet, or is still
//     sending its headers, or waits between requests. A connection in a
//     request (its handler running, its response being written, or
//     hijacked as a websocket) is never closed to make room. When none
//     is idle (a connection accepted less than 250 ms ago whose request
//     the server has not begun to read is not) the newcomer is refused: it gets a short 503 with
//     Retry-After, from a bounded number of goroutines, and is closed.
//   - Headers not whole within HeaderTimeout: the connection is closed.
//   - A write not taken in time: the connection is closed.
//   - Headers over MaxHeaderBytes, or a malformed request: net/http's own
//     4xx answer, and the line says which.
//   - A body over its bound, or slower than BodyTimeout (Body): the read
//     fails, and Status says what to answer.
//
// An idle kept-alive connection reaching IdleTimeout is closed without a
// line: that is how keep-alive ends, not a client refused.
//
// The http.Server that Server returns has no ReadTimeout and no
// WriteTimeout on purpose. A ReadTimeout would cancel the context of a
// handler that waits longer (a long poll, a stream), and a WriteTimeout
// long enough for the largest file would leave a stalled client its
// connection for that long; the header timeout, Body and the per-write
// deadlines bound the same phases without either. A handler that sets
// its own write deadline (http.ResponseController) gets the earlier of
// its own and the per-write one. Its ConnState is the Guard's: replace
// it and no connection is ever idle to make room.
//
// Behind a reverse proxy every connection comes from the proxy, so its
// addresses must be named in Limits.Proxies: connections from them are
// counted in Total only, not against PerAddr (the proxy is where the
// connections of each client must be capped: haproxy's maxconn per
// source, nginx's limit_conn), and ClientAddr takes the client's
// address from X-Forwarded-For, but only on a connection from a
// configured proxy, and only the rightmost entry that is not a proxy
// (the ones to its left are whatever the client wrote). Never trust
// X-Forwarded-For from anyone else: any client can send it.
package netguard
