package luck

import (
	"fmt"
	"io"
	"text/tabwriter"

	"dragonlab/agents"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
)

// The luck experiment: each level of play plays every deal K times in self-play
// (sim.SeatReplay) with luck accounting (--luck) where the game has it, and consecutive
// levels meet on duplicate deals. Its answer is the luck measured along the game
// (Account): per level the share of the spread of results the chance events carry,
// luckShare {estimate, lo, hi}, the chance events that swing games most, and the
// varianceRatio of the luck-adjusted seat advantages (summary.json); from the duels, how
// often the weaker level does better on the same deals and how many games the stronger
// needs to win 90% of matches (Against). The replays also give the older number, the
// outcome variance fixed by the deal when the same bots replay it (Analyze: Duersch,
// Lambrecht & Oechssler 2020; Goodman, Perez-Liebana & Lucas 2025), which depends on how
// random the bots are; it is in the appendix, labelled as what it is (ReplayCaveat).

// Level is one level's replay run.
type Level struct {
	Agent  string
	File   string
	Result *sim.Result // nil when not played
}

// Duel is one duplicate run of a stronger level alone against a weaker one.
type Duel struct {
	Stronger, Weaker int // level indices
	File             string
	Result           *sim.Result // nil when not played
}

// Experiment is the analysis of a luck experiment.
type Experiment struct {
	Meta    doc.Meta    `json:"meta"`
	Replays int         `json:"replays"`
	Levels  []LevelStat `json:"levels"`
	Duels   []DuelStat  `json:"duels"`
	// Findings are the answers: the luck along the game per level, luck against skill per
	// duel. ReplayFindings are the replays' deal-fixed shares (the appendix).
	Findings       []string `json:"findings"`
	ReplayFindings []string `json:"replayFindings,omitempty"`
	Notes          []string `json:"notes,omitempty"`
}

// LevelStat is one level's self-play: the luck along the game, and what the replays say.
type LevelStat struct {
	Agent    string `json:"agent"`
	File     string `json:"file"`
	Games    int64  `json:"games"`
	Complete bool   `json:"complete"`
	// LuckShare and VarianceRatio are the luck accounting's (Accounting), when the run
	// had it: the share of the spread of results the chance events carry, and how many
	// times fewer games the luck-adjusted seat advantages need (none for a solitaire).
	LuckShare     *ShareJSON  `json:"luckShare,omitempty"`
	VarianceRatio *doc.Number `json:"varianceRatio,omitempty"`
	Accounting    *Accounting `json:"accounting,omitempty"`
	// ReplayShare is the outcome variance fixed by the deal when the same bots replay it
	// (not the luck of the game: ReplayCaveat).
	ReplayShare *Stats `json:"replayShare,omitempty"`
	// Agreement compares the two on the same deals (both measured); ValueFit is the
	// value function's held-out fit, beside the luck share.
	Agreement *Agreement `json:"agreement,omitempty"`
	ValueFit  string     `json:"valueFit,omitempty"`
}

// DuelStat is how far the stronger level's skill shows through the luck of the same deals.
type DuelStat struct {
	File     string        `json:"file"`
	Complete bool          `json:"complete"`
	SameDeal *SameDeal     `json:"sameDeal,omitempty"`
	Against  *AgainstSkill `json:"againstSkill,omitempty"`
}

// AnalyzeExperiment analyses the runs of a luck experiment.
func AnalyzeExperiment(meta doc.Meta, replays int, levels []Level, duels []Duel) (*Experiment, error) {
	l := &Experiment{Meta: meta, Replays: replays}
	accounted := false
	for _, lv := range levels {
		st := LevelStat{Agent: lv.Agent, File: lv.File}
		r := lv.Result
		name := format.Capitalize(agents.Short(lv.Agent))
		if r == nil || r.Games == 0 {
			l.Notes = append(l.Notes, fmt.Sprintf("The self-play of %s was not played.", agents.Short(lv.Agent)))
			l.Levels = append(l.Levels, st)
			continue
		}
		st.Games, st.Complete = r.Games, r.Complete
		if r.Aggregate.Luck != nil {
			acc, err := Account(r)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", lv.File, err)
			}
			accounted = true
			st.Accounting, st.LuckShare = acc, &acc.LuckShare
			if r.Players > 1 {
				st.VarianceRatio = &acc.VarianceRatio
			}
			for _, s := range acc.Sentences() {
				l.Findings = append(l.Findings, fmt.Sprintf("%s: %s", name, s))
			}
		}
		if rep := r.Aggregate.Replays; rep != nil {
			ls, err := Analyze(rep)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", lv.File, err)
			}
			st.ReplayShare = ls
			l.ReplayFindings = append(l.ReplayFindings, fmt.Sprintf("%s: %s", name, ls.Sentence()))
			if st.Accounting != nil && ls.Pooled.Defined && Comparable(st.LuckShare.Estimate, ls.Pooled.Share.Estimate) {
				ag := Compare(st.LuckShare.Estimate, ls.Pooled.Share.Estimate)
				st.Agreement = &ag
				l.Findings = append(l.Findings, fmt.Sprintf("%s: %s", name, ag.Sentence()))
			}
		}
		if st.Accounting != nil {
			st.ValueFit = FitWords(ValueFit(st.Accounting.Value, r.Players))
		}
		l.Levels = append(l.Levels, st)
	}
	for _, d := range duels {
		st := DuelStat{File: d.File}
		if r := d.Result; r != nil && r.Games > 0 {
			sd, err := SameDealWins(r)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", d.File, err)
			}
			ag, err := Against(r)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", d.File, err)
			}
			sd.Stronger, sd.Weaker = agents.Short(levels[d.Stronger].Agent), agents.Short(levels[d.Weaker].Agent)
			st.SameDeal, st.Against, st.Complete = sd, ag, r.Complete
			l.Findings = append(l.Findings, ag.Sentence(sd.Stronger, sd.Weaker))
		}
		l.Duels = append(l.Duels, st)
	}
	if !accounted {
		// Without luck accounting the replays are all there is: say what they measure.
		l.Findings = append(l.Findings, l.ReplayFindings...)
		l.Notes = append(l.Notes, ReplayCaveat)
	}
	if l.Meta.Players == 1 {
		l.Notes = append(l.Notes, "A solitaire has no opponents: its spread of results is the success rate's, and it has no seat advantages to adjust.")
	}
	return l, nil
}

