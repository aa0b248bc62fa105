package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// e2eTurns finds, in a game of the built-in player recorded at path, the
// turns the end-to-end test continues by hand: hurt, the first turn
// after which the player has at most half its HP with a Goblin or a Rat
// of at most 4 HP next to it and no other monster in view (foe, and the
// key that attacks it and its compass point, are returned too), so that the fight ends with the
// player still hurt (in wizard mode a blow that would kill heals instead);
// stacked, the first turn after which its backpack holds two items of
// one kind (named by item). The turns are found, not written down, so
// that a change to the bot or the rules moves them instead of breaking
// the test.
func e2eTurns(t *testing.T, path string) (hurt int, foe, key, where string, stacked int, item string) {
	t.Helper()
	keys := [events.NumDirs]string{"k", "u", "l", "n", "j", "b", "h", "y"}
	monsters := []string{"Rat", "Goblin", "Orc", "Troll", "Ogre"}
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	tables, err := content.ForRules(2)
	require.NoError(t, err)
	_, _, err = game.Fold(r, tables, -1, func(s *reducer.State, _ *events.Turn) error {
		p := s.Player()
		if p == nil {
			return nil
		}
		if hurt == 0 && p.HP*2 <= s.MaxHP(p) {
			var near *reducer.Entity
			seen := 0
			for e := range s.Entities() {
				if e.ID == p.ID || e.Holder != 0 || e.HP <= 0 || !slices.Contains(monsters, s.Name(e.ID)) || !s.CanSee(e.Pos) {
					continue
				}
				seen++
				if _, adjacent := events.DirTo(p.Pos, e.Pos); adjacent {
					near = e
				}
			}
			if name := ""; near != nil && seen == 1 && near.HP <= 4 {
				if name = s.Name(near.ID); name == "Goblin" || name == "Rat" {
					d, _ := events.DirTo(p.Pos, near.Pos)
					hurt, foe, key, where = s.Turn, name, keys[d], d.String()
				}
			}
		}
		if stacked == 0 {
			seen := map[int]bool{}
			for _, it := range s.Backpack(p.ID) {
				if seen[it.Kind] {
					stacked, item = s.Turn, s.Name(it.ID)
					break
				}
				seen[it.Kind] = true
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.NotZero(t, hurt, "the bot's game never leaves the player hurt beside a Goblin or a Rat")
	require.NotZero(t, stacked, "the bot's game never carries two items of one kind")
	return hurt, foe, key, where, stacked, item
}

// The multi-turn actions, the message history and the stacked inventory
// through the real binary in an 80x24 tmux pane. The games are the
// built-in player's (seed 7, rules 2, in wizard mode so that it lives), continued
// by hand from the turns e2eTurns finds: one where the player is hurt
// beside a Goblin or a Rat, one where it carries two items of a kind.
func TestRestExploreHistoryAndStacksInATerminal(t *testing.T) {
	t.Parallel()
	dir, bin := endToEnd(t)
	tm := newTmux(t, dir)
	botGame := func(turns string) string {
		path := filepath.Join(dir, "seed-7-"+turns+".rogue")
		if _, err := os.Stat(path); err == nil {
			return path
		}
		// Under rules 2, whose Goblins and Rats the turns are found among.
		c := exec.Command(bin, "bot", "--wizard", "--rules", "2", "--seed", "7", "--turns", turns, "--out", path)
		c.Env = tm.env
		out, err := c.CombinedOutput()
		require.NoError(t, err, "rogue bot: %s", out)
		return path
	}

	hurtAt, foe, key, where, stackedAt, item := e2eTurns(t, botGame("3000"))
	hurtGame := botGame(strconv.Itoa(hurtAt))
	hurt := tm.run("hurt", "play", "--journal", hurtGame)
	hurt.waitFor("Welcome back: turn " + strconv.Itoa(hurtAt-1)) // a journal of n records ends at turn n-1
	hurt.keys("Z")
	hurt.waitFor("Not with the " + foe + " in view (next to you, " + where + "): fight or step away.")
	for i := 0; i < 12 && !strings.Contains(hurt.screen(), "The "+foe+" dies."); i++ {
		turn := statusTurn(t, hurt.screen())
		hurt.keys(key)
		hurt.waitUntil("the attack is played", func(s string) bool { return statusTurn(t, s) > turn })
	}
	screen := hurt.waitFor("The " + foe + " dies.")
	before := statusTurn(t, screen)

	hurt.keys("Z")
	screen = hurt.waitFor("You feel rested.")
	hp := regexp.MustCompile(`HP \S+ (\d+)/(\d+) `).FindStringSubmatch(screen)
	require.NotNil(t, hp, "the status line shows HP")
	assert.Equal(t, hp[2], hp[1], "rest heals to full")
	rested := statusTurn(t, screen)
	assert.Greater(t, rested, before+1, "resting took several turns")

	hurt.keys("o")
	screen = hurt.waitUntil("exploring stops", func(s string) bool {
		return regexp.MustCompile(`You stop|You see here|explored|nothing left to explore`).MatchString(s)
	})
	assert.Greater(t, statusTurn(t, screen), rested+1, "exploring walked several turns")

	hurt.keys("C-p")
	screen = hurt.waitFor("Messages ")
	assert.Contains(t, screen, "You feel rested.")
	hurt.keys("Home")
	screen = hurt.waitFor("Messages 1-")
	assert.Contains(t, screen, "You enter the dungeon.", "the history goes back to the game's first turn, before this session")
	hurt.keys("Escape")
	hurt.waitUntil("the history closes", func(s string) bool { return !strings.Contains(s, "Messages ") })
	hurt.keys("C-c")
	hurt.waitFor("Save and quit?")
	hurt.keys("y")
	assert.Regexp(t, `^saved turn \d+ to `, hurt.exit(0))

	// The journal holds only ordinary turns, which the rules decide again
	// as recorded.
	verify := exec.Command(bin, "verify", hurtGame)
	verify.Env = tm.env
	vout, err := verify.CombinedOutput()
	assert.NoError(t, err, "rogue verify: %s", vout)

	stacked := tm.run("stacked", "play", "--journal", botGame(strconv.Itoa(stackedAt)))
	stacked.waitFor("Welcome back: turn " + strconv.Itoa(stackedAt-1))
	stacked.keys("i")
	screen = stacked.waitFor("Inventory")
	assert.Regexp(t, `[a-z]  2 `+regexp.QuoteMeta(item), screen, "two identical items are one stack line")
	stacked.keys("Escape", "Q")
	stacked.exit(0)
}
