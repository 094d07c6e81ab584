package worth

import (
	"errors"
	"fmt"
	"strings"

	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
)

// Restricted play (Jaffe, Miller, Andersen, Liu, Karlin & Popović, "Evaluating Competitive
// Game Balance with Restricted Play", AIIDE 2012): the value of a kind of action is what a
// player loses when it may never choose it (unless nothing else is legal), against
// unrestricted copies of itself on the same deals. Each restriction is one duplicate run,
// the restricted agent alone against copies of the base agent and rotated through every
// seat; a baseline run (the base agent against copies of itself, on the same deals) gives
// the share an unrestricted player gets. The statistics are RestrictedPlay's.

// AblationInput is one restriction's run.
type AblationInput struct {
	Forbid []string    // the forbidden action classes
	File   string      // results file (name within the output directory)
	Result *sim.Result // nil when not played
}

// Ablation is the analysis of a restricted-play experiment.
type Ablation struct {
	Meta     doc.Meta          `json:"meta"`
	Base     string            `json:"base"`
	Players  int               `json:"players"`
	Classes  []string          `json:"classes"` // every action class of the game
	Table    *AblationTable    `json:"table"`
	Files    map[string]string `json:"files"` // results file by restriction
	Findings []string          `json:"findings"`
	Notes    []string          `json:"notes,omitempty"`
}

// AnalyzeAblation analyses the runs of a restricted-play experiment: baseline is the base
// agent against copies of itself (nil if not played), rows the restrictions.
func AnalyzeAblation(meta doc.Meta, base string, players int, classes []string, baseline *sim.Result, baselineFile string, rows []AblationInput) (*Ablation, error) {
	if players < 2 {
		return nil, errors.New("restricted play needs at least two players")
	}
	a := &Ablation{Meta: meta, Base: base, Players: players, Classes: classes, Files: map[string]string{}}
	restricted := map[string]*sim.Result{}
	for _, in := range rows {
		key := forbidText(in.Forbid)
		a.Files[key] = in.File
		if in.Result == nil || in.Result.Games == 0 {
			a.Notes = append(a.Notes, fmt.Sprintf("The restriction %s was not played.", key))
			continue
		}
		if !in.Result.Complete {
			a.Notes = append(a.Notes, fmt.Sprintf("The restriction %s is incomplete (interrupted): only its finished deals count.", key))
		}
		restricted[key] = in.Result
		if note := restrictionNote(key, in.Result); note != "" {
			a.Notes = append(a.Notes, note)
		}
	}
	if baseline == nil || baseline.Games == 0 {
		baseline = nil
		a.Notes = append(a.Notes, fmt.Sprintf("The baseline run was not played: the fair share is taken as exactly 1/%d.", players))
	}
	if len(restricted) == 0 {
		a.Findings = []string{"No restriction was played."}
		return a, nil
	}
	t, err := RestrictedPlay(baseline, restricted)
	if err != nil {
		return nil, err
	}
	t.Base = base
	choice := ChoiceClassesOf(meta.Game, meta.Params, players)
	for i := range t.Rows {
		r := &t.Rows[i]
		r.Choice, r.Unkept = choice[r.Class], -1
		if res := restricted[r.Class]; res != nil {
			if k, ok := res.Restriction(0); ok && k.Bound+k.Unkept > 0 {
				r.Unkept = float64(k.Unkept) / float64(k.Bound+k.Unkept)
			}
		}
	}
	a.Table = t
	a.findings()
	return a, nil
}

// ChoiceClassesOf is the set of a game's choice classes (engine.ChoiceClasser), by name,
// for its rules (params, JSON; empty: the defaults) and player count; empty when the game
// does not say.
func ChoiceClassesOf(game string, params []byte, players int) map[string]bool {
	out := map[string]bool{}
	g, err := engine.Lookup(game)
	if err != nil {
		return out
	}
	p := g.DefaultParams()
	if len(params) > 0 {
		if p, err = engine.ParseParams(g, params); err != nil {
			return out
		}
	}
	s, err := g.New(p, players)
	if err != nil {
		return out
	}
	ac, ok1 := s.(engine.ActionClasser)
	cc, ok2 := s.(engine.ChoiceClasser)
	if !ok1 || !ok2 {
		return out
	}
	for k, name := range ac.ActionClasses() {
		if cc.ChoiceClasses()>>k&1 == 1 {
			out[name] = true
		}
	}
	return out
}

// HoldingFlag is what a restriction that changes holdings measures: the player keeps what
// the class would spend.
const HoldingFlag = "measures holding this forever"

// split is the table's choice rows and its holding rows.
func (t *AblationTable) split() (choice, holding *AblationTable) {
	c, h := *t, *t
	c.Rows, h.Rows = nil, nil
	for _, r := range t.Rows {
		if r.Choice {
			c.Rows = append(c.Rows, r)
		} else {
			h.Rows = append(h.Rows, r)
		}
	}
	return &c, &h
}

