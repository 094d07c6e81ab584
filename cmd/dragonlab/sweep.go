package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/reports"
	"dragonlab/reports/studies"
	"dragonlab/sim"
)

type sweepOptions struct {
	game   gameOptions
	Agents string
	Vary   []string
	Games  int64
	multiOptions
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &sweepOptions{multiOptions: multiOptions{stdout: stdout, stderr: stderr}}
		cmd := &cobra.Command{
			Use:   "sweep --vary key=v1,v2,… | key=lo..hi[:step] [--vary …]",
			Short: "Play the same run for each value of one or two rules parameters, and find the fair value",
			Long: `Play the same run (agents, fixed seating, seed, games) for each value of one rules
parameter, or each combination of two (--vary twice). Every value is set on a fresh copy
of the rules (the defaults, then --rules and --set, then the varied values) and all are
validated before anything is played. Every run uses the same seed: the same deal seeds.

Values: key=v1,v2,… (JSON values; arrays allowed: cardValues=[1,2],[2,3]) or, for a
numeric parameter, key=lo..hi with an optional :step (default 1).

Charts: seat win shares and game length against the value with 95% intervals, seat 0's
advantage with its band (one parameter) or a heat map (two). Compensation: when the
first parameter is numeric and moves the first-player advantage, the value that makes
the seats fair, with its 95% interval — or the statement that none in the range does.

Writes into --out: one results file per value, report.pdf, summary.md, summary.json and
the charts. Ctrl-C keeps finished runs.`,
			Example: `  dragonlab sweep --game draco --players 2 --vary handSize=4..8 --games 20000
  dragonlab sweep --game dragonheart --vary dragonBonus=0..6 --games 50000
  dragonlab sweep --game draco --players 3 --vary handSize=4..8:2 --vary smallScoringMax=2,3,4`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				o.begin(cmd)
				return o.run()
			},
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat, comma-separated (default: random in every seat)")
		f.StringArrayVar(&o.Vary, "vary", nil, "the parameter to vary and its values: key=v1,v2,… or key=lo..hi[:step]; once or twice")
		f.Int64VarP(&o.Games, "games", "n", 20000, "games per value")
		o.addFlags(cmd, "sweep")
		return cmd
	})
}

// plan validates everything and builds one run per combination of values.
func (o *sweepOptions) plan() ([]multiRun, []studies.Vary, engine.Game, engine.Params, int, []string, error) {
	fail := func(err error) ([]multiRun, []studies.Vary, engine.Game, engine.Params, int, []string, error) {
		return nil, nil, engine.Game{}, nil, 0, nil, err
	}
	g, base, players, err := o.game.resolve()
	if err != nil {
		return fail(err)
	}
	fs, err := parseAgents(o.Agents, players)
	if err != nil {
		return fail(err)
	}
	if o.Games <= 0 {
		return fail(badInput("--games must be positive, not %d", o.Games))
	}
	if err := o.check(); err != nil {
		return fail(err)
	}
	switch len(o.Vary) {
	case 0:
		return fail(badInput("--vary is required: key=v1,v2,… or key=lo..hi[:step] (keys: %s)", strings.Join(engine.ParamKeys(g), ", ")))
	case 1, 2:
	default:
		return fail(badInput("--vary is given %d times: a sweep varies one or two parameters", len(o.Vary)))
	}
	var vs []studies.Vary
	for _, spec := range o.Vary {
		v, err := studies.ParseVary(g, spec)
		if err != nil {
			return fail(asBadInput(err))
		}
		if len(vs) == 1 && vs[0].Key == v.Key {
			return fail(badInput("--vary %s is given twice", v.Key))
		}
		vs = append(vs, v)
	}
	n, index := studies.SweepCells(vs)
	if n > studies.MaxSweepCells {
		return fail(badInput("the sweep has %d runs, more than the %d allowed: use fewer values", n, studies.MaxSweepCells))
	}
	// Every value on a fresh copy of the rules, validated before anything is played.
	var runs []multiRun
	used := map[string]bool{}
	for i := 0; i < n; i++ {
		_, p, _, err := o.game.resolve()
		if err != nil {
			return fail(err)
		}
		var label, stem []string
		for k, j := range index(i) {
			a := vs[k].Assignment(j)
			if err := engine.SetParam(g, p, a); err != nil {
				msg := strings.TrimPrefix(err.Error(), "--set "+a+": ")
				return fail(badInput("--vary %s: %s", a, msg))
			}
			label = append(label, a)
			stem = append(stem, fileSlug(vs[k].Key)+"="+fileSlug(vs[k].Values[j]))
		}
		if err := p.Validate(players); err != nil {
			return fail(badInput("--vary %s: %s rules: %v", strings.Join(label, " "), g.Name, err))
		}
		file := "sweep-" + strings.Join(stem, "-") + ".json"
		if used[file] { // long values cut to the same name
			file = fmt.Sprintf("sweep-%d-%s.json", i+1, strings.Join(stem, "-"))
		}
		used[file] = true
		runs = append(runs, multiRun{file: file, label: strings.Join(label, " "),
			cfg: sim.Config{Game: g, Params: p, Players: players, Agents: fs, Seating: sim.SeatFixed,
				Seed: o.Seed, Units: o.Games, Workers: o.Workers}})
	}
	return runs, vs, g, base, players, specs(fs), nil
}

func (o *sweepOptions) run() error {
	runs, vs, g, base, players, names, err := o.plan()
	if err != nil {
		return err
	}
	return o.playStudy(runs, g, base, players, func(meta studies.Meta, results []*sim.Result) (studyReport, error) {
		files := make([]string, len(runs))
		for i, r := range runs {
			files[i] = r.file
		}
		sw, err := studies.AnalyzeSweep(meta, names, players, vs, results, files)
		if err != nil {
			return nil, err
		}
		printSweep(o.stdout, sw)
		return sw, nil
	})
}

func printSweep(w io.Writer, s *studies.Sweep) {
	var keys []string
	for _, v := range s.Vary {
		keys = append(keys, v.Key)
	}
	fmt.Fprintf(w, "sweep of %s: %s, %d players, %d runs\n", strings.Join(keys, " × "), s.Meta.Game, s.Players, len(s.Cells))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	hdr := strings.Join(keys, "\t") + "\tgames"
	for seat := 0; seat < s.Players; seat++ {
		hdr += fmt.Sprintf("\tseat %d", seat+1)
	}
	fmt.Fprintln(tw, hdr+"\tseat 0 advantage\t95% interval\tdecisions\t")
	for _, c := range s.Cells {
		row := strings.Join(c.Values, "\t") + "\t" + reports.Count(c.Games)
		for _, sh := range c.Seats {
			row += fmt.Sprintf("\t%.2f%%", 100*sh.Share)
		}
		fmt.Fprintf(tw, "%s\t%+.2f pts\t[%+.2f, %+.2f]\t%.1f\t\n", row, 100*c.Advantage, 100*c.AdvCI.Lo, 100*c.AdvCI.Hi, c.Length.Mean)
	}
	tw.Flush()
	for _, c := range s.Compensation {
		fmt.Fprintln(w, c.Text)
	}
}
