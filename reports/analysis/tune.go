package analysis

import (
	"bytes"
	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/tune"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	search "dragonlab/sim/tune"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// analyzeTuneRound is what merging a round's directory on its own says: the tune goes on
// from its output directory.
func analyzeTuneRound(a *experiment.Analysis) ([]string, error) {
	var o experiment.TuneRoundOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	parent := filepath.Dir(a.Dir)
	fmt.Fprintf(a.Stdout, "round %d of a tune (%s): its runs are merged; go on with dragonlab merge %s\n", o.Round.Index, o.Round.Kind, parent)
	return []string{plan.FileName}, nil
}

// tuneReport analyses a finished tune and writes its report into dir.
func tuneReport(ts *experiment.TuneSetup, dir string, hist []search.Played, stdout, stderr io.Writer) error {
	complete := true
	title := ts.Game().Title
	meta := doc.Meta{Tool: "dragonlab " + sim.Version, Command: ts.Command, Game: ts.Game().Name, Title: title,
		Players: ts.Spec.Players, Params: ts.Params, Seed: ts.Spec.Seed, Complete: complete}
	res, err := tune.Analyze(meta, &ts.Spec, hist, ts.Game(), ts.Base())
	if err != nil {
		return err
	}
	written, err := res.Write(dir)
	if err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	// The proposal's rules, every parameter: dragonlab run --rules DIR/proposal-rules.json.
	best := res.Certificate().Best().Candidate
	rules, err := best.Params(ts.Game(), ts.Base(), ts.Spec.Levers, ts.Spec.Players)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := json.Indent(&b, engine.ParamsJSON(rules), "", "  "); err != nil {
		return err
	}
	b.WriteByte('\n')
	if err := sim.WriteFileAtomic(filepath.Join(dir, experiment.ProposalRules), b.Bytes()); err != nil {
		return err
	}
	written = append(written, experiment.ProposalRules)
	PrintTune(stdout, res)
	fmt.Fprintf(stdout, "wrote the report (%s) to %s\n", strings.Join(written[:min(3, len(written))], ", "), dir)
	return nil
}

// PrintTune writes the answer at a glance.
func PrintTune(w io.Writer, res *tune.Result) {
	p := res.Proposal
	fmt.Fprintf(w, "tune: %s, %d players, %s; targets %s\n", res.Meta.Game, res.Meta.Players, res.Agent, strings.Join(res.Targets, ", "))
	fmt.Fprintf(w, "games: %s in the search, %s in the certification\n", format.Count(p.Games.Search), format.Count(p.Games.Certification))
	fmt.Fprintln(w, wrap(p.Answer, 100))
}

// ReadTuneResult reads the answer of a finished tune in dir (its summary.json is not
// enough: the answer is rebuilt from the results, exactly as the report was).
func ReadTuneResult(dir string) (*tune.Result, error) {
	ts, err := experiment.ReadTune(dir)
	if err != nil {
		return nil, err
	}
	hist, next, err := ts.History(dir)
	if err != nil {
		return nil, err
	}
	if next != nil {
		return nil, inputErr("the tune in %s is not finished (round %d is next)", dir, next.Index)
	}
	meta := doc.Meta{Tool: "dragonlab " + sim.Version, Command: ts.Command, Game: ts.Game().Name, Title: ts.Game().Title,
		Players: ts.Spec.Players, Params: ts.Params, Seed: ts.Spec.Seed, Complete: true}
	return tune.Analyze(meta, &ts.Spec, hist, ts.Game(), ts.Base())
}
