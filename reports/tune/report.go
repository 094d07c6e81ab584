package tune

import (
	search "dragonlab/sim/tune"

	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	"dragonlab/engine"
	"dragonlab/reports/chart"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim/stats"
)

// Result is tune's answer: summary.json.
type Result struct {
	Meta    doc.Meta             `json:"meta"`
	Agent   string               `json:"agent"`
	Targets []string             `json:"targets"`
	Levers  []engine.LeverValues `json:"levers"`
	// Proposal is the answer: the change (only the parameters that change, each with its
	// new value), whether it is certified, each target's certified estimates, and the
	// games the search and the certification played.
	Proposal Proposal `json:"proposal"`
	// Rules are the original rules on the certification's fresh deals; Neighbour the
	// pick's whole-number neighbour on the other side of fair (when there is one).
	Rules     RowSummary  `json:"rules"`
	Neighbour *RowSummary `json:"neighbour,omitempty"`
	// Smaller is, where the pick changes several parameters, the best change of one
	// parameter, certified with it (tested first in cost order).
	Smaller  *RowSummary `json:"smaller,omitempty"`
	RunnerUp *RowSummary `json:"runnerUp,omitempty"`
	// Screened and OneLever are the changes of one parameter the search played and all of
	// them within the levers' ranges: the smallest change is guaranteed only when equal.
	Screened int `json:"screened"`
	OneLever int `json:"oneLever"`
	// Effect is the change's effect, pick minus rules on the same fresh deals (paired).
	Effect []ComponentSummary `json:"effect,omitempty"`
	// Family and Level are the Bonferroni family (claims) and each interval's level.
	Family int            `json:"family"`
	Level  float64        `json:"level"`
	Rounds []RoundSummary `json:"rounds"`
	// Candidates are every candidate the search played, with its search estimates.
	Candidates []CandidateSummary `json:"candidates"`

	spec *search.Spec
	cert *search.Certificate
}

// Proposal is summary.json's proposal object.
type Proposal struct {
	Change map[string]json.RawMessage `json:"change"`
	// Name is the change in the lever paths ("seatBonus[1]=3"; "rules" for none) and Text
	// in words.
	Name      string          `json:"name"`
	Text      string          `json:"text"`
	Certified bool            `json:"certified"`
	Targets   []TargetSummary `json:"targets"`
	Games     struct {
		Search        int64 `json:"search"`
		Certification int64 `json:"certification"`
	} `json:"games"`
	// Sentence is the answer in one plain sentence ("seat 1 starts +3: certified"), for
	// the designer's report; Answer the report's full paragraph.
	Sentence string   `json:"sentence"`
	Answer   string   `json:"answer"`
	Missing  []string `json:"missing,omitempty"`
	// More is, for an answer not certified whose every interval misses its target only by
	// its width (its estimates inside), about how many more certification games would
	// narrow its intervals inside (0: certified, or a target missed by its estimate).
	More int64 `json:"more,omitempty"`
}

// TargetSummary is one target with its certified components.
type TargetSummary struct {
	Target     string             `json:"target"`
	Met        bool               `json:"met"`
	Components []ComponentSummary `json:"components"`
}

// ComponentSummary is one certified component.
type ComponentSummary struct {
	Name     string       `json:"name"`
	Estimate doc.Estimate `json:"estimate"`
	Inside   bool         `json:"inside"`
}

// RowSummary is a certified candidate.
type RowSummary struct {
	Name    string          `json:"name"`
	Text    string          `json:"text"`
	Deals   int64           `json:"deals"`
	Meets   bool            `json:"meets"`
	Targets []TargetSummary `json:"targets"`
}

// RoundSummary is one round of the search.
type RoundSummary struct {
	Index      int    `json:"index"`
	Kind       string `json:"kind"`
	Seed       uint64 `json:"seed"`
	Deals      int64  `json:"deals"`
	Candidates int    `json:"candidates"`
	Games      int64  `json:"games"`
	Why        string `json:"why"`
}

