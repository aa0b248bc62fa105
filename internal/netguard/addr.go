package netguard

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// key is what the connections of remote are counted under: its address,
// or for IPv6 its /64; exempt when it is a trusted proxy, counted in the
// total only.
func (g *Guard) key(remote net.Addr) (key netip.Prefix, exempt bool) {
	a := addrOf(remote)
	bits := a.BitLen()
	if a.Is6() {
		bits = 64
	}
	key, _ = a.Prefix(bits)
	return key, g.proxy(a)
}

// addrOf is remote's IP address (IPv4 unmapped), or the zero address for
// one that is not IP (all of which count as one).
func addrOf(remote net.Addr) netip.Addr {
	switch r := remote.(type) {
	case *net.TCPAddr:
		return r.AddrPort().Addr().Unmap()
	case nil:
		return netip.Addr{}
	}
	ap, err := netip.ParseAddrPort(remote.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// proxy reports whether a is one of the trusted proxies.
func (g *Guard) proxy(a netip.Addr) bool {
	for _, p := range g.limits.Proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ClientAddr is the address r came from: its connection's peer, or,
// when that peer is a trusted proxy (Limits.Proxies), the rightmost
// address of X-Forwarded-For that is not one (an entry that does not
// parse ends the walk at the proxy before it). The zero address when
// r's RemoteAddr is not an IP address.
func (g *Guard) ClientAddr(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	a := ap.Addr().Unmap()
	if !g.proxy(a) {
		return a
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return a
		}
		a = h.Unmap()
		if !g.proxy(a) {
			return a
		}
	}
	return a
}
