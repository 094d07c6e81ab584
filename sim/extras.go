package sim

// The optional aggregates (components, game-feel metrics, replays) and the
// per-agent cost. They are all integers except Cost, which varies between runs and so
// lives under Result.Run; the aggregates live under Result.Aggregate and merge exactly.
// A results file without them (every v1 file) still reads: the keys are omitted when
// empty. Shapes only here; the runner fills them when Config asks (see runner.go).

// SeatReplay is the replay seating plan (Config.Replays = K ≥ 2): each unit is one deal
// (game seed: hands, piles and chance stream fixed) played K times with fresh agent
// streams, agent j in seat j. It measures how much of the outcome the deal fixes (luck).
const SeatReplay = "replay"

// Cost is what one agent's decisions cost in a run: wall-clock time inside Act, and search
// iterations for agents that implement agents.Searcher. Sums, so shards add up.
type Cost struct {
	Agent            string  `json:"agent"`
	Decisions        int64   `json:"decisions"`            // decisions timed
	Nanos            int64   `json:"nanos"`                // nanoseconds inside Act over those decisions
	Iterations       int64   `json:"iterations,omitempty"` // search iterations over those decisions
	MsPerDecision    float64 `json:"msPerDecision"`
	ItersPerDecision float64 `json:"itersPerDecision,omitempty"`
	// Bound and Unkept are read from results files of older versions only: the counts of
	// a restricted agent are now an aggregate (Aggregate.Restrict), which a checkpoint
	// keeps and a merge adds exactly.
	Bound  int64 `json:"bound,omitempty"`
	Unkept int64 `json:"unkept,omitempty"`
}

// Restriction counts, for a restricted agent (agents.Restricted), the decisions in which
// its restriction ruled out a legal action (Bound), and those in which it could not be
// kept because every legal action was forbidden (Unkept: it then played as its base
// would). Integers counted game by game, so they checkpoint, resume and merge exactly.
type Restriction struct {
	Bound  int64 `json:"bound"`
	Unkept int64 `json:"unkept"`
}

// Restriction returns agent j's restriction counts: from the aggregate, or from the run's
// cost in a results file of an older version; ok is false when the results hold none.
func (r *Result) Restriction(j int) (c Restriction, ok bool) {
	if a := r.Aggregate.Restrict; j >= 0 && j < len(a) {
		return a[j], true
	}
	if r.Run != nil && j >= 0 && j < len(r.Run.Cost) {
		return Restriction{Bound: r.Run.Cost[j].Bound, Unkept: r.Run.Cost[j].Unkept}, true
	}
	return Restriction{}, false
}

// ComponentAgg counts, per agent (the agent that starts in seat j, as in
// Aggregate.Agents), how often each event happened to each component and the win share
// in those games. Events are the game's engine.Tracker events followed by the derived
// event "seen" (dealt or drawn) when the game has either.
type ComponentAgg struct {
	Names  []string         `json:"names"`  // engine.Tracker Components
	Events []string         `json:"events"` // engine.Tracker TrackEvents, then "seen"
	Agents []ComponentTally `json:"agents"` // by agent index
	// Stratified is the event whose tallies are also split by game length (strata.go):
	// "seen" when the game has it, else its first event; "" when the game does not count
	// its length (engine.Lengther). LengthUnit is the length's unit.
	Stratified string `json:"stratified,omitempty"`
	LengthUnit string `json:"lengthUnit,omitempty"`
}

// ComponentTally is one agent's component counts; each matrix is [event][component].
type ComponentTally struct {
	Games int64 `json:"games"` // games the agent played (as Tally.Games)
	// Share60 is the agent's total win share over those games in sixtieths (a k-way shared
	// win is 60/k), so that 1/2 … 1/5 stay integers.
	Share60 int64     `json:"share60"`
	Count   [][]int64 `json:"count"`   // games in which the event happened to the component
	Win60   [][]int64 `json:"win60"`   // win share over those games, in sixtieths
	TurnSum [][]int64 `json:"turnSum"` // sum over those games of the game's decision number (1-based) at the event's first occurrence; 0 if before the first decision
	// Strata split the Stratified event's tallies by game length (sorted by length).
	Strata []ComponentStratum `json:"strata,omitempty"`
}

// Metrics are game-feel aggregates (Browne's criteria as in Ludii's metrics; each is
// defined in the README): all integers over the games of the run.
type Metrics struct {
	Decisions   int64 `json:"decisions"`   // decisions in all games
	MultiChoice int64 `json:"multiChoice"` // decisions with more than one legal action
	LegalSum    int64 `json:"legalSum"`    // legal actions summed over decisions
	LegalSumSq  int64 `json:"legalSumSq"`
	LegalHist   Hist  `json:"legalHist"` // legal actions per decision
	// LegalByDecile and DecisionsByDecile sum the legal actions and count the decisions
	// by the tenth of its game in which a decision falls (branching over the game).
	LegalByDecile     [10]int64 `json:"legalByDecile"`
	DecisionsByDecile [10]int64 `json:"decisionsByDecile"`
	// LeadChanges is the histogram per game of changes of the strict score leader (one
	// seat ahead of all others) to a different seat, after each decision.
	LeadChanges Hist `json:"leadChanges"`
	// Decided counts games with a single winner and at least two seats; Decisive is their
	// histogram, in whole percent, of the share of the game (decisions) played after the
	// eventual winner became the strict leader for good (0 if never).
	Decided  int64 `json:"decided"`
	Decisive Hist  `json:"decisive"`
	// Comebacks counts decided games whose winner was behind (another seat strictly
	// ahead) after the middle decision of the game.
	Comebacks int64 `json:"comebacks"`
	// Margin is the histogram over decided games of the winner's final score minus the
	// best other final score.
	Margin Hist `json:"margin"`
	// Long counts the decided games longer than MetricsTraceCap decisions, which
	// Comebacks leaves out (it needs the per-decision trace): the comeback rate is
	// Comebacks / (Decided − Long). The by-decile sums leave out every game longer than
	// the cap (their own totals show it); every other field counts every game.
	Long int64 `json:"long,omitempty"`
	// Length is the histogram per game of its length in the game's own unit, LengthUnit
	// ("turns", "plays", "rounds", "combats": engine.Lengther), read at the end of every
	// game. Empty, and LengthUnit "", for a game that does not count its length, and in
	// results written before it was counted.
	Length     Hist   `json:"length"`
	LengthUnit string `json:"lengthUnit,omitempty"`
}

// ReplayAgg is, for replay seating, per seat the joint histogram of (S, Q) over deals:
// S the sum over the K replays of the seat's win share in sixtieths, Q the sum of squares.
// Between-deal and within-deal variance (the luck share) follow exactly.
type ReplayAgg struct {
	K     int           `json:"k"`
	Seats [][]ReplayBin `json:"seats"` // by seat, sorted by (S, Q)
}

// ReplayBin counts the deals with the same (S, Q).
type ReplayBin struct {
	S     int64 `json:"s"`
	Q     int64 `json:"q"`
	Deals int64 `json:"deals"`
}
