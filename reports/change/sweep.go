// Package change answers "What to change?": sweeps of one or two rules parameters (with
// the same deal seeds for every value) and the compensation — the value of a parameter
// that makes the seats fair, with its interval.
package change

import (
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"

	"dragonlab/reports/chart"
	"dragonlab/reports/doc"
	"dragonlab/reports/fairness"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/stats"
)

// SweepCell is one run of a sweep: one value of each varied parameter.
type SweepCell struct {
	Index    []int           `json:"index"`  // value index per varied parameter
	Values   []string        `json:"values"` // the values, per varied parameter
	File     string          `json:"file"`
	Games    int64           `json:"games"`
	Complete bool            `json:"complete"`
	Seats    []fairness.Seat `json:"seats"`
	// Advantage is seat 0's share minus the fair share, with its 95% interval, standard
	// error and the score test's p-value (fairness.FirstSeatOf).
	Advantage float64        `json:"advantage"`
	AdvCI     stats.Estimate `json:"advCI"`
	AdvSE     float64        `json:"advSE"`
	AdvP      float64        `json:"advP"`
	Length    Length         `json:"length"` // decisions per game
	Draws     float64        `json:"draws"`  // share of games drawn
}

// Length is a cell's mean game length (decisions per game) with its t interval and
// standard deviation. summary.json writes it as {"n", "mean", "sd", "ci"}, with 0 for what
// cannot be known: no games give all 0, one game an interval of the mean alone.
type Length struct {
	stats.Estimate
	SD float64
}

type lengthJSON struct {
	N    int64          `json:"n"`
	Mean float64        `json:"mean"`
	SD   float64        `json:"sd"`
	CI   stats.Estimate `json:"ci"`
}

// lengthOf is the game length of a run's aggregate.
func lengthOf(a *sim.Aggregate) Length {
	_, sd := stats.MeanStdDev(a.Games, a.DecisionsSum, a.DecisionsSumSq)
	return Length{Estimate: stats.MeanT(a.Games, a.DecisionsSum, a.DecisionsSumSq), SD: sd}
}

// MarshalJSON implements json.Marshaler.
func (l Length) MarshalJSON() ([]byte, error) {
	v := lengthJSON{N: l.N}
	if l.N > 0 {
		v.Mean, v.CI = l.Value, l.Estimate
		if l.N < 2 {
			v.CI.Lo, v.CI.Hi = l.Value, l.Value
		} else {
			v.SD = l.SD
		}
	}
	return json.Marshal(v)
}

// UnmarshalJSON implements json.Unmarshaler.
func (l *Length) UnmarshalJSON(data []byte) error {
	var v lengthJSON
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*l = Length{Estimate: stats.Estimate{Value: v.Mean, Lo: v.CI.Lo, Hi: v.CI.Hi, N: v.N, Method: "t"}, SD: v.SD}
	return nil
}

// Sweep is the analysis of a rules-parameter sweep.
type Sweep struct {
	Meta         doc.Meta          `json:"meta"`
	Agents       []string          `json:"agents"` // by seat (fixed seating)
	Players      int               `json:"players"`
	Fair         float64           `json:"fair"`
	Vary         []experiment.Vary `json:"vary"`
	Cells        []SweepCell       `json:"cells"` // row-major over the values of Vary[0], then Vary[1]
	Compensation []Compensation    `json:"compensation"`
	Findings     []string          `json:"findings"`
	charts       []*chart.Chart
}