// CandidateSummary is a candidate of the search with its estimates over every round it
// played (mean and standard error of each component).
type CandidateSummary struct {
	Name      string   `json:"name"`
	Changed   int      `json:"changed"`
	Distance  float64  `json:"distance"`
	Rounds    []int    `json:"rounds"`
	Deals     int64    `json:"deals"`
	Estimates []MeanSE `json:"estimates"`
	// Score is the predicted certification score (≤ 1: looks certifiable).
	Score doc.Number `json:"score"`
}

// MeanSE writes a search estimate (a stats.Estimate from stats.MeanSE, or the luck share)
// in summary.json: its value, standard error, deals and the standard deviation of a deal.
type MeanSE struct {
	Value float64 `json:"value"`
	SE    float64 `json:"se"`
	N     int64   `json:"n"`
	SD    float64 `json:"sd"`
}

func meanSEs(es []stats.Estimate) []MeanSE {
	if es == nil {
		return nil
	}
	out := make([]MeanSE, len(es))
	for i, e := range es {
		out[i] = MeanSE{Value: e.Value, SE: e.SE, N: e.N, SD: e.SD}
	}
	return out
}

// Analyze builds tune's answer from the spec, the rounds played (the last the
// certification) and the rules searched from.
func Analyze(meta doc.Meta, s *search.Spec, hist []search.Played, g engine.Game, base engine.Params) (*Result, error) {
	if len(hist) == 0 || hist[len(hist)-1].Round.Kind != search.Certify {
		return nil, fmt.Errorf("tune: the certification was not played")
	}
	last := hist[len(hist)-1]
	cert, err := search.CertifyRound(s, last.Round, last.Measures)
	if err != nil {
		return nil, err
	}
	cs, _ := search.CertComponents(s)
	res := &Result{Meta: meta, Agent: s.Agent, Levers: s.Levers, Family: cert.Family, Level: cert.Level, spec: s, cert: cert}
	for _, t := range s.Targets {
		res.Targets = append(res.Targets, t.Text)
	}
	best := cert.Best()
	p := &res.Proposal
	p.Name, p.Text, p.Certified = best.Candidate.Name, ChangeText(s, best.Candidate), best.Meets
	change, err := best.Candidate.Change(g, base, s.Levers, s.Players)
	if err != nil {
		return nil, err
	}
	p.Change = map[string]json.RawMessage{}
	for k, v := range change {
		p.Change[k] = json.RawMessage(v)
	}
	p.Targets = targetSummaries(s, best)
	for _, h := range hist {
		if h.Round.Kind == search.Certify {
			p.Games.Certification += h.Games
		} else {
			p.Games.Search += h.Games
		}
		res.Rounds = append(res.Rounds, RoundSummary{Index: h.Round.Index, Kind: h.Round.Kind, Seed: h.Round.Seed, Deals: h.Round.Deals,
			Candidates: len(h.Round.Entries), Games: h.Games, Why: h.Round.Why})
	}
	res.Rules = rowSummary(s, &cert.Rules)
	if cert.Neighbour != nil {
		nb := rowSummary(s, cert.Neighbour)
		res.Neighbour = &nb
	}
	if cert.Smaller != nil {
		sm := rowSummary(s, cert.Smaller)
		res.Smaller = &sm
	}
	if cert.RunnerUp != nil {
		ru := rowSummary(s, cert.RunnerUp)
		res.RunnerUp = &ru
	}
	res.Screened, res.OneLever = search.Screened(s, hist[:len(hist)-1])
	for i, e := range cert.Effect {
		res.Effect = append(res.Effect, ComponentSummary{Name: cs[i].Name, Estimate: doc.Estimate{Estimate: e}})
	}
	if !best.Meets {
		p.Missing = Missing(best, s)
		p.More = moreGames(s, best, p.Games.Certification)
	}
	p.Sentence, p.Answer = res.sentences()
	// The search's candidates.
	for _, sc := range search.SearchedCandidates(s, hist, cert.Deals) {
		c := sc.Candidate
		res.Candidates = append(res.Candidates, CandidateSummary{Name: c.Name, Changed: c.Changed, Distance: c.Distance,
			Estimates: meanSEs(sc.Estimates), Score: doc.Number(sc.Score), Rounds: sc.Rounds, Deals: sc.Deals})
	}
	return res, nil
}

