package value

import "math"

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
