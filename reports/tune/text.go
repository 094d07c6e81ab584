package tune

import (
	"dragonlab/reports/format"
	"dragonlab/sim/stats"
	search "dragonlab/sim/tune"
	"fmt"
	"math"
	"strings"
)

// The certificate in words: what a row misses, a value with its interval, a change.

// Missing says, for a row that does not meet the targets, what is missing, one phrase per
// target missed: "seat 0's interval +0.4 [−2.3, +3.1] points reaches beyond ±2".
func Missing(r *search.Row, s *search.Spec) []string {
	var out []string
	for ti, t := range s.Targets {
		if r.Met[ti] {
			continue
		}
		switch t.Kind {
		case search.Skill:
			n := 0
			for _, v := range r.Values {
				if v.Component.Target == ti && v.Inside {
					n++
				}
			}
			out = append(out, fmt.Sprintf("%d levels of play told apart, not %d", n+1, t.Levels))
		default:
			for _, v := range r.Values {
				if v.Component.Target != ti || v.Inside {
					continue
				}
				out = append(out, fmt.Sprintf("%s %s %s", v.Component.Name, ValueText(v), beyond(t, v.Estimate)))
			}
		}
	}
	return out
}

// beyond says how an interval misses its target.
func beyond(t search.Target, e stats.Estimate) string {
	switch t.Kind {
	case search.Fair:
		if e.Lo > t.Points || e.Hi < -t.Points {
			return "lies outside ±" + format.Trim(100*t.Points, 2) + " points"
		}
		return "reaches beyond ±" + format.Trim(100*t.Points, 2) + " points"
	case search.Length:
		return fmt.Sprintf("is not within %s–%s decisions", format.Trim(t.Decisions*(1-t.Tolerance), 1), format.Trim(t.Decisions*(1+t.Tolerance), 1))
	case search.Luck:
		return "reaches above " + format.Pct(t.Share)
	}
	return ""
}

// ValueText writes a certified value with its interval in the component's unit: points of
// win share for seats and skill steps, decisions for length, a percentage for luck.
func ValueText(v search.Value) string {
	e := v.Estimate
	switch v.Component.Kind {
	case search.Fair, search.Skill:
		return format.PtsIv(e) + " points"
	case search.Length:
		return format.Num(e.Value, 1) + " " + format.IvNum(e, 1) + " decisions"
	case search.Luck:
		return format.PctIv(e)
	}
	return ""
}

// ChangeText writes a candidate's change in words: "seatBonus [0,0] → [0,3] (seat 1
// starts with 3 points); handSize 6 → 5".
func ChangeText(s *search.Spec, c search.Candidate) string {
	if c.Changed == 0 {
		return "no change"
	}
	var parts []string
	if seats := SeatVector(s, c); seats != "" {
		parts = append(parts, seats)
	}
	for i, l := range s.Levers {
		if c.Values[i] == l.Base || l.Seat >= 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s → %s", l.Path, format.Trim(l.Base, 4), format.Trim(c.Values[i], 4)))
	}
	return strings.Join(parts, "; ")
}

// SeatVector writes a change of starting points as the whole seatBonus with the seats it
// changes in words, and the same rules with the smallest bonus at 0 when that differs:
// "seatBonus [0,4] → [5,4] (seat 0 starts with 5 points instead of 0; the same as [1,0])".
func SeatVector(s *search.Spec, c search.Candidate) string {
	old := make([]float64, s.Players)
	now := make([]float64, s.Players)
	changed := false
	var words []string
	for i, l := range s.Levers {
		if l.Seat < 0 {
			continue
		}
		old[l.Seat], now[l.Seat] = l.Base, c.Values[i]
		if c.Values[i] != l.Base {
			changed = true
			w := fmt.Sprintf("seat %d starts with %s", l.Seat, format.Plural(int64(c.Values[i]), "point"))
			if l.Base != 0 {
				w += " instead of " + format.Trim(l.Base, 4)
			}
			words = append(words, w)
		}
	}
	if !changed {
		return ""
	}
	// Seats that are not levers keep their base (0 unless the rules set them).
	vec := func(v []float64) string {
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = format.Trim(x, 4)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	text := fmt.Sprintf("seatBonus %s → %s (%s", vec(old), vec(now), strings.Join(words, ", "))
	if _, full := search.SeatFamily(s.Levers, s.Players); full {
		lo := now[0]
		for _, x := range now {
			lo = math.Min(lo, x)
		}
		if lo != 0 {
			shifted := make([]float64, len(now))
			for i, x := range now {
				shifted[i] = x - lo
			}
			text += "; the same as " + vec(shifted)
		}
	}
	return text + ")"
}

// SignedNum writes x with its sign ("+2", "-0.5"), trimmed.
func SignedNum(x float64) string {
	if x >= 0 {
		return "+" + format.Trim(x, 4)
	}
	return format.Trim(x, 4)
}
