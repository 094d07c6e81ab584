package fairness

import (
	"encoding/json"

	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Seat is one seat's record in a run: its wins (a k-way shared win counts 1/k), its win
// share over all the games with the Wilson interval (N = games), and the Agresti–Coull
// standard error of the share (stats.AgrestiCoullSE), for the regressions that weight
// by it. summary.json writes it as {"wins", "games", "share", "se", "ci"}.
type Seat struct {
	Wins  float64
	Share stats.Estimate
	SE    float64
}

type seatJSON struct {
	Wins  float64        `json:"wins"`  // wins alone plus 1/k per k-way shared win
	Games int64          `json:"games"` // games played
	Share float64        `json:"share"` // Wins / Games
	SE    float64        `json:"se"`    // standard error of Share
	CI    stats.Estimate `json:"ci"`    // 95% Wilson interval
}

// MarshalJSON implements json.Marshaler.
func (s Seat) MarshalJSON() ([]byte, error) {
	return json.Marshal(seatJSON{Wins: s.Wins, Games: s.Share.N, Share: s.Share.Value, SE: s.SE, CI: s.Share})
}

// UnmarshalJSON implements json.Unmarshaler.
func (s *Seat) UnmarshalJSON(data []byte) error {
	var v seatJSON
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*s = Seat{Wins: v.Wins, Share: stats.Estimate{Value: v.Share, Lo: v.CI.Lo, Hi: v.CI.Hi, N: v.Games, Method: "wilson"}, SE: v.SE}
	return nil
}

// NewSeat summarises x wins (fractional for shared wins) in n independent games.
func NewSeat(x float64, n int64) Seat {
	return Seat{Wins: x, Share: stats.Share(x, n, 1), SE: stats.AgrestiCoullSE(x, n)}
}

// FirstSeat is every seat's win share in one run and the first seat's advantage: its
// share minus the fair share, with the Wilson interval shifted by it, and the two-sided
// score test against the fair share (R: prop.test(x, n, p, correct = FALSE)).
type FirstSeat struct {
	Seats     []Seat
	Advantage stats.Estimate
	P         float64
}

// FirstSeatOf reads a run's seats against the fair share fair.
func FirstSeatOf(r *sim.Result, fair float64) FirstSeat {
	var f FirstSeat
	for _, t := range r.Aggregate.Seats {
		f.Seats = append(f.Seats, NewSeat(t.WinShare(), t.Games))
	}
	s0 := f.Seats[0]
	f.Advantage = s0.Share.Shift(-fair)
	_, f.P = stats.PropZTest(s0.Wins, float64(s0.Share.N), fair)
	return f
}