// AnalyzeSweep analyses the runs of a sweep: results[i] is run i in SweepCells order (nil
// when not played), with fixed seating.
func AnalyzeSweep(meta doc.Meta, agentNames []string, players int, vs []experiment.Vary, results []*sim.Result, files []string) (*Sweep, error) {
	if len(vs) < 1 || len(vs) > 2 {
		return nil, errors.New("a sweep varies one or two parameters")
	}
	s := &Sweep{Meta: meta, Agents: agentNames, Players: players, Fair: 1 / float64(players), Vary: vs}
	n, index := experiment.SweepCells(vs)
	if len(results) != n {
		return nil, fmt.Errorf("sweep: %d results for %d runs", len(results), n)
	}
	for i, r := range results {
		if r == nil || r.Games == 0 {
			continue
		}
		c := SweepCell{Index: index(i), File: files[i], Games: r.Games, Complete: r.Complete}
		for k, j := range c.Index {
			c.Values = append(c.Values, vs[k].Values[j])
		}
		fs := fairness.FirstSeatOf(r, s.Fair)
		c.Seats, c.Advantage, c.AdvCI, c.AdvSE, c.AdvP = fs.Seats, fs.Advantage.Value, fs.Advantage, fs.Seats[0].SE, fs.P
		a := r.Aggregate
		c.Length = lengthOf(&a)
		c.Draws = float64(a.Draws) / float64(a.Games)
		s.Cells = append(s.Cells, c)
	}
	s.compensate()
	s.findings()
	return s, nil
}

// cellAt finds the cell with the given value indices.
func (s *Sweep) cellAt(idx ...int) *SweepCell {
	for i := range s.Cells {
		c := &s.Cells[i]
		match := true
		for k := range idx {
			match = match && c.Index[k] == idx[k]
		}
		if match {
			return c
		}
	}
	return nil
}

// line returns the cells along the first parameter for value j of the second (or all,
// for one parameter), in value order, skipping runs not played.
func (s *Sweep) line(j int) []*SweepCell {
	var out []*SweepCell
	for i := range s.Vary[0].Values {
		idx := []int{i}
		if len(s.Vary) == 2 {
			idx = append(idx, j)
		}
		if c := s.cellAt(idx...); c != nil {
			out = append(out, c)
		}
	}
	return out
}

func (s *Sweep) lines() int {
	if len(s.Vary) == 2 {
		return len(s.Vary[1].Values)
	}
	return 1
}

// compensate estimates, along the first parameter when it is numeric, the value that
// makes the seats fair (for each value of the second parameter).
func (s *Sweep) compensate() {
	v := s.Vary[0]
	if !v.Numeric {
		return
	}
	for j := 0; j < s.lines(); j++ {
		cells := s.line(j)
		if len(cells) < 2 {
			continue
		}
		var x, d, se []float64
		for _, c := range cells {
			x = append(x, v.Nums[c.Index[0]])
			d = append(d, c.Advantage)
			se = append(se, c.AdvSE)
		}
		c := Compensate(v.Key, x, d, se)
		best := cells[0]
		for _, cl := range cells {
			if math.Abs(cl.Advantage) < math.Abs(best.Advantage) {
				best = cl
			}
		}
		bx, bci := v.Nums[best.Index[0]], best.AdvCI
		c.Closest, c.ClosestAdv, c.ClosestCI = &bx, best.Advantage, &bci
		if c.Moves {
			c.Text += fmt.Sprintf(" Of the values played, %s = %s is the closest to fair: %s %s.", v.Key, v.Values[best.Index[0]], format.PtsUnit(best.Advantage), format.IvPtsRaw(bci))
		}
		if len(s.Vary) == 2 {
			c.At = s.Vary[1].Key + "=" + s.Vary[1].Values[j]
			c.Text = "With " + c.At + ": " + c.Text
		}
		s.Compensation = append(s.Compensation, c)
	}
}

func (s *Sweep) keysText() string {
	var ks []string
	for _, v := range s.Vary {
		ks = append(ks, v.Key)
	}
	return strings.Join(ks, " × ")
}

