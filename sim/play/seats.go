package play

import (
	"fmt"
	"os"
	"strings"

	"dragonlab/agents"
	"dragonlab/sim"
)

// ParseSeats reads the seats of a new game: one spec per seat, "human" for a person, at
// least one person. It splits the list like agents.ParseList (a comma followed by
// key=value goes on with the previous spec's options) and parses every spec but Human,
// whose factory stays empty. Every error is bad input.
func ParseSeats(list string, players int) ([]string, []agents.Factory, error) {
	var specs []string
	for _, part := range strings.Split(list, ",") {
		if strings.Contains(part, "=") && !strings.Contains(part, ":") && len(specs) > 0 {
			specs[len(specs)-1] += "," + part
			continue
		}
		specs = append(specs, strings.TrimSpace(part))
	}
	fs := make([]agents.Factory, len(specs))
	for i, spec := range specs {
		if spec == Human {
			continue
		}
		f, err := agents.Parse(spec)
		if err != nil {
			return nil, nil, err
		}
		fs[i], specs[i] = f, f.Spec
	}
	if len(specs) != players {
		return nil, nil, fmt.Errorf("%d agents given (%s) for %d players: give one per seat, comma-separated, \"human\" for a person", len(specs), list, players)
	}
	humans := 0
	for _, s := range specs {
		if s == Human {
			humans++
		}
	}
	if humans == 0 {
		return nil, nil, fmt.Errorf("no seat is %q in --agents %s: play needs a person; to watch agents play each other use dragonlab trace (one game) or dragonlab run (many)", Human, list)
	}
	return specs, fs, nil
}

// SaveName is the name of the save created ("" for none).
func SaveName(f *os.File) string {
	if f == nil {
		return ""
	}
	return f.Name()
}

// DropSave removes the save created for a game that could not start (still empty).
func DropSave(f *os.File) {
	if f != nil {
		f.Close()
		os.Remove(f.Name())
	}
}

// CheckSavePath refuses, before the game starts, a save target that is not a regular file
// (a directory, a device) or whose directory cannot be written (sim.CheckOutput). Every
// error is bad input.
func CheckSavePath(path string) error {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("--save %s: not a regular file; give a file name", path)
	}
	return sim.CheckOutput(path)
}