func targetSummaries(s *search.Spec, r *search.Row) []TargetSummary {
	var out []TargetSummary
	for ti, t := range s.Targets {
		ts := TargetSummary{Target: t.Text, Met: r.Met[ti]}
		for _, v := range r.Values {
			if v.Component.Target == ti {
				ts.Components = append(ts.Components, ComponentSummary{Name: v.Component.Name, Estimate: doc.Estimate{Estimate: v.Estimate}, Inside: v.Inside})
			}
		}
		out = append(out, ts)
	}
	return out
}

func rowSummary(s *search.Spec, r *search.Row) RowSummary {
	return RowSummary{Name: r.Candidate.Name, Text: ChangeText(s, r.Candidate), Deals: r.Deals, Meets: r.Meets, Targets: targetSummaries(s, r)}
}

// keyValues is the components a sentence quotes: per fair target the seat furthest from
// fair, every other component.
func keyValues(r *search.Row) []search.Value {
	var out []search.Value
	worst := map[int]int{} // target → index in out of its worst seat
	for _, v := range r.Values {
		if v.Component.Kind == search.Fair {
			if i, ok := worst[v.Component.Target]; ok {
				if math.Abs(v.Estimate.Value) > math.Abs(out[i].Estimate.Value) {
					out[i] = v
				}
				continue
			}
			worst[v.Component.Target] = len(out)
		}
		out = append(out, v)
	}
	return out
}

// valuesText quotes a row's key values; missed only those outside their targets (and the
// seat furthest from fair).
func valuesText(r *search.Row, missed bool) string {
	var parts []string
	for _, v := range keyValues(r) {
		if missed && r.Met[v.Component.Target] && v.Component.Kind != search.Fair {
			continue
		}
		parts = append(parts, v.Component.Name+" "+ValueText(v))
	}
	return strings.Join(parts, ", ")
}

// shortChange is the change in a few words: "seat 1 starts +3", "handSize 6 → 5",
// "seatBonus [0,4] → [0,0]" (when the rules already give starting points).
func shortChange(s *search.Spec, c search.Candidate) string {
	if c.Changed == 0 {
		return "no change"
	}
	var parts []string
	zeroBase := true
	for _, l := range s.Levers {
		if l.Seat >= 0 && l.Base != 0 {
			zeroBase = false
		}
	}
	if !zeroBase {
		if v := SeatVector(s, c); v != "" {
			parts = append(parts, v[:strings.Index(v, " (")])
		}
	}
	for i, l := range s.Levers {
		if c.Values[i] == l.Base || (l.Seat >= 0 && !zeroBase) {
			continue
		}
		if l.Seat >= 0 {
			parts = append(parts, fmt.Sprintf("seat %d starts %s", l.Seat, SignedNum(c.Values[i])))
		} else {
			parts = append(parts, fmt.Sprintf("%s %s → %s", l.Path, format.Trim(l.Base, 4), format.Trim(c.Values[i], 4)))
		}
	}
	return strings.Join(parts, ", ")
}

