// Package runreport is the report of results files (dragonlab report): for each result
// its provenance, the fairness analysis of its seats (reports/fairness) with the game
// length (reports/feel) and, when asked, the questions its optional aggregates answer
// (feel, value, luck); several results of one game, or of several in a study, with the
// findings ranked first. It composes the question analyses and renders them with
// reports/doc; it computes no statistic of its own.
package runreport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"dragonlab/reports/chart"
	"dragonlab/reports/doc"
	"dragonlab/reports/fairness"
	"dragonlab/reports/feel"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Options tunes Build.
type Options struct {
	// Sources names the results files, in the order of the results, for the provenance
	// and for error messages (optional).
	Sources []string
	// Titles maps game names to human titles ("draco" → "Draco (Mount Drago)"), e.g. from
	// the engine registry; a game without one is shown by its capitalised name.
	Titles map[string]string
	// Study allows results of different games in one report: each gets its own section,
	// after a first page that ranks the findings.
	Study bool
	// Title replaces the report's title.
	Title string
	// Questions adds to each result's section the questions its optional aggregates
	// answer (ResultSections: how the game feels, what decides games, luck and skill).
	Questions bool
}

// InputError marks an error in Build's input: results that are inconsistent or may not be
// reported together, or an output directory that cannot be written. A command reports it
// as bad input (exit status 2); any other error of Build is a failure while writing.
type InputError struct{ Err error }

func (e InputError) Error() string { return e.Err.Error() }
func (e InputError) Unwrap() error { return e.Err }

// ChartsDir is the subdirectory of the output directory that holds the PNG and SVG charts.
const ChartsDir = doc.ChartsDir

// File names written by Build into the output directory, besides the charts.
const (
	PDFName  = doc.PDFName
	HTMLName = doc.HTMLName
	MDName   = doc.MDName
	CSVName  = doc.CSVName
	JSONName = doc.JSONName
)

// result is one result of the report: the fairness analysis of its seats and its game
// length.
type result struct {
	*fairness.Analysis
	Length feel.Length
}

// verdicts are the result's findings in plain sentences: the seats', then the length.
func (a *result) verdicts() []string {
	v := a.Verdicts()
	if s := a.Length.Sentence(); s != "" {
		v = append(v, s)
	}
	return v
}

// report is everything Build renders, before anything is written.
type report struct {
	opts     Options
	title    string
	as       []*result
	charts   [][]*chart.Chart // per result: seats, scores, length (missing ones left out)
	study    *chart.Chart     // first-player advantage across results (multi-result reports)
	findings []fairness.Finding
	extra    [][]*doc.Section // per result: ResultSections (Options.Questions)
}

// analyses are the fairness analyses of the results.
func (rp *report) analyses() []*fairness.Analysis {
	out := make([]*fairness.Analysis, len(rp.as))
	for i, a := range rp.as {
		out[i] = a.Analysis
	}
	return out
}

// Multi reports whether the report covers more than one result.
func (rp *report) multi() bool { return len(rp.as) > 1 }

// Build writes a report of the results into outDir: report.pdf, report.html, summary.md,
// summary.csv, summary.json and every chart as PNG and SVG, all rendered from one report
// model (see package doc). Nothing is written unless everything renders; each file
// goes to a temporary name first and is renamed into place at the end, so an error never
// leaves a half-written report.
func Build(results []*sim.Result, outDir string, opts Options) error {
	rp, err := prepare(results, opts)
	if err != nil {
		return InputError{err}
	}
	files, err := rp.render()
	if err != nil {
		return err
	}
	err = doc.WriteAll(outDir, files)
	if de := (doc.DirError{}); errors.As(err, &de) {
		return InputError{de.Err}
	}
	return err
}

func prepare(results []*sim.Result, opts Options) (*report, error) {
	as, err := analyzeAll(results, opts)
	if err != nil {
		return nil, err
	}
	rp := &report{opts: opts, as: as}
	rp.title = opts.Title
	if rp.title == "" {
		if rp.multi() {
			rp.title = fmt.Sprintf("Balance study: %d results", len(as))
		} else {
			rp.title = "Balance report: " + as[0].Label
		}
	}
	if rp.multi() {
		rp.findings = fairness.Findings(rp.analyses())
	}
	return rp, nil
}

