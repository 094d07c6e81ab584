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

// The luck experiment (Duersch, Lambrecht & Oechssler 2020; Goodman, Perez-Liebana & Lucas
// 2025): each level of play replays every deal K times in self-play (sim.SeatReplay), and
// the variance of a seat's outcome splits into the part fixed by the deal and the rest
// (Analyze); consecutive levels also meet on duplicate deals, which says how often the
// stronger beats the weaker on the same deal (SameDealWins). A level's runs played with
// luck accounting (--luck) also give the luck measured along the game (Account): its
// luckShare {estimate, lo, hi} and varianceRatio in summary.json.

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
	Meta     doc.Meta    `json:"meta"`
	Replays  int         `json:"replays"`
	Levels   []LevelStat `json:"levels"`
	Duels    []DuelStat  `json:"duels"`
	Findings []string    `json:"findings"`
	Notes    []string    `json:"notes,omitempty"`
}

// LevelStat is the luck share under one level of play.
type LevelStat struct {
	Agent    string `json:"agent"`
	File     string `json:"file"`
	Games    int64  `json:"games"`
	Complete bool   `json:"complete"`
	Stats    *Stats `json:"stats,omitempty"`
	// LuckShare and VarianceRatio are the luck accounting's (Accounting), when the run
	// had it: the share of the spread of results the chance events carry, and how many
	// times fewer games the luck-adjusted seat advantages need.
	LuckShare     *ShareJSON  `json:"luckShare,omitempty"`
	VarianceRatio *doc.Number `json:"varianceRatio,omitempty"`
	Accounting    *Accounting `json:"accounting,omitempty"`
}

// DuelStat is how often the stronger level beats the weaker on the same deal.
type DuelStat struct {
	File     string    `json:"file"`
	Complete bool      `json:"complete"`
	SameDeal *SameDeal `json:"sameDeal,omitempty"`
}

// AnalyzeExperiment analyses the runs of a luck experiment.
func AnalyzeExperiment(meta doc.Meta, replays int, levels []Level, duels []Duel) (*Experiment, error) {
	l := &Experiment{Meta: meta, Replays: replays}
	for _, lv := range levels {
		st := LevelStat{Agent: lv.Agent, File: lv.File}
		r := lv.Result
		if r == nil || r.Games == 0 {
			l.Notes = append(l.Notes, fmt.Sprintf("The replays of %s were not played.", agents.Short(lv.Agent)))
			l.Levels = append(l.Levels, st)
			continue
		}
		st.Games, st.Complete = r.Games, r.Complete
		ls, err := Analyze(r.Aggregate.Replays)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", lv.File, err)
		}
		st.Stats = ls
		l.Findings = append(l.Findings, fmt.Sprintf("%s: %s", format.Capitalize(agents.Short(lv.Agent)), ls.Sentence()))
		if r.Aggregate.Luck != nil {
			acc, err := Account(r)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", lv.File, err)
			}
			st.Accounting, st.LuckShare = acc, &acc.LuckShare
			if r.Players > 1 {
				st.VarianceRatio = &acc.VarianceRatio
			}
			l.Findings = append(l.Findings, fmt.Sprintf("%s: %s", format.Capitalize(agents.Short(lv.Agent)), acc.Sentences()[0]))
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
			sd.Stronger, sd.Weaker = agents.Short(levels[d.Stronger].Agent), agents.Short(levels[d.Weaker].Agent)
			st.SameDeal, st.Complete = sd, r.Complete
			l.Findings = append(l.Findings, sd.Sentence())
		}
		l.Duels = append(l.Duels, st)
	}
	if l.Meta.Players == 1 {
		l.Notes = append(l.Notes, "A solitaire has no opponents: the luck share is the part of the success rate's variance fixed by the deal.")
	}
	return l, nil
}

// Print writes the summary to the terminal.
func (l *Experiment) Print(w io.Writer) {
	fmt.Fprintf(w, "luck: %s, %d players, %d levels, each deal played %d times\n", l.Meta.Game, l.Meta.Players, len(l.Levels), l.Replays)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "level\tdeals\tluck share (deal)\t95% interval\tluck share (along the game)\t95% interval\tvariance ratio\t")
	for _, lv := range l.Levels {
		along, iv, vr := "–", "–", "–"
		if lv.LuckShare != nil {
			e := lv.LuckShare.Estimate
			along, iv = fmt.Sprintf("%.1f%%", 100*e.Value), fmt.Sprintf("[%.1f, %.1f]", 100*e.Lo, 100*e.Hi)
		}
		if lv.VarianceRatio != nil {
			vr = fmt.Sprintf("%.2f", float64(*lv.VarianceRatio))
		}
		if lv.Stats == nil || !lv.Stats.Pooled.Defined {
			fmt.Fprintf(tw, "%s\t–\t–\t–\t%s\t%s\t%s\t\n", agents.Short(lv.Agent), along, iv, vr)
			continue
		}
		p := lv.Stats.Pooled
		fmt.Fprintf(tw, "%s\t%s\t%.1f%%\t[%.1f, %.1f]\t%s\t%s\t%s\t\n", agents.Short(lv.Agent), format.Count(p.Deals), 100*p.Share.Value, 100*p.Share.Lo, 100*p.Share.Hi,
			along, iv, vr)
	}
	tw.Flush()
	for _, d := range l.Duels {
		if d.SameDeal != nil {
			fmt.Fprintln(w, d.SameDeal.Sentence())
		}
	}
}

// Doc builds the report.
func (l *Experiment) Doc() (*doc.Doc, error) {
	d := l.Meta.NewDoc(fmt.Sprintf("Luck: %s, %d players", l.Meta.Game, l.Meta.Players),
		doc.KV{Key: "Design", Value: fmt.Sprintf("each deal (hands, piles and chance fixed at setup) played %d times per level with fresh agent streams; consecutive levels on duplicate deals", l.Replays)})
	f := d.AddSection("Findings").Add(doc.Bullets(l.Findings...))
	if len(l.Notes) > 0 {
		f.Add(doc.Bullets(l.Notes...))
	}
	for i, lv := range l.Levels {
		if lv.Stats == nil {
			continue
		}
		var sd *SameDeal
		for _, du := range l.Duels {
			if du.SameDeal != nil && du.SameDeal.Stronger == agents.Short(lv.Agent) {
				sd = du.SameDeal
			}
		}
		name := fmt.Sprintf("luck-%d", i+1)
		c, err := Content(lv.Stats, sd, agents.Short(lv.Agent), name)
		if err != nil {
			return nil, err
		}
		sec := d.AddSection("Level " + agents.Short(lv.Agent)).Add(c.Blocks(name)...)
		if lv.Accounting != nil {
			sec.Add(AccountingContent(lv.Accounting).Blocks(name + "-accounting")...)
		}
	}
	return d, nil
}

// Write renders the report into dir.
func (l *Experiment) Write(dir string) ([]string, error) {
	return doc.Write(dir, l.Doc, l)
}
