package designer

// What other analyses add to the designer's report. Each is an optional field of a
// Config, filled by the study (reports/experiment) from its own stages; nil means the
// fallback, which the report always has:
//
//	field     page-1 column    fallback while nil
//	Tune      What to change?  the compensation of the seatBonus sweep
//	Target    Fair?, Luck?     DefaultTarget: ±2 points of seat advantage at two
//	                           players, ±3 at more; ±10 points of luck share
//
// The measuring level is the most skilled level played (Answer.Top); the luck along the
// game and the luck-adjusted seats come from the study's own luck accounting (luck.go).
// What matters? is the value stage itself (Config.Value, value.go): the component worth
// most by substitution, else the decisions worth most by the search's values, else the
// choice worth most by restricted play.
//
// Every number is a win share (or a share of variance) in [0, 1] with its 95% interval
// (stats.Estimate: Value, Lo, Hi; N the count behind it), never a percentage. Names are
// the game's (action classes, components, rules parameters); the report puts them in the
// rules' words itself (engine.Glossary).

// TuneInput is what `dragonlab tune` answered for one game and player count:
// the smallest change that meets the targets, certified on fresh deals, or the best found
// and what it misses. Page 1's What to change? quotes the certified change; the detail
// quotes the tune's paragraph.
type TuneInput struct {
	// Changes are the changes tune proposes (at most one today), best first.
	Changes []RuleChange `json:"changes"`
	// Sentence is the answer in a few words: "seat 1 starts +2: certified", "fair as is:
	// certified", "seat 1 starts +2: best found, not certified".
	Sentence string `json:"sentence"`
	// Answer is the paragraph, with the certified estimates and intervals.
	Answer    string `json:"answer"`
	Certified bool   `json:"certified"`
	// Level is the level of play measured (a level name), Targets tune's targets, Dir its
	// output directory relative to the report.
	Level   string   `json:"level"`
	Targets []string `json:"targets"`
	Dir     string   `json:"dir"`
	// More is, where nothing was certified but the best change's estimates lie inside
	// the targets, about how many more certification games would settle it (0: none).
	More int64 `json:"more,omitempty"`
	// Command is the dragonlab tune command that continues it where nothing was certified:
	// with the budget that would settle it ("" otherwise).
	Command string `json:"command,omitempty"`
	// Unplayed: the study's tune stage had no room for it within its cap (More says how
	// many games would settle it, Command how).
	Unplayed bool `json:"unplayed,omitempty"`
	// Check is the certified change replayed under the study's most skilled play, where
	// tune measured at another level (nil otherwise).
	Check *TuneCheck `json:"check,omitempty"`
}

// TuneCheck is a certified change replayed on fresh deals at another level of play: the
// seat advantage moves with skill, so a change certified at one level may leave another
// unfair.
type TuneCheck struct {
	Level string `json:"level"`
	Deals int64  `json:"deals"`
	// Seat is the seat furthest from fair, Advantage its advantage (points of win share)
	// with a 95% interval Bonferroni-adjusted over the seats.
	Seat      int `json:"seat"`
	Advantage Est `json:"advantage"`
	// Points is the fair target (±points of win share) the check is judged against, and
	// More about how many more games would settle it (0: settled).
	Points float64 `json:"points"`
	More   int64   `json:"more,omitempty"`
}

// Verdict is the check's answer: "fair" (the interval inside the target), "off" (wholly
// outside it) or "not settled".
func (c *TuneCheck) Verdict() string {
	e := c.Advantage.Estimate
	switch {
	case e.Lo >= -c.Points && e.Hi <= c.Points:
		return "fair"
	case e.Lo > c.Points || e.Hi < -c.Points:
		return "off"
	}
	return "not settled"
}

// RuleChange is one certified change of the rules.
type RuleChange struct {
	// Params are the changed rules parameters (their JSON values as the rules file writes
	// them: `{"seatBonus": [0, 0, 2]}`); the report words them with engine.Glossary and
	// the seatBonus family.
	Params map[string]any `json:"params"`
	// Text says the change in plain words when the glossary cannot ("seat 2 starts with 2
	// points"); "" to word it from Params.
	Text string `json:"text,omitempty"`
	// Effect is the largest seat advantage left after the change (points of win share),
	// measured on fresh seeds.
	Effect Est `json:"effect"`
	// Certified: the change was re-checked on fresh seeds and keeps every seat within the
	// target (Target.Seat).
	Certified bool `json:"certified"`
}

// Target is the precision a question is answered to: the half-width of the 95% interval
// that settles it. A stage whose interval is wider has not settled its question; the
// report says about how many more games would settle it (Settle).
type Target struct {
	// Seat is the half-width of a seat's advantage over the fair share (win share).
	Seat float64
	// Luck is the half-width of the luck share.
	Luck float64
	// Worth is the half-width of what an action class is worth (restricted play).
	Worth float64
}

// DefaultTarget is the default target: ±2 points of seat advantage at two players,
// ±3 at more (each seat has fewer wins to count) and for the solitaire's success rate;
// the luck share to ±10 points; what an action class is worth to ±10 points.
func DefaultTarget(players int) Target {
	t := Target{Seat: 0.02, Luck: 0.10, Worth: 0.10}
	if players != 2 {
		t.Seat = 0.03
	}
	return t
}

// target is the configuration's target: its own, else the default.
func (c *Config) target() Target {
	if c.Target != nil {
		return *c.Target
	}
	return DefaultTarget(c.Players)
}
