package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/reports"
	"dragonlab/sim"
)

type reportOptions struct {
	Out    string
	Study  bool
	Title  string
	stdout io.Writer
}

func init() {
	commands = append(commands, func(stdout, _ io.Writer) *cobra.Command {
		o := &reportOptions{stdout: stdout}
		cmd := &cobra.Command{
			Use:   "report RESULTS.json [MORE.json …] --out DIR",
			Short: "Write a report of results files: PDF, PNG/SVG charts, summary.md, summary.csv",
			Long: `Write a report of one or more results files into --out: report.pdf (a title page
with the provenance, the summary tables, plain-language verdicts with their uncertainty,
and the charts), every chart as PNG and SVG, summary.md and summary.csv.

Win shares come with 95% Wilson intervals; seat balance is tested with an exact binomial
test (2 players, draws excluded) or a chi-square test and per-seat tests (3+ players), all
Holm-adjusted over the report. A report of several results opens with a page that ranks
the findings. Results of different games can be combined only with --study. Nothing is
written unless the whole report renders.`,
			Example: `  dragonlab report results.json --out report
  dragonlab report draco2.json draco3.json draco4.json --out draco
  dragonlab report study/results/*.json --study --out study2`,
			Args: cobra.MinimumNArgs(1),
			RunE: func(_ *cobra.Command, args []string) error { return o.run(args) },
		}
		f := cmd.Flags()
		f.StringVarP(&o.Out, "out", "o", "report", "output directory")
		f.BoolVar(&o.Study, "study", false, "combine results of different games, each in its own section")
		f.StringVar(&o.Title, "title", "", "report title (default: from the results)")
		return cmd
	})
}

func (o *reportOptions) run(paths []string) error {
	var expanded []string
	for _, p := range paths { // globs expanded here too, for images without a shell
		if strings.ContainsAny(p, "*?[") {
			matches, err := filepath.Glob(p)
			if err != nil || len(matches) == 0 {
				return badInput("no results file matches %s", p)
			}
			expanded = append(expanded, matches...)
			continue
		}
		expanded = append(expanded, p)
	}
	var results []*sim.Result
	titles := map[string]string{}
	for _, p := range expanded {
		r, err := sim.ReadResult(p)
		if err != nil {
			return asBadInput(err)
		}
		if g, err := engine.Lookup(r.Game); err == nil {
			titles[r.Game] = g.Title
		}
		results = append(results, r)
	}
	err := reports.Build(results, o.Out, reports.Options{Sources: expanded, Titles: titles, Study: o.Study, Title: o.Title})
	if errors.As(err, new(reports.InputError)) {
		return asBadInput(err)
	}
	if err != nil {
		return err
	}
	for i, r := range results {
		if !r.Complete {
			fmt.Fprintf(o.stdout, "note: %s is incomplete (%s played); the report says so\n", expanded[i], plural(r.Games, "game"))
		}
	}
	fmt.Fprintf(o.stdout, "report of %s in %s\n", plural(int64(len(results)), "result"), filepath.Join(o.Out, reports.PDFName))
	return nil
}
