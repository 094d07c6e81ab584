package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"dragonlab/engine"
)

// Schema names the results-file format; readers check it.
const Schema = "dragonlab.result/v1"

// Version is the tool version written into results (set by the Makefile with -ldflags).
var Version = "0.1.0-dev"

// Result is the results file: the stable contract documented in the README. Everything
// that may differ between two identical runs lives under Run, so that the rest is
// byte-identical for the same command and seed.
type Result struct {
	Schema     string          `json:"schema"`
	Tool       string          `json:"tool"`
	Game       string          `json:"game"`
	Players    int             `json:"players"`
	Params     json.RawMessage `json:"params"`
	Agents     []string        `json:"agents"` // the agent that starts in each seat
	Seating    string          `json:"seating"`
	Seed       uint64          `json:"seed"`
	First      int64           `json:"first"`                // first unit index played (0 unless a shard)
	Units      int64           `json:"units"`                // units requested (games, or deals for duplicate seating)
	Games      int64           `json:"games"`                // games played
	Complete   bool            `json:"complete"`             // false if interrupted
	StoppedAt  int64           `json:"stoppedAt,omitempty"`  // units played when a stopping rule (--until) ended the run
	Until      string          `json:"until,omitempty"`      // the stopping rule (--until), canonical text
	Shard      string          `json:"shard,omitempty"`      // "i/n" for one shard of a larger run
	TotalUnits int64           `json:"totalUnits,omitempty"` // units of the whole run, for a shard
	// CheckpointDone is, in a checkpoint file, the finished prefix of units it holds, and
	// CheckpointExtra the units finished beyond that prefix (ranges [a, b) of unit offsets
	// from First, in the block an interrupt stopped), so a resumed run replays nothing.
	CheckpointDone  int64        `json:"checkpointDone,omitempty"`
	CheckpointExtra [][2]int64   `json:"checkpointExtra,omitempty"`
	Draws           int64        `json:"draws"`
	NoWinner        int64        `json:"noWinner"`
	DecisionsMean   float64      `json:"decisionsMean"`
	DecisionsVar    float64      `json:"decisionsVar"`
	Seats           []SeatResult `json:"seats"`
	ByAgent         []SeatResult `json:"byAgent"`
	Aggregate       Aggregate    `json:"aggregate"` // the exact integer sums behind every number
	Run             *RunInfo     `json:"run,omitempty"`
}

// SeatResult summarises one seat (in Seats) or one agent (in ByAgent).
type SeatResult struct {
	Seat      int     `json:"seat"`
	Agent     string  `json:"agent"`
	Games     int64   `json:"games"`
	Wins      int64   `json:"wins"`     // won alone
	WinShare  float64 `json:"winShare"` // wins alone + 1/k per k-way shared win
	ScoreMean float64 `json:"scoreMean"`
	ScoreVar  float64 `json:"scoreVar"`
}

// RunInfo is what varies between identical runs.
type RunInfo struct {
	Started     string  `json:"started"`
	Seconds     float64 `json:"seconds"`
	Workers     int     `json:"workers"`
	GamesPerSec float64 `json:"gamesPerSec"`
	GoVersion   string  `json:"goVersion"`
	Interrupted string  `json:"interrupted,omitempty"`
	// ResumedFrom is the checkpoint a resumed run continued, ResumedGames the games it
	// already held and ResumedTool the version that wrote it.
	ResumedFrom  string `json:"resumedFrom,omitempty"`
	ResumedGames int64  `json:"resumedGames,omitempty"`
	ResumedTool  string `json:"resumedTool,omitempty"`
	Cost         []Cost `json:"cost,omitempty"` // per agent (see extras.go)
}

// NewResult derives the results file from an aggregate.
func NewResult(cfg Config, agg Aggregate, complete bool) *Result {
	names := make([]string, len(cfg.Agents))
	for i, f := range cfg.Agents {
		names[i] = f.Spec
	}
	r := &Result{
		Schema: Schema, Tool: ToolName(),
		Game: cfg.Game.Name, Players: cfg.Players, Params: engine.ParamsJSON(cfg.Params),
		Agents: names, Seating: cfg.Seating, Seed: cfg.Seed, First: cfg.First, Units: cfg.Units,
		Complete: complete, Until: cfg.UntilSpec,
	}
	if cfg.Shard.Count > 0 {
		r.Shard, r.TotalUnits = cfg.Shard.String(), cfg.TotalUnits
	}
	r.fill(agg)
	return r
}

// fill sets every derived number from the aggregate.
func (r *Result) fill(agg Aggregate) {
	r.Aggregate = agg
	r.Games, r.Draws, r.NoWinner = agg.Games, agg.Draws, agg.NoWinner
	r.DecisionsMean, r.DecisionsVar = meanVar(agg.Games, agg.DecisionsSum, agg.DecisionsSumSq)
	r.Seats, r.ByAgent = nil, nil
	for i, t := range agg.Seats {
		agent := ""
		if r.Seating == SeatFixed || r.Seating == SeatReplay || r.Seating == "" { // agent j stays in seat j
			agent = r.Agents[i]
		}
		r.Seats = append(r.Seats, seatResult(i, agent, t))
	}
	for i, t := range agg.Agents {
		r.ByAgent = append(r.ByAgent, seatResult(i, r.Agents[i], t))
	}
}

func seatResult(i int, agent string, t Tally) SeatResult {
	m, v := meanVar(t.Games, t.ScoreSum, t.ScoreSumSq)
	return SeatResult{Seat: i, Agent: agent, Games: t.Games, Wins: t.Wins, WinShare: t.WinShare(), ScoreMean: m, ScoreVar: v}
}

// meanVar gives the mean and the unbiased sample variance from integer sums.
func meanVar(n, sum, sumSq int64) (float64, float64) {
	if n == 0 {
		return 0, 0
	}
	mean := float64(sum) / float64(n)
	if n < 2 {
		return mean, 0
	}
	v := (float64(sumSq) - float64(sum)*mean) / float64(n-1)
	return mean, math.Max(v, 0)
}

// Marshal encodes the result as indented JSON with a final newline.
func (r *Result) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteFile writes the result atomically: to a temporary file in the same directory,
// then renamed, so a kill never leaves a half-written results file.
// It refuses a result that does not validate: what dragonlab writes, it reads back.
func (r *Result) WriteFile(path string) error {
	if err := r.Validate(); err != nil {
		return fmt.Errorf("refusing to write an inconsistent results file %s: %v", path, err)
	}
	data, err := r.Marshal()
	if err != nil {
		return fmt.Errorf("encode results: %w", err)
	}
	return WriteFileAtomic(path, data)
}
