package events

// The facts of rules 3's monsters and goal (wire codes 20 to 29).

// Fact wire codes of rules 3's monsters and goal.
const (
	CodeShot        FactCode = 20
	CodeMoodChanged FactCode = 21
	CodeStole       FactCode = 22
	CodeSummoned    FactCode = 23
	CodeWon         FactCode = 24
)

// Mood is what a monster is about (rules 3): awake and after the player,
// asleep until it notices the player, fleeing to come back healed, or
// back from fleeing (it flees no more).
type Mood uint8

// The moods. Values are wire codes: never reuse one.
const (
	Awake Mood = iota
	Asleep
	Fleeing
	Rallied
	NumMoods
)

var moodNames = [NumMoods]string{"awake", "asleep", "fleeing", "rallied"}

func (m Mood) String() string {
	if m >= NumMoods {
		return "mood?"
	}
	return moodNames[m]
}

// Shot is a ranged attack by the d20 rule (rules 3), as Attacked is a
// melee swing: the natural roll, the modified attack, the target's armor
// class, whether it hit, the damage dice roll and the damage dealt.
type Shot struct {
	Attacker, Target EntityID
	Natural          int
	Attack           int
	ArmorClass       int
	Hit              bool
	Roll             int
	Damage           int
}

// MoodChanged sets a monster's mood (rules 3): it falls asleep (as it is
// spawned), wakes, flees, or comes back.
type MoodChanged struct {
	Actor EntityID
	Mood  Mood
}

// Stole moves Item from Victim's backpack into the thief Actor's hands
// (rules 3): killing the thief drops it.
type Stole struct {
	Actor, Victim, Item EntityID
}

// Summoned is a monster calling Count others to its side (rules 3): the
// Count Spawned facts that follow in the turn are them.
type Summoned struct {
	Actor EntityID
	Count int
}

// Won is the game won (rules 3): Actor, the player, holds Item, the goal.
// The game is over, as at a death.
type Won struct {
	Actor, Item EntityID
}
