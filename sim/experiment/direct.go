package experiment

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"dragonlab/engine"
	"dragonlab/engine/value"
	"dragonlab/sim"
)

// Direct is a single run played in this process (`dragonlab run`) rather than as a plan:
// beside the games it has its own stopping rule (--until), shard, checkpoint, replay
// seating and luck accounting.
type Direct struct {
	SingleRun
	Workers int
	// Replays is, for replay seating, how many times each deal is played (K ≥ 2).
	Replays    int
	Components bool
	Metrics    bool
	// Luck turns on luck accounting with the game's value function, or Value's file.
	Luck  bool
	Value string
	// Until is a stopping rule (sim.ParseStopRule); MaxGames then bounds the run.
	Until    string
	MaxGames int64
	// Shard is i/n, or auto/n with i from the environment; "" for the whole run.
	Shard           string
	Checkpoint      string
	CheckpointEvery time.Duration
	// Resume is a checkpoint file to continue; ResumeIfExists continues Checkpoint when
	// it exists; ForceResume accepts a checkpoint of another version.
	Resume         string
	ResumeIfExists bool
	ForceResume    bool
	// Out is the results file ("" for none), checked against the checkpoint.
	Out string
	// Given reports whether a flag was on the command line: a flag that would have no
	// effect is refused rather than silently ignored.
	Given func(name string) bool
}

func (o *Direct) given(name string) bool { return o.Given != nil && o.Given(name) }