// sentences writes the answer: a short sentence for the designer's report and the
// report's paragraph.
func (res *Result) sentences() (short, long string) {
	s, c := res.spec, res.cert
	best := c.Best()
	fresh := fmt.Sprintf("on %s fresh deals never used in the search (family-wise 95%% intervals over %s)", format.Count(c.Deals), format.Plural(int64(c.Family), "claim"))
	targets := strings.Join(res.Targets, ", ")
	rules := fmt.Sprintf("the rules as they are: %s", valuesText(&c.Rules, true))
	at := levelsText(s)
	switch {
	case best.Candidate.Changed == 0 && best.Meets:
		short = "fair as is: certified" + at
		if !hasFair(s) {
			short = "meets the targets as is: certified"
		}
		long = fmt.Sprintf("The rules meet the targets (%s) as they are, certified %s: %s.", targets, fresh, valuesText(best, false))
	case best.Meets:
		short = shortChange(s, best.Candidate) + ": certified" + at
		long = fmt.Sprintf("Change %s: it meets the targets (%s), certified %s: %s (%s).", ChangeText(s, best.Candidate), targets, fresh, valuesText(best, false), rules)
	case best.Candidate.Changed == 0 && best.Near:
		short = "not settled: the rules may meet the targets" + at
		long = fmt.Sprintf("Not settled: the rules' estimates lie inside the targets (%s) but not all their intervals, %s; missing: %s. No change is proposed where the rules may already meet the targets (a change certified there would most often be needless).", targets, rules+" "+fresh, strings.Join(Missing(best, s), "; "))
		if res.Proposal.More > 0 {
			long += fmt.Sprintf(" About %s more certification games would settle it.", format.Count(res.Proposal.More))
		}
	case best.Candidate.Changed == 0:
		short = "not certified: no change found that meets the targets"
		long = fmt.Sprintf("No change was found that meets the targets (%s); the search's best is to change nothing, and %s; missing: %s.", targets, rules+" "+fresh, strings.Join(Missing(best, s), "; "))
	default:
		short = shortChange(s, best.Candidate) + ": best found, not certified"
		long = fmt.Sprintf("Not certified: the best change found, %s, reaches %s %s (%s); missing: %s.", ChangeText(s, best.Candidate), valuesText(best, false), fresh, rules, strings.Join(Missing(best, s), "; "))
	}
	switch {
	case c.Neighbour != nil && best == c.Neighbour:
		long += fmt.Sprintf(" The fair value lies between two whole numbers: the search's best, %s, gives %s; its neighbour on the other side of fair is the one certified.", shortChange(s, c.Pick.Candidate), valuesText(c.Pick, false))
	case c.Neighbour != nil:
		long += fmt.Sprintf(" The fair value lies between two whole numbers: the neighbour on the other side of fair, %s, gives %s.", shortChange(s, c.Neighbour.Candidate), valuesText(c.Neighbour, false))
	}
	if best.Meets && best.Candidate.Changed >= 2 {
		// A combination is the answer only after the smaller changes: say which were
		// certified and missed.
		var missed []string
		for _, r := range c.Missed() {
			missed = append(missed, fmt.Sprintf("%s (%s)", shortChange(s, r.Candidate), valuesText(r, true)))
		}
		if len(missed) == 0 {
			long += " No change of one parameter was certified (none looked certifiable in the search)."
		} else {
			long += " Certified before it and missed: " + strings.Join(missed, "; ") + "."
		}
	}
	if res.Screened < res.OneLever {
		long += fmt.Sprintf(" The budget screened %d of the %d changes of one parameter within the levers' ranges: a smaller change may have been left unplayed.", res.Screened, res.OneLever)
	}
	return short, long
}

// moreGames is about how many more certification games would put row's fair intervals
// inside their targets, its estimates staying where they are: the half-width shrinks as
// one over the root of the deals, so the deals grow by (half-width / margin)² for the
// seat that needs most. 0 when a fair estimate lies outside its target (more games do
// not help: other levers do) or the row misses a target other than fair.
func moreGames(s *search.Spec, row *search.Row, certGames int64) int64 {
	f := 1.0
	for ti, t := range s.Targets {
		if row.Met[ti] {
			continue
		}
		if t.Kind != search.Fair {
			return 0
		}
		for _, v := range row.Values {
			if v.Component.Target != ti || v.Inside {
				continue
			}
			e := v.Estimate
			margin := t.Points - math.Abs(e.Value)
			if !(margin > 0) || !e.HasInterval() {
				return 0
			}
			h := (e.Hi - e.Lo) / 2
			f = math.Max(f, (h/margin)*(h/margin))
		}
	}
	if f <= 1 {
		return 0
	}
	return int64(math.Ceil((f - 1) * float64(certGames)))
}

