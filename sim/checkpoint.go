package sim

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Checkpoint is the exact state of a run: the aggregate of every finished unit, which are
// the prefix [0, Done) and the ranges in Extra (offsets from Config.First; only after an
// interrupt inside a block, all within that block).
type Checkpoint struct {
	Aggregate Aggregate
	Done      int64
	Extra     [][2]int64
	// Stopped says that the stopping rule (--until) ended the run at Done.
	Stopped bool
	// From and Tool are the file the checkpoint was read from and the version that wrote
	// it (for the resumed run's provenance).
	From, Tool string
}

// ToolName is the tool and version written into results, checkpoints and plans.
func ToolName() string { return "dragonlab " + Version }

// ReadCheckpoint reads a checkpoint file, validates it completely and checks that it is
// a checkpoint of cfg's run, written by this version (unless cfg.ForceResume).
func ReadCheckpoint(path string, cfg Config) (*Checkpoint, error) {
	r, err := ReadResult(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("resume: %s does not exist", path)
	}
	if err != nil {
		return nil, fmt.Errorf("resume: corrupt checkpoint: %w", err)
	}
	c := cfg
	c.Resume = nil
	if err := c.check(); err != nil {
		return nil, err
	}
	want := NewResult(c, newAggregate(c.Players), false)
	if what := differ(r, want); what != "" {
		return nil, fmt.Errorf("resume: %s is a checkpoint of another run (%s; game, players, rules, agents, seed, seating, games, shard and --until must be the same)", path, what)
	}
	if r.Complete || (r.CheckpointDone == 0 && len(r.CheckpointExtra) == 0 && r.Games > 0) {
		return nil, fmt.Errorf("resume: %s is a results file, not a checkpoint (written by --checkpoint)", path)
	}
	if r.Tool != ToolName() && !cfg.ForceResume {
		return nil, fmt.Errorf("resume: %s was written by %s and this is %s: another version may play other games, so the resumed results would mix two versions; start the run again, or pass --force-resume to continue anyway", path, r.Tool, ToolName())
	}
	if fresh := c.newRunAggregate(); sameWhy(&fresh, &r.Aggregate) != nil {
		return nil, fmt.Errorf("resume: %s is a checkpoint of a run with other options (--components, --metrics, --replays, substitutions and decision values must be the same)", path)
	}
	ck := &Checkpoint{Aggregate: r.Aggregate, Done: r.CheckpointDone, Extra: r.CheckpointExtra, Stopped: r.StoppedAt > 0, From: path, Tool: r.Tool}
	if err := ck.fits(c); err != nil {
		return nil, fmt.Errorf("resume: corrupt checkpoint %s: %v", path, err)
	}
	return ck, nil
}

// differ names the first field that makes r part of another run than want, or "".
func differ(r, want *Result) string {
	switch {
	case r.Game != want.Game:
		return fmt.Sprintf("game %s, not %s", r.Game, want.Game)
	case r.Players != want.Players:
		return fmt.Sprintf("%d players, not %d", r.Players, want.Players)
	case !sameJSON(r.Params, want.Params):
		return "other rules parameters"
	case strings.Join(r.Agents, ";") != strings.Join(want.Agents, ";"):
		return fmt.Sprintf("agents %s, not %s", strings.Join(r.Agents, ","), strings.Join(want.Agents, ","))
	case r.Seed != want.Seed:
		return fmt.Sprintf("seed %d, not %d", r.Seed, want.Seed)
	case r.Seating != want.Seating:
		return fmt.Sprintf("seating %s, not %s", r.Seating, want.Seating)
	case r.First != want.First || r.Units != want.Units || r.Shard != want.Shard || r.TotalUnits != want.TotalUnits:
		return "another number of games or shard"
	case r.Until != want.Until:
		return fmt.Sprintf("--until %q, not %q", r.Until, want.Until)
	}
	return ""
}

// fits checks that the checkpoint can continue cfg's run (cfg checked): the aggregate
// has cfg's shape and counts the finished units, and the finished ranges beyond the
// prefix lie in the block the prefix ends in (where an interrupt leaves them).
func (ck *Checkpoint) fits(cfg Config) error {
	if ck.Done < 0 || ck.Done > cfg.Units {
		return fmt.Errorf("%d units done of %d", ck.Done, cfg.Units)
	}
	if err := checkSpans(ck.Extra, ck.Done, cfg.Units); err != nil {
		return err
	}
	if len(ck.Extra) > 0 {
		block := blockSize(cfg.Units)
		end := min(ck.Done-ck.Done%block+block, cfg.Units)
		if ck.Extra[len(ck.Extra)-1][1] > end {
			return fmt.Errorf("finished units beyond the block of unit %d", ck.Done)
		}
		if ck.Stopped {
			return fmt.Errorf("a run stopped by --until with units beyond its stop")
		}
	}
	if ck.Stopped && cfg.Until == nil {
		return fmt.Errorf("stopped by a rule this run does not have")
	}
	units := finishedUnits(ck.Done, ck.Extra)
	gpu, err := unitGamesOf(cfg.Seating, cfg.Players, ck.Aggregate.Replays)
	if err != nil {
		return err
	}
	if ck.Aggregate.Games != units*gpu {
		return fmt.Errorf("%d games for %d finished units", ck.Aggregate.Games, units)
	}
	if o := ck.Aggregate.Outcomes; o != nil && !o.covers(cfg.First, ck.Done, ck.Extra) {
		return fmt.Errorf("the outcomes recorded are not those of the finished units")
	}
	return ck.Aggregate.check(cfg.Players, cfg.Seating)
}

// CheckpointWriter returns a Config.Checkpoint function that writes the run's state to
// path atomically (temporary file and rename).
func CheckpointWriter(cfg Config, path string) func(Checkpoint) error {
	checkErr := cfg.check() // fills in the defaults Run uses
	return func(c Checkpoint) error {
		if checkErr != nil {
			return checkErr
		}
		return c.result(cfg).WriteFile(path)
	}
}

// result is the checkpoint of cfg's run (cfg checked) as its file says it.
func (c Checkpoint) result(cfg Config) *Result {
	r := NewResult(cfg, c.Aggregate, false)
	r.CheckpointDone, r.CheckpointExtra = c.Done, c.Extra
	if c.Stopped {
		r.StoppedAt = c.Done
	}
	return r
}

// clone is a deep copy: an empty aggregate of the same shape with a merged in (Merge
// copies every part, the optional ones included, into storage of its own).
func (a Aggregate) clone() Aggregate {
	c := newAggregate(len(a.Seats))
	c.Merge(a)
	return c
}
