package designer

import (
	"strings"
	"testing"
)

// The sweep's rows of starting points never print a negative number: below 0 the same
// differences read as points for the earlier seats.
func TestSeatPointsNeverNegative(t *testing.T) {
	for _, c := range []struct {
		x       float64
		players int
		want    string
	}{
		{-3, 2, "seat 0 starts with 3 points"},
		{-1, 2, "seat 0 starts with 1 point"},
		{2, 2, "seat 1 starts with 2 points"},
		{-1, 3, "seats 0–1 start with 2 and 1 points"},
		{1.5, 3, "seats 1–2 start with 1.5 and 3 points"},
		{0, 4, "no starting points"},
	} {
		got := seatPoints(c.x, c.players)
		if got != c.want || strings.Contains(got, "-") {
			t.Errorf("seatPoints(%v, %d) = %q, want %q", c.x, c.players, got, c.want)
		}
	}
}
