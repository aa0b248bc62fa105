package events

// SameFact reports whether a and b are the same fact: the same type and
// equal fields. It is what reflect.DeepEqual says, without reflection
// (verify compares every decided fact with the recorded one), except that
// a nil and an empty list in a LevelEntered are the same: they encode
// alike.
func SameFact(a, b Fact) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if a == b {
		return true
	}
	if a.Code() != b.Code() {
		return false
	}
	return factEqual[a.Code()](a, b)
}

func equalValues[T comparable, P interface {
	*T
	Fact
}](a, b Fact) bool {
	x, ok1 := a.(P)
	y, ok2 := b.(P)
	return ok1 && ok2 && *x == *y
}
