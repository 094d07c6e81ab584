package engine

import "fmt"

// MaxSeatBonus bounds the per-seat starting points of the seatBonus rules parameter.
const MaxSeatBonus = 99

// CheckSeatBonus validates a seatBonus parameter (per-seat starting points, a compensation
// that score-based games share): empty means all zeros; otherwise exactly one value per
// seat, seat 0 first, each within ±MaxSeatBonus. The error is one line naming the key.
func CheckSeatBonus(bonus []int, players int) error {
	if len(bonus) != 0 && len(bonus) != players {
		return fmt.Errorf("seatBonus: %d values for %d players; give [] (no bonus) or one value per seat, seat 0 first", len(bonus), players)
	}
	for i, v := range bonus {
		if v < -MaxSeatBonus || v > MaxSeatBonus {
			return fmt.Errorf("seatBonus: seat %d's bonus %d is out of range %d..%d", i, v, -MaxSeatBonus, MaxSeatBonus)
		}
	}
	return nil
}

// SeatBonusDoc is the one-line documentation of seatBonus; rules names the scoring and
// winning rules it enters (e.g. "DH-19/DH-20").
func SeatBonusDoc(rules string) string {
	return fmt.Sprintf("%s: starting points per seat, e.g. [0,2] gives seat 1 two points; [] (default) is all zeros, otherwise exactly one integer per seat (%d..%d); they count in the score and so in the winner and ties",
		rules, -MaxSeatBonus, MaxSeatBonus)
}
