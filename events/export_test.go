package events

// HasEqual reports whether SameFact has a comparison for code c.
func HasEqual(c FactCode) bool { return factEqual[c] != nil }
