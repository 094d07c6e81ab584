package value

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"
)

// How well a model predicts on games it was not fitted on. Every seat at every position
// is one sample: the model's value v against the seat's final win share y.
//
//   - log-loss: the mean of −(y·log v + (1−y)·log(1−v)), v clipped to [Clip, 1−Clip] (a
//     linear model can stray outside [0, 1]); lower is better, and it punishes a
//     confident wrong value hard;
//   - Brier: the mean of (v − y)²; R² is 1 − Brier / the variance of y on the games;
//   - calibration: the samples in CalibrationBins bins of v; the calibration error is the
//     mean over samples of |mean v − mean y| of their bin (0: values mean what they say).

// Clip bounds the values the log-loss reads.
const Clip = 1e-3

// CalibrationBins is the number of equal-width bins of values in [0, 1] (values outside
// go to the end bins).
const CalibrationBins = 10

// Measure is a model's fit on games it was not fitted on.
type Measure struct {
	Games       int64   `json:"games"`
	Samples     int64   `json:"samples"` // positions × seats
	LogLoss     float64 `json:"logLoss"`
	Brier       float64 `json:"brier"`
	R2          float64 `json:"r2"`
	Calibration float64 `json:"calibration"` // calibration error
	Bins        []Bin   `json:"bins,omitempty"`
}

// Bin is one calibration bin: its samples, their mean value and mean outcome.
type Bin struct {
	Samples int64   `json:"samples"`
	Value   float64 `json:"value"`
	Outcome float64 `json:"outcome"`
}

// Scorer accumulates a Measure.
type Scorer struct {
	n             int64
	ll, se, y, yy float64
	bn            [CalibrationBins]int64
	bv, by        [CalibrationBins]float64
}

// Add adds one sample: value v, outcome y.
func (s *Scorer) Add(v, y float64) {
	s.n++
	c := min(max(v, Clip), 1-Clip)
	s.ll -= y*math.Log(c) + (1-y)*math.Log(1-c)
	s.se += (v - y) * (v - y)
	s.y += y
	s.yy += y * y
	b := min(max(int(v*CalibrationBins), 0), CalibrationBins-1)
	s.bn[b]++
	s.bv[b] += v
	s.by[b] += y
}

// Measure is the fit over the samples added, from games games.
func (s *Scorer) Measure(games int64) Measure {
	m := Measure{Games: games, Samples: s.n}
	if s.n == 0 {
		return m
	}
	n := float64(s.n)
	m.LogLoss, m.Brier = s.ll/n, s.se/n
	if vy := s.yy/n - (s.y/n)*(s.y/n); vy > 0 {
		m.R2 = 1 - m.Brier/vy
	}
	for b := range s.bn {
		if s.bn[b] == 0 {
			continue
		}
		k := float64(s.bn[b])
		v, y := s.bv[b]/k, s.by[b]/k
		m.Bins = append(m.Bins, Bin{Samples: s.bn[b], Value: v, Outcome: y})
		m.Calibration += k * math.Abs(v-y) / n
	}
	return m
}

// Score measures m on the positions of d (from games games).
func Score(m *Model, d *Data, games int64) Measure {
	var sc Scorer
	v := make([]float64, d.Players)
	nk := d.Players * d.K
	for i := 0; i < d.Positions(); i++ {
		m.Eval(d.X[i*nk:(i+1)*nk], v)
		for s, x := range v {
			sc.Add(x, d.Y[i*d.Players+s])
		}
	}
	return sc.Measure(games)
}

// Words is a held-out fit in one line.
func (h *Measure) Words() string {
	return fmt.Sprintf("log-loss %.4f, R² %.3f, Brier %.4f, calibration error %.3f", h.LogLoss, h.R2, h.Brier, h.Calibration)
}

// WriteCompared writes the candidates of m's fit as a table: validation and held-out
// log-loss, held-out R² and calibration error, the kept one marked.
func (m *Model) WriteCompared(w io.Writer) {
	if len(m.Compared) == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "    candidate\tvalidation log-loss\theld-out log-loss\theld-out R²\tcalibration error\t")
	for _, c := range m.Compared {
		v := "–"
		if c.Validation != 0 {
			v = fmt.Sprintf("%.4f", c.Validation)
		}
		mark := ""
		if c.Name == m.Form() {
			mark = " (kept)"
		}
		fmt.Fprintf(tw, "    %s%s\t%s\t%.4f\t%.3f\t%.3f\t\n", c.Name, mark, v, c.HeldOut.LogLoss, c.HeldOut.R2, c.HeldOut.Calibration)
	}
	tw.Flush()
}

// Describe writes the file in words: its features and fit, then each player count's model
// (its fit, held-out measures and candidates, and its weights). agentName shortens an agent
// spec for reading.
func (l *Loaded) Describe(w io.Writer, game string, agentName func(string) string) {
	fi := l.File.Fit
	fmt.Fprintf(w, "%s value function, features %s, sha256 %s\n", game, l.File.Version, l.Ref.SHA256)
	fmt.Fprintf(w, "fitted by %s on self-play, seed %d (runs with --luck must use other seeds)\n", fi.Tool, fi.Seed)
	for _, m := range l.File.Models {
		fmt.Fprintf(w, "  %d %s: %d games of %s, %d positions×seats, R² %.3f\n", m.Players, players(m.Players), m.Games, agentName(m.Agent), m.Samples, m.R2)
		if m.HeldOut != nil {
			fmt.Fprintf(w, "    %s (%s link); held out (%d games of seed %d): %s\n", m.Form(), m.Link, m.HeldOut.Games, fi.HeldOutSeed, m.HeldOut.Words())
			m.WriteCompared(w)
		}
		if m.HeldOut != nil && m.Form() != KindLinear {
			fmt.Fprintf(w, "    weights of the standardised features in the score (before the %s link):\n", m.Link)
		}
		for j, name := range m.Features {
			fmt.Fprintf(w, "    %-20s %+.4f\n", name, m.Weights[j])
		}
	}
}

func players(n int) string {
	if n == 1 {
		return "player"
	}
	return "players"
}
