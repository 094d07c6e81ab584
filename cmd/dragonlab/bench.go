package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/sim"
)

// minBenchSeconds is the shortest measurement bench accepts.
const minBenchSeconds = 0.1

type benchOptions struct {
	Game    string
	Seconds float64
	JSON    string
	stdout  io.Writer
	stderr  io.Writer
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &benchOptions{stdout: stdout, stderr: stderr}
		cmd := &cobra.Command{
			Use:   "bench",
			Short: "Measure random-play throughput per game and player count",
			Long: `Measure random-vs-random throughput for every game and player count (or one game):
ns per decision, games/s on 1 worker and on all workers, the parallel speed-up, and heap
allocations per game. Prints a table; --json also writes the numbers as JSON.`,
			Example: `  dragonlab bench
  dragonlab bench --game draco --seconds 5 --json bench.json`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				if err := refuseEmpty(cmd, "json", "game"); err != nil {
					return err
				}
				return o.run()
			},
		}
		cmd.Flags().StringVarP(&o.Game, "game", "g", "all", "game to measure, or all")
		cmd.Flags().Float64Var(&o.Seconds, "seconds", 2, "seconds per measurement (0.1 to 3600)")
		cmd.Flags().StringVar(&o.JSON, "json", "", "also write the table as JSON to this file")
		return cmd
	})
}

func (o *benchOptions) run() error {
	games := engine.Games()
	if o.Game != "all" {
		g, err := engine.Lookup(o.Game)
		if err != nil {
			return asBadInput(err)
		}
		games = []engine.Game{g}
	}
	if err := engine.CheckFinite("--seconds", o.Seconds); err != nil {
		return asBadInput(err)
	}
	// A measurement shorter than a tenth of a second may finish no game at all: its
	// rates would be 0, +Inf or NaN.
	if o.Seconds < minBenchSeconds || o.Seconds > 3600 {
		return badInput("--seconds must be between %g and 3600, not %v", minBenchSeconds, o.Seconds)
	}
	if err := checkWritable(o.JSON); err != nil {
		return err
	}
	workers := runtime.GOMAXPROCS(0)
	var rows []sim.BenchRow
	tw := newTable(o.stdout)
	fmt.Fprintf(tw, "game\tplayers\tns/decision\tµs/game\tgames/s (1 worker)\tgames/s (%d workers)\tspeed-up\tallocs/game\t\n", workers)
	for _, g := range games {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			fmt.Fprintf(o.stderr, "measuring %s with %d players…\n", g.Name, n)
			r, err := sim.Bench(g, n, workers, o.Seconds)
			if err != nil {
				return err
			}
			rows = append(rows, r)
			fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.2f\t%.0f\t%.0f\t%.2f×\t%.2f\t\n", g.Name, n, r.One.NsPerDecision, 1e6/r.One.GamesPerSec, r.One.GamesPerSec, r.All.GamesPerSec, r.Speedup, r.AllocsPerGame)
		}
	}
	tw.Flush()
	if o.JSON != "" {
		data, _ := json.MarshalIndent(map[string]any{"workers": workers, "seconds": o.Seconds, "goVersion": runtime.Version(), "rows": rows}, "", "  ")
		if err := sim.WriteFileAtomic(o.JSON, append(data, '\n')); err != nil {
			return err
		}
	}
	return nil
}