// analyzeAll checks the results, that they may be reported together, and analyses them.
func analyzeAll(results []*sim.Result, opts Options) ([]*result, error) {
	if len(results) == 0 {
		return nil, errors.New("no results to report")
	}
	name := func(i int) string {
		if i < len(opts.Sources) && opts.Sources[i] != "" {
			return opts.Sources[i]
		}
		return fmt.Sprintf("result %d", i+1)
	}
	for i, r := range results {
		if err := checkResult(r, name(i)); err != nil {
			return nil, err
		}
	}
	games := map[string]bool{}
	var names []string
	for _, r := range results {
		if !games[r.Game] {
			games[r.Game] = true
			names = append(names, r.Game)
		}
	}
	if len(names) > 1 && !opts.Study {
		return nil, fmt.Errorf("results of different games (%s) can be combined only in a study report (report --study, or the study command)", strings.Join(names, ", "))
	}
	for i := range results {
		for j := i + 1; j < len(results); j++ {
			if overlap(results[i], results[j]) {
				return nil, fmt.Errorf("%s and %s hold the same games (same run, seed %d, overlapping game numbers): merge the shards of one run first, or report one of them", name(i), name(j), results[i].Seed)
			}
		}
	}
	as := make([]*result, len(results))
	fas := make([]*fairness.Analysis, len(results))
	labels := map[string]int{}
	for i, r := range results {
		fas[i] = fairness.Analyze(r, opts.Titles)
		as[i] = &result{Analysis: fas[i], Length: feel.LengthOf(&r.Aggregate)}
		if i < len(opts.Sources) {
			as[i].Source = opts.Sources[i]
		}
		labels[as[i].Label]++
	}
	// Results that would read alike (same game, players, agents; other rules or seeds)
	// are told apart by their number in the report.
	for i, a := range as {
		if labels[a.Label] > 1 {
			a.Label += fmt.Sprintf(" (#%d)", i+1)
		}
	}
	fairness.AdjustFamily(fas)
	return as, nil
}

// checkResult rejects what is not a consistent results file.
func checkResult(r *sim.Result, name string) error {
	if r == nil {
		return fmt.Errorf("%s: no result", name)
	}
	if r.Schema != sim.Schema {
		return fmt.Errorf("%s is not a dragonlab results file (schema %q, want %q)", name, r.Schema, sim.Schema)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: results file is inconsistent: %s", name, fmt.Sprintf(format, args...))
	}
	n := r.Players
	agg := r.Aggregate
	switch {
	case n < 1 || n >= sim.MaxShare:
		return bad("%d players", n)
	case len(r.Seats) != n || len(agg.Seats) != n:
		return bad("%d players but %d seats", n, len(agg.Seats))
	case len(r.Agents) != n:
		return bad("%d players but %d agents", n, len(r.Agents))
	case agg.Games < 0 || agg.Draws < 0 || agg.NoWinner < 0 || agg.Draws+agg.NoWinner > agg.Games:
		return bad("%d games, %d draws, %d without winner", agg.Games, agg.Draws, agg.NoWinner)
	case r.Games != agg.Games:
		return bad("%d games, but the aggregate counts %d", r.Games, agg.Games)
	}
	switch r.Seating {
	case "", sim.SeatFixed, sim.SeatReplay:
	case sim.SeatRotate, sim.SeatDuplicate:
		if len(agg.Agents) != n {
			return bad("%s seating without a tally per agent", r.Seating)
		}
	default:
		return fmt.Errorf("%s: unknown seating %q", name, r.Seating)
	}
	var wins float64
	for i, t := range agg.Seats {
		if t.Games != agg.Games {
			return bad("seat %d played %d of the %d games", i, t.Games, agg.Games)
		}
		wins += fairness.DecisiveWins(t, n)
	}
	decisive := agg.Games - agg.Draws - agg.NoWinner
	if n == 1 {
		decisive = agg.Seats[0].Wins // a solitaire win is every seat's win
		wins = float64(agg.Seats[0].Wins)
	}
	if math.Abs(wins-float64(decisive)) > 1e-6*math.Max(1, float64(decisive)) {
		return bad("the seats' wins add up to %s, not the %d decisive games", strconv.FormatFloat(wins, 'f', -1, 64), decisive)
	}
	return nil
}

// overlap reports whether two results hold some of the same games: the same run (game,
// players, rules, agents, seating, seed) over overlapping game numbers.
func overlap(a, b *sim.Result) bool {
	if a.Game != b.Game || a.Players != b.Players || a.Seating != b.Seating || a.Seed != b.Seed ||
		strings.Join(a.Agents, "\x00") != strings.Join(b.Agents, "\x00") || !sameJSON(a.Params, b.Params) {
		return false
	}
	return a.First < b.First+b.Units && b.First < a.First+a.Units
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}