func (s *Sweep) findings() {
	var f []string
	if len(s.Cells) == 0 {
		s.Findings = []string{"No run of the sweep was played."}
		return
	}
	lo, hi := &s.Cells[0], &s.Cells[0]
	for i := range s.Cells {
		c := &s.Cells[i]
		if c.Advantage < lo.Advantage {
			lo = c
		}
		if c.Advantage > hi.Advantage {
			hi = c
		}
	}
	f = append(f, fmt.Sprintf("Seat 0's advantage ranges from %s %s at %s to %s %s at %s.",
		format.PtsUnit(lo.Advantage), format.IvPtsRaw(lo.AdvCI), s.cellName(lo), format.PtsUnit(hi.Advantage), format.IvPtsRaw(hi.AdvCI), s.cellName(hi)))
	for _, c := range s.Compensation {
		f = append(f, c.Text)
	}
	if !s.Vary[0].Numeric {
		f = append(f, fmt.Sprintf("%s is not numeric: no fair value is interpolated.", s.Vary[0].Key))
	}
	short, long := &s.Cells[0], &s.Cells[0]
	for i := range s.Cells {
		c := &s.Cells[i]
		if c.Length.Value < short.Length.Value {
			short = c
		}
		if c.Length.Value > long.Length.Value {
			long = c
		}
	}
	f = append(f, fmt.Sprintf("Games last from %.1f decisions on average at %s to %.1f at %s.", short.Length.Value, s.cellName(short), long.Length.Value, s.cellName(long)))
	same := true
	for _, a := range s.Agents {
		same = same && a == s.Agents[0]
	}
	if !same {
		f = append(f, "The seats hold different agents, so a seat's share mixes the seat's advantage with its agent's strength.")
	}
	s.Findings = f
}

func (s *Sweep) cellName(c *SweepCell) string {
	var parts []string
	for k, v := range s.Vary {
		parts = append(parts, v.Key+"="+c.Values[k])
	}
	return strings.Join(parts, ", ")
}

// xAxis gives the chart position of value i of the first parameter.
func (s *Sweep) x(i int) float64 {
	if v := s.Vary[0]; v.Numeric {
		return v.Nums[i]
	}
	return float64(i)
}