// Config validates the run into a runner configuration; every error is bad input. With
// ResumeIfExists and an existing checkpoint it sets Resume, and a resumed run without a
// Checkpoint of its own keeps checkpointing to the file it resumed.
func (o *Direct) Config() (sim.Config, error) {
	g, p, players, fs, err := o.resolve()
	if err != nil {
		return sim.Config{}, err
	}
	if err := sim.CheckWorkers(o.Workers); err != nil {
		return sim.Config{}, fmt.Errorf("--%v", err)
	}
	units := o.Games
	switch o.Seating {
	case sim.SeatFixed, sim.SeatRotate:
	case sim.SeatDuplicate:
		if o.Games%int64(players) != 0 && o.Until == "" { // with --until, --max-games sets the size
			return sim.Config{}, fmt.Errorf("--seating duplicate plays each deal in all %d rotations: --games must be a multiple of %d", players, players)
		}
		units = o.Games / int64(players)
	case sim.SeatReplay:
		if o.Replays < 2 {
			return sim.Config{}, fmt.Errorf("--seating replay needs --replays K with K ≥ 2 plays of each deal, not %d", o.Replays)
		}
		if o.Games%int64(o.Replays) != 0 {
			return sim.Config{}, fmt.Errorf("--seating replay plays each deal %d times: --games must be a multiple of %d", o.Replays, o.Replays)
		}
		units = o.Games / int64(o.Replays)
	default:
		return sim.Config{}, fmt.Errorf("unknown --seating %q (valid: fixed, rotate, duplicate, replay)", o.Seating)
	}
	if o.Replays != 0 && o.Seating != sim.SeatReplay {
		return sim.Config{}, errors.New("--replays is only for --seating replay")
	}
	cfg := sim.Config{Game: g, Params: p, Players: players, Agents: fs, Seating: o.Seating,
		Seed: o.Seed, Units: units, Workers: o.Workers, Components: o.Components, Metrics: o.Metrics, Replays: o.Replays}
	if cfg.Luck, err = LoadLuck(o.Luck, o.Value, g, p, players); err != nil {
		return cfg, err
	}
	if err := sim.CheckConfig(cfg); err != nil {
		return cfg, err
	}
	if o.Until != "" {
		rule, err := sim.ParseStopRule(o.Until)
		if err != nil {
			return cfg, err
		}
		if o.MaxGames <= 0 {
			return cfg, fmt.Errorf("--max-games must be positive, not %d", o.MaxGames)
		}
		if o.Shard != "" {
			return cfg, errors.New("--until and --shard cannot be combined: a stopping rule needs the whole run")
		}
		cfg.Until, cfg.UntilSpec = rule.Reached, rule.String()
		cfg.Units = o.MaxGames / int64(o.GamesPerUnit(players))
		if cfg.Units == 0 {
			return cfg, fmt.Errorf("--max-games %d is less than one deal of %d games", o.MaxGames, players)
		}
	}
	// A flag that would have no effect is refused rather than silently ignored.
	switch {
	case o.Until == "" && o.given("max-games"):
		return cfg, errors.New("--max-games applies only with --until")
	case o.Until != "" && o.given("games"):
		return cfg, errors.New("--games and --until cannot be combined: with --until, --max-games bounds the run")
	case o.Checkpoint == "" && o.Resume == "" && o.given("checkpoint-every"):
		return cfg, errors.New("--checkpoint-every applies only with --checkpoint or --resume")
	}
	if o.Shard != "" {
		sh, err := sim.ParseShard(o.Shard, os.Getenv)
		if err != nil {
			return cfg, err
		}
		cfg.Shard, cfg.TotalUnits = sh, cfg.Units
		cfg.First, cfg.Units = sh.Range(cfg.Units)
		if cfg.Units == 0 {
			return cfg, fmt.Errorf("shard %s of %d games is empty: use fewer shards", sh, o.Games)
		}
	}
	if o.ResumeIfExists && o.Resume == "" {
		if o.Checkpoint == "" {
			return cfg, errors.New("--resume-if-exists needs --checkpoint FILE")
		}
		if _, err := os.Stat(o.Checkpoint); err == nil {
			o.Resume = o.Checkpoint
		}
	}
	if o.Resume != "" {
		cfg.ForceResume = o.ForceResume
		ck, err := sim.ReadCheckpoint(o.Resume, cfg)
		if err != nil {
			return cfg, err
		}
		cfg.Resume = ck
		if o.Checkpoint == "" {
			o.Checkpoint = o.Resume
		}
	} else if o.ForceResume {
		return cfg, errors.New("--force-resume needs --resume FILE (or --resume-if-exists)")
	}
	if sameFile(o.Out, o.Checkpoint) {
		return cfg, fmt.Errorf("--out and --checkpoint name the same file %s: the results would replace the checkpoint", o.Out)
	}
	if o.Checkpoint != "" {
		if o.CheckpointEvery <= 0 {
			return cfg, errors.New("--checkpoint-every must be positive")
		}
		cfg.Checkpoint = sim.CheckpointWriter(cfg, o.Checkpoint)
		cfg.CheckpointEvery = o.CheckpointEvery
	}
	return cfg, nil
}

// GamesPerUnit is the games of one unit of the run: a deal in every rotation
// (duplicate), a deal's replays, or one game.
func (o *Direct) GamesPerUnit(players int) int {
	if o.Seating == sim.SeatDuplicate {
		return players
	}
	if o.Seating == sim.SeatReplay {
		return max(o.Replays, 1)
	}
	return 1
}

// LoadLuck reads the value function of luck accounting (the game's own, or file's): nil
// without luck; every failure is bad input.
func LoadLuck(luck bool, file string, g engine.Game, p engine.Params, players int) (*value.Loaded, error) {
	if !luck {
		if file != "" {
			return nil, errors.New("--value applies only with --luck")
		}
		return nil, nil
	}
	var data []byte
	if file != "" {
		var err error
		if data, err = os.ReadFile(file); err != nil {
			return nil, fmt.Errorf("read value function: %v", err)
		}
	}
	l, err := sim.LoadValue(g, p, players, data)
	if err != nil {
		if file != "" {
			return nil, fmt.Errorf("--value %s: %v", file, err)
		}
		return nil, err
	}
	return l, nil
}

// sameFile reports whether two paths name the same file (after following symbolic
// links; a file that does not exist yet is compared by its absolute path).
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	pa, _ := filepath.Abs(a)
	pb, _ := filepath.Abs(b)
	return pa == pb
}