// chartStem is the file stem of result i's chart kind: "seats" for a one-result report,
// "03-draco-5p-seats" in a multi-result one.
func (rp *report) chartStem(i int, kind string) string {
	if !rp.multi() {
		return kind
	}
	r := rp.as[i].Result
	return fmt.Sprintf("%02d-%s-%dp-%s", i+1, slug(r.Game), r.Players, kind)
}

func slug(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteRune(c)
		default:
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// renderCharts draws every chart of the report, on all cores.
func (rp *report) renderCharts() error {
	type job struct {
		i    int
		draw func(*result, string) (*chart.Chart, error)
		kind string
	}
	seats := func(a *result, name string) (*chart.Chart, error) { return fairness.SeatChart(a.Analysis, name) }
	scores := func(a *result, name string) (*chart.Chart, error) { return fairness.ScoreChart(a.Analysis, name) }
	length := func(a *result, name string) (*chart.Chart, error) {
		return feel.LengthChart(a.Label, a.Games, a.Result.Aggregate.DecisionsHist, a.Length.Mean, name)
	}
	var jobs []job
	for i, a := range rp.as {
		if a.Games == 0 {
			continue
		}
		jobs = append(jobs, job{i, seats, "seats"}, job{i, scores, "scores"}, job{i, length, "length"})
	}
	out := make([]*chart.Chart, len(jobs))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for k, j := range jobs {
		g.Go(func() error {
			c, err := j.draw(rp.as[j.i], rp.chartStem(j.i, j.kind))
			out[k] = c
			return err
		})
	}
	if rp.multi() {
		g.Go(func() error {
			c, err := fairness.AdvantageChart(rp.analyses(), "first-player-advantage")
			rp.study = c
			return err
		})
	}
	rp.extra = make([][]*doc.Section, len(rp.as))
	if rp.opts.Questions {
		for i, a := range rp.as {
			g.Go(func() error {
				ss, err := ResultSections(a.Result, a.Label, rp.chartStem(i, "why"))
				if err != nil {
					return fmt.Errorf("%s: %w", a.Label, err)
				}
				rp.extra[i] = ss
				return nil
			})
		}
	}
	if err := g.Wait(); err != nil {
		return err
	}
	rp.charts = make([][]*chart.Chart, len(rp.as))
	for k, j := range jobs {
		if out[k] != nil {
			rp.charts[j.i] = append(rp.charts[j.i], out[k])
		}
	}
	return nil
}

// render produces every output file in memory.
func (rp *report) render() ([]doc.File, error) {
	if err := rp.renderCharts(); err != nil {
		return nil, err
	}
	return doc.Render(rp.document())
}

// paramList renders rules parameters as "key=value" in the file's order.
func paramList(raw json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		var b bytes.Buffer
		if json.Compact(&b, raw) != nil || b.Len() == 0 {
			return nil
		}
		return []string{b.String()}
	}
	var out []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			break
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			break
		}
		var b bytes.Buffer
		if json.Compact(&b, v) != nil {
			b.Write(v)
		}
		out = append(out, fmt.Sprintf("%v=%s", k, b.String()))
	}
	return out
}

// paramText is the rules parameters in one line ("defaults" when there are none).
func paramText(raw json.RawMessage) string {
	ps := paramList(raw)
	if len(ps) == 0 {
		return "(none)"
	}
	return strings.Join(ps, ", ")
}

// seatingText describes the seating plan.
func seatingText(r *sim.Result) string {
	switch r.Seating {
	case sim.SeatRotate:
		return "rotate (every agent plays every seat equally often)"
	case sim.SeatDuplicate:
		return "duplicate (each deal played in every seat rotation)"
	case sim.SeatReplay:
		k := 0
		if r.Aggregate.Replays != nil {
			k = r.Aggregate.Replays.K
		}
		return fmt.Sprintf("replay (each deal played %d times, agent j in seat j)", k)
	default:
		return "fixed (agent j always in seat j)"
	}
}

// agentsText lists the agents by seat: "seat 0: mcts:iters=200, seat 1: random".
func agentsText(r *sim.Result) string {
	if fairness.SameAgents(r) {
		if r.Players == 1 {
			return r.Agents[0]
		}
		return fmt.Sprintf("%s in every seat (self-play)", r.Agents[0])
	}
	var parts []string
	for i, s := range r.Agents {
		who := fmt.Sprintf("seat %d", i)
		if r.Seating == sim.SeatRotate || r.Seating == sim.SeatDuplicate {
			who = fmt.Sprintf("agent %d", i)
		}
		parts = append(parts, who+": "+s)
	}
	return strings.Join(parts, ", ")
}