// Print writes the summary to the terminal.
func (l *Experiment) Print(w io.Writer) {
	fmt.Fprintf(w, "luck: %s, %d players, %d levels, each deal played %d times\n", l.Meta.Game, l.Meta.Players, len(l.Levels), l.Replays)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "level\tgames\tluck share (along the game)\t95% interval\tvariance ratio\tfixed by the deal (replays)\t95% interval\tagree?\t")
	for _, lv := range l.Levels {
		along, iv, vr, dealt, div, agree := "–", "–", "–", "–", "–", "–"
		if lv.LuckShare != nil {
			e := lv.LuckShare.Estimate
			along, iv = fmt.Sprintf("%.1f%%", 100*e.Value), fmt.Sprintf("[%.1f, %.1f]", 100*e.Lo, 100*e.Hi)
		}
		if lv.VarianceRatio != nil && lv.Accounting != nil {
			vr = fmt.Sprintf("%.2f %s", float64(*lv.VarianceRatio), format.IvNum(lv.Accounting.VarianceCI.Estimate, 2))
		}
		if lv.ReplayShare != nil && lv.ReplayShare.Pooled.Defined {
			p := lv.ReplayShare.Pooled
			dealt, div = fmt.Sprintf("%.1f%%", 100*p.Share.Value), fmt.Sprintf("[%.1f, %.1f]", 100*p.Share.Lo, 100*p.Share.Hi)
		}
		if ag := lv.Agreement; ag != nil {
			agree = "yes"
			if ag.AtLeast {
				along, agree = "≥"+format.Pct(ag.Along.Lo), "no: at least"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", agents.Short(lv.Agent), format.Count(lv.Games), along, iv, vr, dealt, div, agree)
	}
	tw.Flush()
	for _, lv := range l.Levels {
		if lv.ValueFit != "" {
			fmt.Fprintf(w, "value function under %s: %s\n", agents.Short(lv.Agent), lv.ValueFit)
		}
	}
	for _, d := range l.Duels {
		if d.SameDeal != nil && d.Against != nil {
			fmt.Fprintln(w, d.Against.Sentence(d.SameDeal.Stronger, d.SameDeal.Weaker))
		}
	}
	fmt.Fprintln(w, "(fixed by the deal: when the same bots replay a deal; it depends on how random the bots are — the report's appendix)")
}

// Doc builds the report: the findings, each level's luck along the game, and in the
// appendix what the replays say.
func (l *Experiment) Doc() (*doc.Doc, error) {
	d := l.Meta.NewDoc(fmt.Sprintf("Luck: %s, %d players", l.Meta.Game, l.Meta.Players),
		doc.KV{Key: "Design", Value: fmt.Sprintf("self-play at each level with luck accounting, each deal (hands, piles and chance fixed at setup) played %d times with fresh agent streams; consecutive levels on duplicate deals", l.Replays)})
	f := d.AddSection("Findings").Add(doc.Bullets(l.Findings...))
	if len(l.Notes) > 0 {
		f.Add(doc.Bullets(l.Notes...))
	}
	for i, lv := range l.Levels {
		if lv.Accounting == nil {
			continue
		}
		name := fmt.Sprintf("luck-%d", i+1)
		sec := d.AddSection("Level " + agents.Short(lv.Agent)).Add(AccountingContent(lv.Accounting).Blocks(name + "-accounting")...)
		var notes []string
		if lv.Agreement != nil {
			notes = append(notes, lv.Agreement.Sentence())
		}
		if lv.ValueFit != "" {
			notes = append(notes, "The value function behind it: "+lv.ValueFit+".")
		}
		if len(notes) > 0 {
			sec.Add(doc.Bullets(notes...))
		}
		for _, du := range l.Duels {
			if du.SameDeal != nil && du.SameDeal.Stronger == agents.Short(lv.Agent) {
				sec.Add(doc.Bullets(du.Against.Sentence(du.SameDeal.Stronger, du.SameDeal.Weaker), du.SameDeal.Sentence()))
			}
		}
	}
	var app *doc.Section
	for i, lv := range l.Levels {
		if lv.ReplayShare == nil {
			continue
		}
		if app == nil {
			app = d.AddSection("Outcome variance fixed by the deal (replays)")
			app.Appendix, app.Fold = true, true
			app.Add(doc.Para(ReplayCaveat))
		}
		var sd *SameDeal
		for _, du := range l.Duels {
			if du.SameDeal != nil && du.SameDeal.Stronger == agents.Short(lv.Agent) {
				sd = du.SameDeal
			}
		}
		name := fmt.Sprintf("luck-%d", i+1)
		c, err := Content(lv.ReplayShare, sd, agents.Short(lv.Agent), name)
		if err != nil {
			return nil, err
		}
		app.AddSection("Level " + agents.Short(lv.Agent)).Add(c.Blocks(name)...)
	}
	return d, nil
}

// Write renders the report into dir.
func (l *Experiment) Write(dir string) ([]string, error) {
	return doc.Write(dir, l.Doc, l)
}
