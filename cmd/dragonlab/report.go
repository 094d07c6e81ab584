package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/reports/format"
	"dragonlab/reports/runreport"
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
			Short: "Write a report of results files: PDF, HTML, PNG/SVG charts, summary.md, .csv, .json",
			Long: `Write a report of one or more results files into --out: report.pdf (a title page
with the provenance, the summary tables, plain-language verdicts with their uncertainty,
and the charts), report.html (the same report in one self-contained page), every chart
as PNG and SVG, summary.md, summary.csv and summary.json.

A results file with the optional aggregates gets their sections too: game feel
(--metrics), components by IWD (--components) and the luck share (--seating replay).

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

func (o *reportOptions) run(args []string) error {
	if err := checkOutputDir(o.Out); err != nil {
		return err
	}
	expanded, results, err := readResults(args)
	if err != nil {
		return err
	}
	titles := map[string]string{}
	for _, r := range results {
		if g, err := engine.Lookup(r.Game); err == nil {
			titles[r.Game] = g.Title
		}
	}
	err = runreport.Build(results, o.Out, runreport.Options{Sources: expanded, Titles: titles, Study: o.Study, Title: o.Title,
		Questions: true})
	if errors.As(err, new(runreport.InputError)) {
		return asBadInput(err)
	}
	if err != nil {
		return err
	}
	for i, r := range results {
		if !r.Complete {
			fmt.Fprintf(o.stdout, "note: %s is incomplete (%s played); the report says so\n", expanded[i], format.Plural(r.Games, "game"))
		}
	}
	fmt.Fprintf(o.stdout, "report of %s in %s\n", format.Plural(int64(len(results)), "result"), filepath.Join(o.Out, runreport.PDFName))
	return nil
}

// readResults reads the results files named on the command line, in order, expanding
// globs here too (for images without a shell). It returns the files it read.
func readResults(args []string) ([]string, []*sim.Result, error) {
	var paths []string
	for _, a := range args {
		if !strings.ContainsAny(a, "*?[") {
			paths = append(paths, a)
			continue
		}
		matches, err := filepath.Glob(a)
		if err != nil || len(matches) == 0 {
			return nil, nil, badInput("no results file matches %s", a)
		}
		paths = append(paths, matches...)
	}
	var results []*sim.Result
	for _, p := range paths {
		r, err := sim.ReadResult(p)
		if err != nil {
			return nil, nil, asBadInput(err)
		}
		results = append(results, r)
	}
	return paths, results, nil
}
