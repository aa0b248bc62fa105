package content

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

func TestTheEmbeddedTablesLoadWithTheDefaultsOfTheRules(t *testing.T) {
	t.Parallel()
	tb, err := ForRules(2)
	require.NoError(t, err)
	goblin := tb.Monster(3)
	require.NotNil(t, goblin)
	assert.Equal(t, &Monster{Code: 3, Name: "Goblin", Glyph: 'g', Level: 1,
		Attributes: [events.NumAttributes]int{11, 11, 11, 11},
		Skills:     [events.NumSkills]int{1, 1, 1}}, goblin)
	orc := tb.Monster(4)
	assert.Equal(t, [events.NumAttributes]int{13, 11, 11, 11}, orc.Attributes)
	assert.Equal(t, [events.NumSkills]int{2, 1, 1}, orc.Skills)
	assert.Equal(t, []*Item{tb.Item(201)}, orc.Wears)
	assert.Equal(t, &Equip{Slot: events.MainHand, Attribute: events.Might, Damage: Dice{1, 8}, Hit: 1}, tb.Item(203).Equip)
	assert.Equal(t, "Player", tb.Player.Name)
	assert.Equal(t, Dice{1, 4}, tb.Rules.UnarmedDamage)
}

// files returns the embedded tables with one file replaced.
func files(t *testing.T, name, body string) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	for _, f := range []string{"monsters", "items", "spawns", "rules"} {
		b, err := embedded.ReadFile("data/rules1/" + f + ".json")
		require.NoError(t, err)
		m["data/"+f+".json"] = &fstest.MapFile{Data: b}
	}
	m["data/"+name+".json"] = &fstest.MapFile{Data: []byte(body)}
	return m
}

func TestABrokenTableNamesTheFileTheEntryAndTheField(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file, body, want string
	}{
		{"an unknown slot", "items", `[{"code":1,"name":"Hat","glyph":"^","equip":{"slot":"foot","armor":1}}]`,
			`data/items.json: entry 0 (Hat): field equip.slot: unknown slot "foot"`},
		{"negative dice", "items", `[{"code":1,"name":"Knife","glyph":"/","equip":{"slot":"main hand","damage":"-1d4"}}]`,
			`data/items.json: entry 0 (Knife): field equip.damage: "-1d4" is not dice like 1d6 (1 to 20 dice of 1 to 100 sides)`},
		{"a duplicate name", "items", `[{"code":1,"name":"Ration","glyph":"%","use":{"effect":"feed","turns":5}},{"code":2,"name":"Ration","glyph":"%","use":{"effect":"feed","turns":5}}]`,
			`data/items.json: entry 1 (Ration): field name: "Ration" is used twice`},
		{"a duplicate code", "items", `[{"code":1,"name":"A","glyph":"%","use":{"effect":"feed","turns":5}},{"code":1,"name":"B","glyph":"%","use":{"effect":"feed","turns":5}}]`,
			`data/items.json: entry 1 (B): field code: 1 is taken by A`},
		{"an unknown skill", "monsters", `[{"code":1,"name":"Player","glyph":"@","player":true},{"code":2,"name":"Imp","glyph":"i","skills":{"Sneak":3}}]`,
			`data/monsters.json: entry 1 (Imp): field skills: unknown skill "Sneak"`},
		{"an unknown attribute", "monsters", `[{"code":1,"name":"Player","glyph":"@","player":true,"attributes":{"Luck":3}}]`,
			`data/monsters.json: entry 0 (Player): field attributes: unknown attribute "Luck"`},
		{"worn gear that does not exist", "monsters", `[{"code":1,"name":"Player","glyph":"@","player":true,"wears":["Cape"]}]`,
			`data/monsters.json: entry 0 (Player): field wears[0]: no item is named "Cape"`},
		{"no player", "monsters", `[{"code":2,"name":"Imp","glyph":"i"}]`,
			`data/monsters.json: no entry has "player": true`},
		{"a spawn of nothing", "spawns", `[{"name":"Dragon","weight":3}]`,
			`data/spawns.json: entry 0 (Dragon): field name: no monster or item has that name`},
		{"an unknown field", "spawns", `[{"name":"Rat","wieght":3}]`,
			`data/spawns.json: json: unknown field "wieght"`},
		{"a rule out of range", "rules", `{"vision":0,"backpack":26,"hunger":{"wellFed":20,"normal":200,"hungry":200,"starvingDamage":1},"xpPerLevel":1000,"xpPerMonsterLevel":100,"unarmedDamage":"1d4","wellFedHitBonus":1,"restHeal":1,"spawns":{"die":7,"offset":-3},"level":{"width":80,"height":50},"playerHP":{"base":0,"perLevel":10},"criticalRolls":1}`,
			`data/rules.json: field vision: 0 is not in 1..30`},
		{"a color the view lacks", "items", `[{"code":1,"name":"Zap","glyph":"?","color":"mauve","use":{"effect":"heal","amount":4}}]`,
			`data/items.json: entry 0 (Zap): field color: unknown color "mauve"`},
		{"a look longer than a line", "items", `[{"code":1,"name":"Zap","glyph":"?","look":"` + strings.Repeat("a", 81) + `","use":{"effect":"heal","amount":4}}]`,
			`data/items.json: entry 0 (Zap): field look: 81 characters, more than 80`},
		{"a damage scroll with no cause", "items", `[{"code":1,"name":"Zap","glyph":"?","use":{"effect":"damage","target":"actor","range":3,"amount":4}}]`,
			`data/items.json: entry 0 (Zap): field use.cause: a damage item needs a cause`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(files(t, c.file, c.body))
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
}

func TestEveryRulesVersionHasItsOwnTables(t *testing.T) {
	t.Parallel()
	r1, err := ForRules(1)
	require.NoError(t, err)
	r2, err := ForRules(2)
	require.NoError(t, err)
	r3, err := ForRules(3)
	require.NoError(t, err)
	newest, err := ForRules(events.RulesVersion)
	require.NoError(t, err)
	assert.Same(t, newest, Default(), "new games play the newest rules")
	assert.Equal(t, 3, r3.Version)
	assert.Equal(t, 1, r1.Version)
	assert.Equal(t, 2, r2.Version)
	rat1, rat2 := r1.Monster(2), r2.Monster(2)
	assert.Equal(t, 3, rat1.Attributes[events.Might], "rules 1 keep their numbers")
	assert.Equal(t, 7, rat2.Attributes[events.Might])
	assert.Nil(t, r1.Monster(6), "the Ogre is rules 2's")
	assert.Equal(t, "Ogre", r2.Monster(6).Name)
	assert.Equal(t, [events.NumSkills]int{}, r1.Rules.LevelUpSkills)
	assert.Equal(t, [events.NumSkills]int{1, 0, 1}, r2.Rules.LevelUpSkills)

	for _, v := range []int{0, events.RulesVersion + 1, -1} {
		_, err := ForRules(v)
		assert.EqualError(t, err, fmt.Sprintf("rules version %d is not one this program has (1 to %d)", v, events.RulesVersion))
	}
}