// agentsShort lists the agents for a narrow table cell.
func agentsShort(r *sim.Result) string {
	if fairness.SameAgents(r) {
		if r.Players == 1 {
			return r.Agents[0]
		}
		return r.Agents[0] + " (all seats)"
	}
	return strings.Join(r.Agents, ", ")
}

// gamesText is "20,000 of 20,000 games (complete)" or the incomplete equivalent.
func gamesText(a *result) string {
	s := fmt.Sprintf("%s of %s games", format.Count(a.Games), format.Count(a.Requested))
	if a.Result.Complete {
		return s + " (complete)"
	}
	return s + " (INCOMPLETE: interrupted)"
}

// seedText is "42 (games 0 to 19,999)".
func seedText(r *sim.Result) string {
	unit := "games"
	if r.Seating == sim.SeatDuplicate || r.Seating == sim.SeatReplay {
		unit = "deals"
	}
	if r.Units <= 0 {
		return strconv.FormatUint(r.Seed, 10)
	}
	return fmt.Sprintf("%d (%s %s to %s)", r.Seed, unit, format.Count(r.First), format.Count(r.First+r.Units-1))
}

// provenance is one result's provenance as key–value pairs.
func provenance(a *result) []doc.KV {
	r := a.Result
	players := fmt.Sprintf("%d players", r.Players)
	if r.Players == 1 {
		players = "1 player (solitaire)"
	}
	game := a.Title + ", " + players
	if !strings.EqualFold(a.Title, r.Game) {
		game = fmt.Sprintf("%s [%s], %s", a.Title, r.Game, players)
	}
	kv := []doc.KV{
		{Key: "Game", Value: game},
		{Key: "Rules parameters", Value: paramText(r.Params)},
		{Key: "Agents", Value: agentsText(r)},
		{Key: "Seating", Value: seatingText(r)},
		{Key: "Seed", Value: seedText(r)},
		{Key: "Games", Value: gamesText(a)},
		{Key: "Results written by", Value: r.Tool},
	}
	if a.Source != "" {
		kv = append(kv, doc.KV{Key: "Results file", Value: a.Source})
	}
	if r.Run != nil && r.Run.Started != "" {
		kv = append(kv, doc.KV{Key: "Run", Value: fmt.Sprintf("started %s, %s s on %s, %s", r.Run.Started, format.Num(r.Run.Seconds, 1), format.Plural(int64(r.Run.Workers), "worker"), r.Run.GoVersion), Volatile: true})
	}
	return kv
}

// incompleteNotes lists what every interrupted result covers.
func (rp *report) incompleteNotes() []string {
	var out []string
	for _, a := range rp.as {
		if n := a.IncompleteNote(); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// readingNote explains the conventions once.
func (rp *report) readingNote() string {
	family := 0
	if len(rp.as) > 0 {
		family = rp.as[0].Family
	}
	s := "Seats are numbered from 0 in playing order, as in the rules (seat 0 moves first). Win shares count a win shared by k players as 1/k; draws (a win shared by every player) and games without a winner are shown apart and left out of the shares and tests. Intervals are 95%: Wilson for shares, Student t for means. "
	switch family {
	case 0:
		s += "No seat test applies."
	case 1:
		s += "p-values are two-sided; one seat test was made."
	default:
		s += fmt.Sprintf("p-values are two-sided and Holm-adjusted over the %d seat tests of this report; significant means Holm p < %g.", family, stats.Alpha)
	}
	return s
}

// distinctParams lists each game's distinct rules parameters, for a study's provenance.
func (rp *report) distinctParams() []doc.KV {
	seen := map[string]bool{}
	var out []doc.KV
	for _, a := range rp.as {
		t := paramText(a.Result.Params)
		key := a.Result.Game + "\x00" + t
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, doc.KV{Key: a.Result.Game, Value: t})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// totalGames sums the games of every result.
func (rp *report) totalGames() int64 {
	var n int64
	for _, a := range rp.as {
		n += a.Games
	}
	return n
}

// toolVersions lists the distinct tools that wrote the results.
func (rp *report) toolVersions() string {
	seen := map[string]bool{}
	var out []string
	for _, a := range rp.as {
		if !seen[a.Result.Tool] {
			seen[a.Result.Tool] = true
			out = append(out, a.Result.Tool)
		}
	}
	return strings.Join(out, ", ")
}
