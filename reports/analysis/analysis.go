// Package analysis is the report side of every experiment kind of sim/experiment: it
// turns a plan's results into the kind's report (the question packages' analyses and
// documents) and prints its summary, and registers itself as the kind's Writer. sim plays
// and never imports reports; this package is the one place that joins the two, the way
// engine/all joins the games. cmd/dragonlab links it in.
package analysis

import (
	"fmt"

	"dragonlab/engine"
	"dragonlab/reports/designer"
	"dragonlab/reports/doc"
	"dragonlab/reports/luck"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	search "dragonlab/sim/tune"
)

func init() {
	for name, analyze := range map[string]func(*experiment.Analysis) ([]string, error){
		"ablate":                 analyzeAblate,
		"ceiling":                analyzeSkill,
		"luck":                   analyzeLuck,
		"run":                    analyzeRun,
		"skill":                  analyzeSkill,
		"sweep":                  analyzeSweep,
		"tournament":             analyzeTournament,
		"ladder":                 analyzeLadder,
		experiment.TuneRoundKind: analyzeTuneRound,
		"value":                  analyzeValue,
	} {
		experiment.SetWriter(name, experiment.Writer{Analyze: analyze})
	}
	experiment.SetWriter("study", experiment.Writer{Analyze: analyzeStudy, Unsettled: unsettledStudy})
	experiment.SetTuneReport(tuneReport)
	search.SetLuckShare(luck.PooledShare)
}

// unsettledStudy lists the study's stages whose question the report says is not settled
// (designer.Report.Settle), for study --settle.
func unsettledStudy(a *experiment.Analysis) ([]experiment.Need, error) {
	in, err := studyInput(a)
	if err != nil {
		return nil, err
	}
	rp, err := designer.Analyze(in)
	if err != nil {
		return nil, fmt.Errorf("analyse the study: %w", err)
	}
	return needsOf(rp), nil
}

// needsOf is the report's list of stages to settle, as the executor takes it.
func needsOf(rp *designer.Report) []experiment.Need {
	// The Fair? cell's verdict by configuration: a favoured seat is answered on page 1
	// even where its size still needs games.
	verdict := map[string]string{}
	for _, g := range rp.Games {
		for _, c := range g.Configs {
			verdict[fmt.Sprintf("%s/%s/%d", g.Game, g.Variant, c.Players)] = c.Glance.Fair.Verdict
		}
	}
	var needs []experiment.Need
	for _, s := range rp.Settle {
		v := verdict[fmt.Sprintf("%s/%s/%d", s.Game, s.Variant, s.Players)]
		answered := s.Question == "fair" && v != "not settled"
		needs = append(needs, experiment.Need{File: s.File, Question: s.Question, Games: s.Games, Answered: answered})
	}
	return needs
}

// meta is the studies provenance of the plan's results.
func meta(a *experiment.Analysis, m experiment.Meta) doc.Meta {
	title := m.Game
	if g, err := engine.Lookup(m.Game); err == nil {
		title = g.Title
	}
	return doc.Meta{Tool: "dragonlab " + sim.Version, Command: a.Plan.Command, Game: m.Game, Title: title,
		Players: m.Players, Params: m.Params, Seed: m.Seed, Complete: a.Complete}
}

func inputErr(format string, args ...any) error {
	return plan.InputError{Err: fmt.Errorf(format, args...)}
}