func (s *Sweep) setXAxis(p *plot.Plot) {
	v := s.Vary[0]
	var ticks []plot.Tick
	for i, val := range v.Values {
		ticks = append(ticks, plot.Tick{Value: s.x(i), Label: chart.ShortName(val, 14)})
	}
	if len(ticks) <= 16 {
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	}
	lo, hi := s.x(0), s.x(len(v.Values)-1)
	if v.Numeric {
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, x := range v.Nums {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	pad := (hi - lo) * 0.05
	p.X.Min, p.X.Max = lo-pad, hi+pad
}

// Charts renders the sweep's charts: the seats' win shares and the game length against
// the lever, then the first-player advantage with the fair value (one lever) or its heat
// map (two levers).
func (s *Sweep) Charts() ([]*chart.Chart, error) {
	if s.charts != nil || len(s.Cells) == 0 {
		return s.charts, nil
	}
	makers := []func() (*chart.Chart, error){s.seatsChart, s.lengthChart, s.advantageChart}
	if len(s.Vary) == 2 {
		makers[2] = s.advantageMap
	}
	var out []*chart.Chart
	for _, mk := range makers {
		c, err := mk()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	s.charts = out
	return s.charts, nil
}

// seatsChart is the seats' win shares against the lever (seat 0's, one line per value of
// the second lever, with two).
func (s *Sweep) seatsChart() (*chart.Chart, error) {
	key, two := s.Vary[0].Key, len(s.Vary) == 2
	sub := "win share per seat, 95% Wilson intervals"
	if two {
		sub = "seat 0's win share, one line per value of " + s.Vary[1].Key + ", 95% intervals"
	}
	p := chart.NewGridPlot("Seat win shares against "+key, sub, key, "win share (%)")
	if two {
		for j := 0; j < s.lines(); j++ {
			se := s.seatSeries(s.line(j), 0, s.Vary[1].Key+"="+s.Vary[1].Values[j], chart.SeriesColor(j))
			if err := chart.AddSeries(p, se, true); err != nil {
				return nil, err
			}
		}
	} else {
		for seat := 0; seat < s.Players; seat++ {
			se := s.seatSeries(s.line(0), seat, fmt.Sprintf("seat %d (%s)", seat, chart.ShortName(s.Agents[seat], 24)), chart.SeriesColor(seat))
			if err := chart.AddSeries(p, se, true); err != nil {
				return nil, err
			}
		}
	}
	s.setXAxis(p)
	if err := chart.AddHLine(p, 100*s.Fair, p.X.Min, p.X.Max, chart.FairColor, "fair share"); err != nil {
		return nil, err
	}
	chart.Headroom(p, 0.2)
	c, err := chart.Render(p, "seats", chart.Width, chart.Height)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// lengthChart is the mean game length against the lever.
func (s *Sweep) lengthChart() (*chart.Chart, error) {
	key, two := s.Vary[0].Key, len(s.Vary) == 2
	p := chart.NewGridPlot("Game length against "+key, "mean decisions per game, 95% t intervals", key, "decisions per game")
	for j := 0; j < s.lines(); j++ {
		var se chart.Series
		se.Color = chart.SeriesColor(j)
		if two {
			se.Name = s.Vary[1].Key + "=" + s.Vary[1].Values[j]
		}
		for _, c := range s.line(j) {
			lo, hi := c.Length.Lo, c.Length.Hi
			if c.Length.N < 2 {
				lo, hi = c.Length.Value, c.Length.Value
			}
			se.X = append(se.X, s.x(c.Index[0]))
			se.Y = append(se.Y, c.Length.Value)
			se.Lo = append(se.Lo, lo)
			se.Hi = append(se.Hi, hi)
		}
		if len(se.X) == 0 {
			continue
		}
		if err := chart.AddSeries(p, se, true); err != nil {
			return nil, err
		}
	}
	s.setXAxis(p)
	if two {
		chart.Headroom(p, 0.2)
	}
	c, err := chart.Render(p, "length", chart.Width, chart.Height)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// advantageChart is seat 0's advantage against the one lever, with the fair value and its
// interval when the sweep found one.
func (s *Sweep) advantageChart() (*chart.Chart, error) {
	key := s.Vary[0].Key
	sub := "seat 0's share minus the fair share, 95% band"
	if len(s.Compensation) == 1 && s.Compensation[0].Found {
		sub += "; the fair value and its interval"
	}
	p := chart.NewGridPlot("First-player advantage against "+key, sub, key, "advantage (percentage points)")
	var x, y, lo, hi []float64
	for _, c := range s.line(0) {
		x = append(x, s.x(c.Index[0]))
		y = append(y, 100*c.Advantage)
		lo = append(lo, 100*c.AdvCI.Lo)
		hi = append(hi, 100*c.AdvCI.Hi)
	}
	if s.Vary[0].Numeric {
		if err := chart.AddBand(p, x, lo, hi, chart.BandColor); err != nil {
			return nil, err
		}
	}
	if err := chart.AddSeries(p, chart.Series{Name: "seat 0 advantage", X: x, Y: y, Lo: lo, Hi: hi, Color: chart.SeriesColor(0)}, true); err != nil {
		return nil, err
	}
	s.setXAxis(p)
	if err := chart.AddHLine(p, 0, p.X.Min, p.X.Max, chart.FairColor, "fair"); err != nil {
		return nil, err
	}
	if len(s.Compensation) == 1 && s.Compensation[0].Found {
		cp := s.Compensation[0]
		ymin, ymax := math.Inf(1), math.Inf(-1)
		for i := range lo {
			ymin, ymax = math.Min(ymin, lo[i]), math.Max(ymax, hi[i])
		}
		ymin, ymax = math.Min(ymin, 0), math.Max(ymax, 0)
		fair := cp.Crossings
		if len(fair) == 0 {
			fair = []Crossing{{Value: cp.Value, CI: cp.CI}}
		}
		for k, x := range fair {
			name := ""
			if k == 0 {
				name = "fair value(s) and 95% intervals"
			}
			if err := chart.AddVLine(p, x.Value, ymin, ymax, chart.SeriesColor(2), name); err != nil {
				return nil, err
			}
			for _, e := range []float64{x.CI.Lo, x.CI.Hi} {
				if e >= p.X.Min && e <= p.X.Max {
					if err := chart.AddVLine(p, e, ymin, ymax, chart.BandColor, ""); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	chart.Headroom(p, 0.2)
	c, err := chart.Render(p, "advantage", chart.Width, chart.Height)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// advantageMap is seat 0's advantage over the grid of two levers.
func (s *Sweep) advantageMap() (*chart.Chart, error) {
	v0, v1 := s.Vary[0], s.Vary[1]
	z := make([][]float64, len(v1.Values))
	labels := make([][]string, len(v1.Values))
	span := 0.02
	for j := range v1.Values {
		z[j] = make([]float64, len(v0.Values))
		labels[j] = make([]string, len(v0.Values))
		for i := range v0.Values {
			c := s.cellAt(i, j)
			if c == nil {
				z[j][i] = math.NaN()
				continue
			}
			z[j][i] = c.Advantage
			span = math.Max(span, math.Abs(c.Advantage))
			labels[j][i] = fmt.Sprintf("%+.1f", 100*c.Advantage)
			if len(v0.Values) <= 8 {
				labels[j][i] += "\n" + fmt.Sprintf("[%+.1f, %+.1f]", 100*c.AdvCI.Lo, 100*c.AdvCI.Hi)
			}
		}
	}
	var cols, rows []string
	for _, x := range v0.Values {
		cols = append(cols, chart.ShortName(x, 12))
	}
	for _, y := range v1.Values {
		rows = append(rows, chart.ShortName(y, 12))
	}
	c, err := chart.HeatMap("First-player advantage: "+v0.Key+" × "+v1.Key, "seat 0's share minus the fair share, percentage points, 95% intervals (blue: seat 0 behind, red: ahead)",
		v0.Key, v1.Key, z, labels, cols, rows, 0, span, "advantage-map")
	if err != nil {
		return nil, err
	}
	return c, nil
}

func (s *Sweep) seatSeries(cells []*SweepCell, seat int, name string, col color.Color) chart.Series {
	se := chart.Series{Name: name, Color: col}
	for _, c := range cells {
		sh := c.Seats[seat].Share
		se.X = append(se.X, s.x(c.Index[0]))
		se.Y = append(se.Y, 100*sh.Value)
		se.Lo = append(se.Lo, 100*sh.Lo)
		se.Hi = append(se.Hi, 100*sh.Hi)
	}
	return se
}

// Doc builds the report.
func (s *Sweep) Doc() (*doc.Doc, error) {
	charts, err := s.Charts()
	if err != nil {
		return nil, err
	}
	var games int64
	for _, c := range s.Cells {
		games += c.Games
	}
	var vals []string
	for _, v := range s.Vary {
		vals = append(vals, v.Key+" = "+strings.Join(v.Values, ", "))
	}
	d := s.Meta.NewDoc(fmt.Sprintf("Rules sweep: %s — %s, %d players", s.keysText(), s.Meta.Game, s.Players),
		doc.KV{Key: "Agents", Value: strings.Join(s.Agents, "; ") + " (seat 0 first; fixed seating)"},
		doc.KV{Key: "Varied", Value: strings.Join(vals, "; ")},
		doc.KV{Key: "Games", Value: fmt.Sprintf("%s in %d runs (the same deal seeds for every value)", format.Count(games), len(s.Cells))},
	)
	d.AddSection("Findings").Add(doc.Bullets(s.Findings...))
	right := func(head, key string) doc.Column { return doc.Column{Head: head, Key: key, Align: doc.Right} }
	var cols []doc.Column
	for _, v := range s.Vary {
		cols = append(cols, doc.Column{Head: v.Key, Key: v.Key})
	}
	cols = append(cols, right("games", "games"))
	for seat := 0; seat < s.Players; seat++ {
		cols = append(cols, right(fmt.Sprintf("seat %d", seat), fmt.Sprintf("seat%d_share", seat)))
	}
	cols = append(cols, right("seat 0 advantage", "advantage"), right("95% interval", "advantage_ci"), right("p", "p"), right("decisions", "decisions"))
	tb := doc.NewTable("runs", cols...)
	for _, c := range s.Cells {
		var row []doc.Cell
		for _, v := range c.Values {
			row = append(row, doc.Text(v))
		}
		if !c.Complete {
			row[0].Text += " (incomplete)"
			row[0].Value = c.Values[0]
		}
		row = append(row, doc.Int(format.Count(c.Games), c.Games))
		for _, sh := range c.Seats {
			row = append(row, doc.Num(format.Pct(sh.Share.Value), sh.Share.Value))
		}
		row = append(row, doc.Num(format.PtsUnit(c.Advantage), c.Advantage), doc.Span(format.IvPtsRaw(c.AdvCI), c.AdvCI.Lo, c.AdvCI.Hi),
			doc.Num(format.PTextFine(c.AdvP), c.AdvP), doc.Num(fmt.Sprintf("%.1f", c.Length.Value), c.Length.Value))
		tb.Row(row...)
	}
	d.AddSection("Runs").Add(tb)
	if len(s.Compensation) > 0 {
		ct := doc.NewTable("compensation", doc.Column{Head: "at", Key: "at"}, right("slope per unit", "slope"), right("slope p", "slope_p"),
			right("lack of fit p", "lack_of_fit_p"), right("method", "method"), right("fair value", "fair_value"), right("95% interval", "fair_value_ci"))
		for _, c := range s.Compensation {
			at := c.At
			if at == "" {
				at = "—"
			}
			fair, iv := doc.Text("none in range"), doc.Text("")
			switch {
			case len(c.Crossings) > 0:
				var fs, is []string
				for _, x := range c.Crossings {
					fs, is = append(fs, format.Fixed2(x.Value)), append(is, format.IvFixed2(x.CI))
				}
				fair, iv = doc.Text(strings.Join(fs, "; ")), doc.Text(strings.Join(is, "; "))
				if len(c.Crossings) == 1 {
					x := c.Crossings[0]
					fair, iv = doc.Num(fair.Text, x.Value), doc.Span(iv.Text, x.CI.Lo, x.CI.Hi)
				}
			case c.Found:
				fair, iv = doc.Num(format.Fixed2(c.Value), c.Value), doc.Span(format.IvFixed2(c.CI), c.CI.Lo, c.CI.Hi)
			case c.Method == "":
				fair = doc.Text("not moved")
			}
			ct.Row(doc.Cell{Text: at, Value: c.At}, doc.Num(format.PtsUnit(c.Slope), c.Slope), doc.Num(format.PTextFine(c.SlopeP), c.SlopeP),
				doc.Num(format.PTextFine(c.LackOfFit.P), c.LackOfFit.P), doc.Text(c.Method), fair, iv)
		}
		d.AddSection("Compensation: the fair value of " + s.Vary[0].Key).Add(ct)
	}
	cs := d.AddSection("Charts")
	for _, c := range charts {
		cs.Add(doc.Fig(c))
	}
	m := d.AddSection("Methods").Add(doc.Bullets(
		"Every value is played with the same agents, fixed seating and the same run seed (the same deal seeds: common random numbers), so differences between values are not deal luck.",
		"Seat win shares: 95% Wilson score intervals (Wilson 1927); seat 0's advantage is its share minus 1/players, tested with the score test (R: prop.test(x, n, p, correct = FALSE)). Game length: mean decisions per game with a 95% t interval.",
		"Compensation: a straight line fitted to seat 0's advantage by weighted least squares (weights 1/se², se from Agresti & Coull 1998); the parameter moves the advantage when the slope or the lack-of-fit chi-square is significant at 5%. When the line fits, the fair value is where it crosses zero, with a delta-method 95% interval; when it does not, the fair value is interpolated between the two values that bracket the sign change, and its interval is the stretch where the linearly interpolated 95% band contains zero.",
	))
	m.NewPage = true
	return d, nil
}

// Write renders the report into dir.
func (s *Sweep) Write(dir string) ([]string, error) {
	return doc.Write(dir, s.Doc, s)
}
