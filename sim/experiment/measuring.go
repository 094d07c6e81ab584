package experiment

import (
	"fmt"
	"strings"
)

// The measuring level. Restricted play and the lever sweeps say what
// decides games and what to change "under skilled play": that is only worth saying when
// the level they play at is really a level of skill in that game. A design stage whose
// level is MeasuringLevel takes, for each game and player count, the level the measuring
// rule chooses from evidence measured beforehand (levelEvidence: a ladder of the levels,
// with its commands), so that the plan stays a pure function of the design; the study's
// own ladder then measures the chosen level again, and the report names it with its Elo.
//
// The rule: the weakest level, from the design's greedy level up (the second level when
// none is called greedy), that the evidence shows
//
//   - significantly stronger than the level below it (the sign test over the duplicate
//     deals of their pairing, Holm-adjusted over the ladder's pairings, below 5%, the
//     upper level better on more deals), and
//   - when it is greedy, at least MinGreedyElo above the weakest level (random): a greedy
//     player that is hardly better than random is not a skilled player.
//
// Where the evidence does not cover a game and player count, the greedy level is kept and
// the report says it was not checked. Where no level qualifies, the strongest level is
// taken.

// MeasuringLevel is the level name of a design stage measured at the level the rule
// chooses.
const MeasuringLevel = "measuring"

// MinGreedyElo is how far above random greedy must be rated to be a measuring level.
const MinGreedyElo = 100

// EvidenceElo is one level's rating in a ladder measured before the study, and the
// Holm-adjusted sign-test p-value of its pairing with the level below it (1 for the
// weakest level, and where the upper level did not do better on more deals).
type EvidenceElo struct {
	Level       string
	Elo, Lo, Hi float64
	PAbove      float64
}

// levelEvidence holds, by "game/Np", the ladder of the study's levels measured with this
// dragonlab (Bradley–Terry Elo with 95% intervals, centred on the agents' mean; 600 games
// per pairing on duplicate deals, the measurement):
//
//	dragonlab ladder --game G --players N --games 600 --seed 61 -w 1 \
//	  --agents 'random,noisy:base=(greedy),eps=0.25,greedy[,expert:iters=E]'
//
// with the study's default expert (E = 100 for Red Hot, 60 for Dragon Scales for three)
// where greedy's standing was in question. Greedy qualifies everywhere but in Dragon
// Scales for three, where it is 66 Elo above random and no level is significantly
// stronger than the one below (everyone throws rock-paper-scissors at once): the rule then
// takes the strongest level.
var levelEvidence = map[string][]EvidenceElo{
	"dragonheart/2p":  {{"random", -462, -511, -413, 1}, {"casual", 207, 179, 235, 1.6e-86}, {"greedy", 255, 227, 284, 0.00028}},
	"draco/2p":        {{"random", -577, -651, -503, 1}, {"casual", 190, 151, 229, 2.5e-88}, {"greedy", 387, 345, 428, 2.3e-36}},
	"draco/3p":        {{"random", -437, -465, -409, 1}, {"casual", 133, 116, 150, 2.3e-56}, {"greedy", 304, 285, 323, 3.3e-21}},
	"draco/4p":        {{"random", -436, -461, -412, 1}, {"casual", 134, 119, 150, 1.1e-44}, {"greedy", 302, 285, 320, 5.5e-20}},
	"draco/5p":        {{"random", -360, -378, -342, 1}, {"casual", 105, 91, 119, 3.9e-34}, {"greedy", 255, 239, 271, 4.9e-13}},
	"redhot/2p":       {{"random", -211, -229, -193, 1}, {"casual", -61, -76, -45, 1.6e-30}, {"greedy", 1, -14, 17, 9.8e-10}, {"expert", 271, 250, 291, 8.6e-45}},
	"redhot/3p":       {{"random", -210, -224, -197, 1}, {"casual", -83, -95, -71, 3.6e-14}, {"greedy", -21, -33, -9, 0.0031}, {"expert", 314, 297, 331, 1.4e-47}},
	"redhot/4p":       {{"random", -228, -243, -213, 1}, {"casual", -107, -121, -93, 9.4e-13}, {"greedy", -45, -58, -31, 7.3e-05}, {"expert", 379, 359, 399, 7.2e-42}},
	"redhot/5p":       {{"random", -203, -220, -187, 1}, {"casual", -123, -139, -107, 1.1e-05}, {"greedy", -61, -77, -46, 6.7e-05}, {"expert", 387, 366, 407, 1.4e-34}},
	"dragonscales/3p": {{"random", -46, -56, -37, 1}, {"casual", 7, -3, 16, 0.0024}, {"greedy", 20, 11, 29, 0.45}, {"expert", 20, 10, 29, 0.94}},
}

// measuringLevel applies the rule for a game and player count: the index of the chosen
// level in levels, and why, in words.
func measuringLevel(levels []DesignLevel, game string, players int) (int, string) {
	names := make([]string, len(levels))
	for i, lv := range levels {
		names[i] = lv.Name
	}
	return chooseMeasuring(names, levelEvidence[fmt.Sprintf("%s/%dp", game, players)])
}

// chooseMeasuring is the rule on level names (weakest first) and a ladder of evidence.
func chooseMeasuring(names []string, ev []EvidenceElo) (int, string) {
	floor := 1
	for i, n := range names {
		if n == "greedy" {
			floor = i
		}
	}
	floor = min(floor, len(names)-1)
	rating := map[string]EvidenceElo{}
	for _, e := range ev {
		rating[e.Level] = e
	}
	if len(ev) == 0 {
		return floor, "not checked: no ladder measured beforehand for this game and player count"
	}
	var refused []string
	for i := floor; i < len(names); i++ {
		cur, ok := rating[names[i]]
		below, okb := rating[names[i-1]]
		if !ok || !okb {
			refused = append(refused, fmt.Sprintf("%s (not rated)", names[i]))
			continue
		}
		if !(cur.PAbove < 0.05) {
			refused = append(refused, fmt.Sprintf("%s (not significantly stronger than %s: %+.0f Elo against %+.0f, sign test p = %.2g)",
				names[i], names[i-1], cur.Elo, below.Elo, cur.PAbove))
			continue
		}
		if names[i] == "greedy" {
			if floorE, ok := rating[names[0]]; ok && cur.Elo-floorE.Elo < MinGreedyElo {
				refused = append(refused, fmt.Sprintf("greedy (only %+.0f Elo above %s, less than %d)", cur.Elo-floorE.Elo, names[0], MinGreedyElo))
				continue
			}
		}
		why := fmt.Sprintf("significantly stronger than %s (%+.0f Elo against %+.0f, sign test p = %.2g) and %+.0f Elo above %s in the ladder measured beforehand",
			names[i-1], cur.Elo, below.Elo, cur.PAbove, cur.Elo-rating[names[0]].Elo, names[0])
		if len(refused) > 0 {
			why += "; not " + strings.Join(refused, ", not ")
		}
		return i, why
	}
	last := len(names) - 1
	return last, fmt.Sprintf("the strongest level, as no level qualified (not %s)", strings.Join(refused, ", not "))
}
