package netguard

import (
	"net/netip"
	"time"
)

// Limits are a Guard's bounds. A zero field takes its value in Defaults.
type Limits struct {
	// PerAddr is how many connections one address may hold open at once
	// (an IPv6 address counts by its /64); Total is how many are open at
	// once in all.
	PerAddr int
	Total   int
	// HeaderTimeout is how long a request's line and headers may take.
	HeaderTimeout time.Duration
	// IdleTimeout is how long a kept-alive connection waits for its next
	// request.
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds a request's line and headers.
	MaxHeaderBytes int
	// MinWriteRate, in bytes a second, and WriteGrace: a write of n bytes
	// must be taken by the client within WriteGrace + n/MinWriteRate.
	MinWriteRate int
	WriteGrace   time.Duration
	// BodyTimeout is how long a request body read through Body may take.
	BodyTimeout time.Duration
	// LogEvery is how often one limit logs a line for one address, at
	// most.
	LogEvery time.Duration
	// Proxies are the reverse proxies in front of the server, trusted to
	// say for whom they connect (see the package comment). None by
	// default.
	Proxies []netip.Prefix
}

// Defaults are the limits a zero Limits field takes.
var Defaults = Limits{
	PerAddr:        32,
	Total:          1024,
	HeaderTimeout:  5 * time.Second,
	IdleTimeout:    time.Minute,
	MaxHeaderBytes: 16 << 10,
	MinWriteRate:   16 << 10,
	WriteGrace:     5 * time.Second,
	BodyTimeout:    10 * time.Second,
	LogEvery:       10 * time.Second,
}

// filled is l with every zero field taken from Defaults.
func (l Limits) filled() Limits {
	d := Defaults
	orInt := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	orDur := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	orInt(&l.PerAddr, d.PerAddr)
	orInt(&l.Total, d.Total)
	orInt(&l.MaxHeaderBytes, d.MaxHeaderBytes)
	orInt(&l.MinWriteRate, d.MinWriteRate)
	orDur(&l.HeaderTimeout, d.HeaderTimeout)
	orDur(&l.IdleTimeout, d.IdleTimeout)
	orDur(&l.WriteGrace, d.WriteGrace)
	orDur(&l.BodyTimeout, d.BodyTimeout)
	orDur(&l.LogEvery, d.LogEvery)
	return l
}
