package experiment

import (
	"errors"
	"os"
	"path/filepath"

	"dragonlab/sim/plan"
	"dragonlab/sim/tune"
)

// A CPU-time budget is turned into games only after the pilot round has measured what a
// game costs, so it is the one input of a tune that cannot be checked before anything is
// written. When the measured budget turns out too small, a tune this very command started
// is taken back: its directory is left as it was found (absent, or empty), so that the
// corrected command can start there.

// tuneStart is what the output directory was before this command claimed it.
type tuneStart struct {
	dir     string
	fresh   bool // the command made the directory a tune (it held none)
	existed bool // the directory existed (empty) before
}

func startOf(dir string) tuneStart {
	_, err := os.Stat(dir)
	return tuneStart{dir: dir, fresh: !IsTuneDir(dir), existed: err == nil}
}

// abandon takes a fresh tune back after bad input (plan.InputError) when nothing but the
// pilot was played (no search's work is ever thrown away); err is returned.
func (s tuneStart) abandon(err error, hist []tune.Played) error {
	if !s.fresh || !errors.As(err, new(plan.InputError)) {
		return err
	}
	for _, h := range hist {
		if h.Round.Kind != tune.Pilot {
			return err
		}
	}
	if !s.existed {
		os.RemoveAll(s.dir)
		return err
	}
	entries, _ := os.ReadDir(s.dir)
	for _, e := range entries {
		os.RemoveAll(filepath.Join(s.dir, e.Name()))
	}
	return err
}