// levelsText names the levels of play a fair target holds at, where it names them:
// " under greedy and expert play" ("" for the measuring level alone).
func levelsText(s *search.Spec) string {
	for _, t := range s.Targets {
		if t.Kind == search.Fair && len(t.At) > 0 {
			return " under " + format.JoinAnd(t.At) + " play"
		}
	}
	return ""
}

func hasFair(s *search.Spec) bool {
	for _, t := range s.Targets {
		if t.Kind == search.Fair {
			return true
		}
	}
	return false
}

// Doc is the report.
func (res *Result) Doc() (*doc.Doc, error) {
	s, c := res.spec, res.cert
	var levers []string
	for _, l := range s.Levers {
		levers = append(levers, fmt.Sprintf("%s (%s..%s, rules %s)", l.Path, format.Trim(l.Values[0], 4), format.Trim(l.Values[len(l.Values)-1], 4), format.Trim(l.Base, 4)))
	}
	d := res.Meta.NewDoc(fmt.Sprintf("What to change: %s, %d players", res.Meta.Title, res.Meta.Players),
		doc.KV{Key: "Measuring level", Value: s.Agent + " in every seat"},
		doc.KV{Key: "Targets", Value: strings.Join(res.Targets, ", ")},
		doc.KV{Key: "Levers", Value: strings.Join(levers, "; ")},
		doc.KV{Key: "Games", Value: fmt.Sprintf("%s in the search, %s in the certification", format.Count(res.Proposal.Games.Search), format.Count(res.Proposal.Games.Certification))},
	)
	if at := levelsText(s); at != "" {
		d.Provenance = append(d.Provenance, doc.KV{Key: "Fair at", Value: strings.TrimPrefix(at, " under ") + " (the search measures at the measuring level; the certification replays every candidate at each)"})
	}
	ans := d.AddSection("Answer")
	ans.Add(doc.Para(res.Proposal.Answer))
	if !res.Proposal.Certified {
		ans.Add(doc.Caution("Not certified: the intervals on fresh deals do not all lie inside the targets. A larger --budget (more certification deals) narrows them; a change that misses a target by more than its interval needs other levers."))
	}
	// Targets: the rules, the proposal and the neighbour on the fresh deals.
	tsec := d.AddSection("Targets on fresh deals")
	tsec.Summary = fmt.Sprintf("Each interval is at level %s (Bonferroni over %s), so that all of them hold together with probability at least 95%%.", format.Pct(c.Level), format.Plural(int64(c.Family), "claim"))
	cols := []doc.Column{doc.Col("target", doc.Left), doc.Col("", doc.Left), doc.Col("rules", doc.Right)}
	rows := []*search.Row{&c.Rules}
	if c.Pick != nil {
		cols = append(cols, doc.Col(shortChange(s, c.Pick.Candidate), doc.Right))
		rows = append(rows, c.Pick)
	}
	if c.Neighbour != nil {
		cols = append(cols, doc.Col(shortChange(s, c.Neighbour.Candidate)+" (neighbour)", doc.Right))
		rows = append(rows, c.Neighbour)
	}
	if c.Smaller != nil {
		cols = append(cols, doc.Col(shortChange(s, c.Smaller.Candidate)+" (one parameter)", doc.Right))
		rows = append(rows, c.Smaller)
	}
	if c.RunnerUp != nil {
		cols = append(cols, doc.Col(shortChange(s, c.RunnerUp.Candidate)+" (runner-up)", doc.Right))
		rows = append(rows, c.RunnerUp)
	}
	tb := doc.NewTable("targets", cols...)
	for i, v := range c.Rules.Values {
		cells := []doc.Cell{doc.Text(s.Targets[v.Component.Target].Text), doc.Text(v.Component.Name)}
		for _, r := range rows {
			rv := r.Values[i]
			mark := ""
			if rv.Inside {
				mark = " (inside)" // a word: the PDF font has no check mark
			}
			cells = append(cells, doc.Span(ValueText(rv)+mark, rv.Estimate.Lo, rv.Estimate.Hi))
		}
		tb.Row(cells...)
	}
	tsec.Add(tb)
	if ch, err := res.seatChart(rows); err != nil {
		return nil, err
	} else if ch != nil {
		tsec.Add(doc.Fig(ch))
	}
	if len(res.Effect) > 0 {
		et := doc.NewTable("effect", doc.Col("component", doc.Left), doc.Col("change − rules (paired, same deals)", doc.Right))
		for i, e := range res.Effect {
			v := search.Value{Component: c.Rules.Values[i].Component, Estimate: e.Estimate.Estimate}
			et.Row(doc.Text(e.Name), doc.Span(ValueText(v), e.Estimate.Lo, e.Estimate.Hi))
		}
		tsec.AddSection("The change's effect").Add(doc.Para("The change minus the rules on the same fresh deals: the paired difference, deal by deal."), et)
	}
	if len(res.Proposal.Change) > 0 {
		keys := make([]string, 0, len(res.Proposal.Change))
		for k := range res.Proposal.Change {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		ct := doc.NewTable("change", doc.Col("parameter", doc.Left), doc.Col("new value", doc.Left))
		for _, k := range keys {
			ct.TextRow(k, string(res.Proposal.Change[k]))
		}
		d.AddSection("The change, as a rules file").Add(doc.Para("Give these with --set, or play the whole proposal with --rules proposal-rules.json (every parameter, written beside this report):"), ct)
	}
	// The search.
	ss := d.AddSection("The search")
	ss.Summary = fmt.Sprintf("%s played in %s, every candidate of a round on the same deals (common random numbers), compared deal by deal.",
		format.Plural(res.Proposal.Games.Search, "game"), format.Plural(int64(len(res.Rounds)-1), "round"))
	rt := doc.NewTable("rounds", doc.Col("round", doc.Right), doc.Col("kind", doc.Left), doc.Col("candidates", doc.Right), doc.Col("deals each", doc.Right), doc.Col("games", doc.Right), doc.Col("why", doc.Left))
	for _, r := range res.Rounds {
		rt.Row(doc.Int(fmt.Sprint(r.Index), int64(r.Index)), doc.Text(r.Kind), doc.Int(fmt.Sprint(r.Candidates), int64(r.Candidates)),
			doc.Int(format.Count(r.Deals), r.Deals), doc.Int(format.Count(r.Games), r.Games), doc.Text(r.Why))
	}
	ss.Add(rt)
	cs, _ := search.Components(s.Targets, s.Players, s.Ladder)
	ccols := []doc.Column{doc.Col("candidate", doc.Left), doc.Col("changed", doc.Right), doc.Col("deals", doc.Right)}
	for _, comp := range cs {
		ccols = append(ccols, doc.Col(comp.Name, doc.Right))
	}
	ccols = append(ccols, doc.Col("score", doc.Right))
	ctab := doc.NewTable("candidates", ccols...)
	for _, cd := range res.Candidates {
		cells := []doc.Cell{doc.Text(cd.Name), doc.Int(fmt.Sprint(cd.Changed), int64(cd.Changed)), doc.Int(format.Count(cd.Deals), cd.Deals)}
		for i, comp := range cs {
			if i >= len(cd.Estimates) {
				cells = append(cells, doc.Text("–"))
				continue
			}
			e := cd.Estimates[i]
			cells = append(cells, doc.Num(componentNum(comp, e), e.Value))
		}
		cells = append(cells, doc.Num(format.Num(float64(cd.Score), 2), float64(cd.Score)))
		ctab.Row(cells...)
	}
	ss.AddSection("Candidates").Add(doc.Para("Every candidate played, with its estimates (± one standard error) over the deals it played, and its score: the largest distance from a target, in units of the target's tolerance, widened by the half-width its certification would have (at most 1: it looks certifiable)."), ctab)
	d.AddSection("Method").Add(doc.Bullets(
		"Candidates: every combination of the levers' values, ordered by cost: the fewest parameters changed, then the smallest distance (in steps of each lever). Starting points that differ by the same amount for every seat are the same rules and are counted once, written as the change closest to the rules.",
		"Search: round 0 plays the rules and every change of one parameter on the same deals (the seats' starting points are one parameter, every vector of them within range a change of it; what round 0 has no room for is screened in the rounds after, before any combination); each later round plays its candidates on new deals shared by all of them (common random numbers), drops those significantly worse deal by deal than a change no larger (paired difference, 3 standard errors) or clearly off the targets, keeps the better half (successive halving), and adds combinations that an additive model of the one-lever effects, each measured paired against the rules, predicts to meet the targets.",
		"Certification: the best candidate (the smallest change that looks certifiable, else the closest to the targets), the rules and, for a change of one whole-number lever, its neighbour on the other side of fair (for a combination, the best change of one parameter instead), replayed on fresh deals never used in the search. Each interval is normal (per-deal values: a seat's win share minus the mean share of the seats, a game's decisions) at the Bonferroni level over every target and seat (the luck share: a percentile bootstrap over deals at that level). It meets the targets only if every interval lies inside its target. The rules are tested first, then the changes in cost order, and the first that meets the targets is the answer: every row was named before the certification, the Bonferroni family counts the claims of every row, so the order adds no error.",
		"Advantages are in points of win share: a seat's share of the wins minus the mean share of the seats (the fair share), so shared wins and games nobody wins are counted exactly.",
		luckMethod(s),
	))
	return d, nil
}

func luckMethod(s *search.Spec) string {
	if !s.Luck {
		return "The seats' advantages are the raw win shares (no luck adjustment: the game has no frozen value function for these rules, or --raw)."
	}
	return "The seats' advantages are luck-adjusted: each game's win share less the seat's luck, the sum over the chance events of the value after the event less its expectation (AIVAT, Burch et al. 2018), with the " + s.LuckValue + ". The luck has mean zero whatever the value function, so the adjusted advantage has the raw one's expectation, with less variance."
}

// seatChart draws the seats' certified advantages of each certified candidate (a forest
// plot in points; inside the fair target highlighted); nil without a fair target.
func (res *Result) seatChart(rows []*search.Row) (*chart.Chart, error) {
	s := res.spec
	var fr []chart.ForestRow
	points := 0.0
	for _, r := range rows {
		name := "rules"
		if r.Candidate.Changed > 0 {
			name = shortChange(s, r.Candidate)
		}
		for _, v := range r.Values {
			if v.Component.Kind != search.Fair || (s.Players == 2 && v.Component.Seat == 1) {
				continue
			}
			points = s.Targets[v.Component.Target].Points
			fr = append(fr, chart.ForestRow{Label: name + ", " + v.Component.Name, V: 100 * v.Estimate.Value,
				Lo: 100 * v.Estimate.Lo, Hi: 100 * v.Estimate.Hi, Sig: v.Inside})
		}
	}
	if len(fr) == 0 {
		return nil, nil
	}
	in := "inside ±" + format.Trim(100*points, 2) + " points"
	return chart.Forest("Seat advantages on fresh deals", fmt.Sprintf("each interval %s, all together 95%% (Bonferroni)", format.Pct(res.cert.Level)),
		"advantage (points of win share)", "tune-seats", fr, chart.ForestStyle{SigLabel: in, NotLabel: "not " + in, MinHalfRange: 100 * points})
}

// componentNum writes a search estimate: points for seats and steps, decisions, luck.
func componentNum(c search.Component, e MeanSE) string {
	switch c.Kind {
	case search.Fair, search.Skill:
		return format.Pts(e.Value) + " ± " + format.Num(100*e.SE, 1)
	case search.Length:
		return format.Num(e.Value, 1) + " ± " + format.Num(e.SE, 1)
	case search.Luck:
		return format.Pct(e.Value) + " ± " + format.Num(100*e.SE, 1)
	}
	return ""
}

// Write writes the report and summary.json into dir.
func (res *Result) Write(dir string) ([]string, error) { return doc.Write(dir, res.Doc, res) }

// Certificate is the certification's analysis behind the result.
func (res *Result) Certificate() *search.Certificate { return res.cert }

// EstimateOf is a certified component as a stats estimate (for callers that quote it).
func EstimateOf(v search.Value) stats.Estimate { return v.Estimate }