// HoldingTable lists the restrictions that change holdings, flagged, with the share of
// decisions in which each could not be kept.
func (t *AblationTable) HoldingTable() doc.TextTable {
	tb := doc.TextTable{Title: "Restrictions that change holdings: they " + HoldingFlag,
		Header: []string{"forbidden class", "deals", "worth (points)", "95% interval", "Holm p", "not kept"},
		Note: "Forbidding a class that spends what the player holds (a card played, an item used) also makes him keep it: " +
			"the difference measures holding it forever as much as the class. Not kept: the share of its decisions in which every legal move was forbidden."}
	for _, r := range t.Rows {
		if r.Choice {
			continue
		}
		w := r.Worth()
		worth, iv, p, unkept := "–", "–", "–", "–"
		if r.Tested {
			worth, iv, p = format.Pts(w.Value), format.IvPts(w), format.PCell(r.PHolm)
		}
		if r.Unkept >= 0 {
			unkept = format.Pct(r.Unkept)
		}
		tb.Rows = append(tb.Rows, []string{r.Class, format.Count(r.Deals), worth, iv, p, unkept})
	}
	return tb
}

func forbidText(f []string) string { return strings.Join(f, "+") }

// restrictionNote says when a restriction measured little: it never ruled out an action,
// or it could not always be kept (every legal action forbidden, so the restricted agent
// played as its base would). The counts are the restricted agent's (agent 0), from the
// results' aggregate (sim.Result.Restriction).
func restrictionNote(key string, r *sim.Result) string {
	c, ok := r.Restriction(0)
	if !ok {
		return ""
	}
	switch {
	case c.Bound == 0 && c.Unkept == 0:
		return fmt.Sprintf("Forbidding %s never ruled out an action that was legal beside others: it measures nothing.", key)
	case c.Unkept > 0:
		return fmt.Sprintf("Forbidding %s could not be kept in %s of the %s decisions it applied to (every legal action was forbidden, so the agent played as unrestricted).",
			key, format.Count(c.Unkept), format.Count(c.Bound+c.Unkept))
	}
	return ""
}

// findings lists the restrictions whose effect is clear (Holm p < 0.05), most costly
// first, or says that none is.
func (a *Ablation) findings() {
	var f, holding []string
	choices := 0
	for _, r := range a.Table.Rows {
		if !r.Choice {
			holding = append(holding, r.Class)
			continue
		}
		choices++
		if r.Tested && r.PHolm < 0.05 {
			f = append(f, a.Table.Sentence(r))
		}
	}
	if len(f) == 0 && choices > 0 {
		f = append(f, fmt.Sprintf("No choice restriction changes %s's win share clearly (every Holm-adjusted p ≥ 0.05): at this sample size no choice is shown to matter.", a.Base))
	}
	if len(holding) > 0 {
		f = append(f, fmt.Sprintf("Forbidding %s changes what the player holds (he keeps what he may not spend): those restrictions %s, and are in the appendix.",
			format.JoinAnd(holding), HoldingFlag))
	}
	a.Findings = f
}

// Doc builds the report.
func (a *Ablation) Doc() (*doc.Doc, error) {
	var games int64
	if a.Table != nil {
		for _, r := range a.Table.Rows {
			games += r.Games
		}
	}
	d := a.Meta.NewDoc(fmt.Sprintf("Restricted play: %s, %s, %d players", a.Base, a.Meta.Game, a.Players),
		doc.KV{Key: "Base agent", Value: a.Base},
		doc.KV{Key: "Design", Value: fmt.Sprintf("the restricted agent alone against %d unrestricted copies, rotated through every seat of each deal (duplicate); every run on the same deals", a.Players-1)},
		doc.KV{Key: "Games", Value: fmt.Sprintf("%s in %d restrictions", format.Count(games), len(a.Files))},
	)
	f := d.AddSection("Findings").Add(doc.Bullets(a.Findings...))
	if len(a.Notes) > 0 {
		f.Add(doc.Bullets(a.Notes...))
	}
	if a.Table != nil {
		choice, holding := a.Table.split()
		if len(choice.Rows) > 0 {
			c, err := AblationContent(choice, a.Meta.Game, "ablation")
			if err != nil {
				return nil, err
			}
			c.Sentences = nil // the findings above
			d.AddSection("What each choice is worth").Add(c.Blocks("ablation")...)
		}
		if len(holding.Rows) > 0 {
			s := d.AddSection("Restrictions that change holdings")
			s.Appendix = true
			s.Add(a.Table.HoldingTable().Block("ablation-holding"))
			s.Add(&doc.Paragraph{Text: a.Table.HoldingTable().Note, Small: true})
		}
	}
	return d, nil
}

// Write renders the report into dir.
func (a *Ablation) Write(dir string) ([]string, error) {
	return doc.Write(dir, a.Doc, a)
}
