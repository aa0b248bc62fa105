package netguard

import (
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
)

// X-Forwarded-For is believed only from a configured proxy, and only as
// far as the rightmost address that is not a proxy.
func TestTheClientsAddressIsTakenFromAProxyOnly(t *testing.T) {
	t.Parallel()
	g := New(Limits{Proxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}, nil)
	cases := []struct {
		name, peer string
		xff        []string
		want       string
	}{
		{"a client without a proxy", "192.0.2.7:4000", nil, "192.0.2.7"},
		{"a client that says it is another", "192.0.2.7:4000", []string{"198.51.100.1"}, "192.0.2.7"},
		{"a client through the proxy", "10.0.0.2:4000", []string{"192.0.2.9"}, "192.0.2.9"},
		{"a client through the proxy that lies to its left", "10.0.0.2:4000", []string{"203.0.113.5, 192.0.2.9"}, "192.0.2.9"},
		{"through two proxies, in two headers", "10.0.0.2:4000", []string{"192.0.2.9", "10.0.0.3"}, "192.0.2.9"},
		{"a proxy that names nobody", "10.0.0.2:4000", nil, "10.0.0.2"},
		{"a garbled entry stops at the proxy", "10.0.0.2:4000", []string{"192.0.2.9, not-an-address, 10.0.0.3"}, "10.0.0.3"},
		{"an IPv4 address in IPv6 form", "[::ffff:192.0.2.7]:4000", nil, "192.0.2.7"},
		{"no IP at all", "@", nil, "invalid IP"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = c.peer
			for _, v := range c.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			assert.Equal(t, c.want, g.ClientAddr(r).String())
		})
	}
}

// Connections are counted by address, an IPv6 one by its /64, and a
// proxy's in the total only.
func TestConnectionsAreCountedByAddressAndIPv6ByItsSlash64(t *testing.T) {
	t.Parallel()
	g := New(Limits{Proxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}, nil)
	cases := []struct {
		addr   string
		key    string
		exempt bool
	}{
		{"192.0.2.7:1", "192.0.2.7/32", false},
		{"[::ffff:192.0.2.7]:1", "192.0.2.7/32", false},
		{"[2001:db8:1:2:3:4:5:6]:1", "2001:db8:1:2::/64", false},
		{"10.1.2.3:1", "10.1.2.3/32", true},
	}
	for _, c := range cases {
		key, exempt := g.key(addrString(c.addr))
		assert.Equal(t, []any{c.key, c.exempt}, []any{key.String(), exempt}, c.addr)
	}
}

// addrString is a net.Addr of s.
type addrString string

func (a addrString) Network() string { return "tcp" }
func (a addrString) String() string  { return string(a) }
