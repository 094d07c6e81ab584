package format

import (
	"math"
	"testing"

	"dragonlab/sim/stats"
)

func TestFormats(t *testing.T) {
	iv := stats.Estimate{Value: 0.041, Lo: 0.0204, Hi: 0.0618, Method: "newcombe"}
	nan := math.NaN()
	for _, tc := range []struct{ got, want string }{
		{Pct(0.249), "24.9%"}, {Pct(nan), "n/a"}, {PctShort(0.2), "20%"}, {PctShort(1.0 / 3), "33.3%"},
		{IvPct(iv), "[2.0, 6.2]"}, {PctIv(iv), "4.1% [2.0, 6.2]"},
		{Pts(0.041), "+4.1"}, {Pts(-0.0004), "+0.0"}, {Pts(-0.012), "-1.2"}, {IvPts(iv), "[+2.0, +6.2]"}, {PtsIv(iv), "+4.1 [+2.0, +6.2]"},
		{PtsUnit(0.041), "+4.1 pts"}, {PtsUnit(-0.0004), "-0.0 pts"}, {IvPtsRaw(stats.Estimate{Lo: -0.0004, Hi: 0.02}), "[-0.0, +2.0]"},
		{Num(3.14159, 2), "3.14"}, {Num(nan, 1), "n/a"}, {IvNum(stats.Estimate{Lo: 34, Hi: 34.44}, 1), "[34.0, 34.4]"},
		{IvNum(stats.Estimate{Lo: nan, Hi: nan}, 1), ""}, {Compact(12), "12"}, {Compact(11.5), "11.5"},
		{Trim(2.5, 2), "2.5"}, {Trim(3, 2), "3"}, {Trim(-0.001, 2), "0"}, {Trim(75, 4), "75"}, {Trim(100, 0), "100"},
		{IvTrim(stats.Estimate{Lo: 1.5, Hi: 3}, 2), "[1.5, 3]"},
		{Fixed2(2.5), "2.50"}, {Fixed2(150.4), "150"}, {IvFixed2(stats.Estimate{Lo: 1.25, Hi: 3}), "[1.25, 3.00]"},
		{Elo(119.6), "+120"}, {Elo(-0.4), "+0"}, {Elo(-80), "-80"}, {IvElo(stats.Estimate{Lo: 80, Hi: 160}), "[+80, +160]"},
		{Amount(2000), "2,000"}, {Amount(0.5), "0.5"}, {Ms(12.3), "12"}, {Ms(0.523), "0.52"}, {Ms(0.00012), "0.0001"},
		{Count(1000000), "1,000,000"}, {Count(-1234), "-1,234"}, {Count(999), "999"},
		{Plural(1, "game"), "1 game"}, {Plural(20000, "game"), "20,000 games"}, {PercentOf(312, 20000), "312 (1.6%)"}, {PercentOf(3, 0), "3"},
		{PText(0.0004), "p < 0.001"}, {PText(0.0042), "p = 0.004"}, {PText(0.42), "p = 0.42"}, {PText(nan), "not tested"},
		{PCell(0.0004), "< 0.001"}, {PCell(0.042), "0.04"},
		{PTextFine(0.00004), "p < 0.0001"}, {PTextFine(0.00042), "p = 0.0004"}, {PTextFine(0.042), "p = 0.042"}, {PTextFine(nan), "p = n/a"},
		{Capitalize("seat 0"), "Seat 0"}, {Capitalize("élan"), "Élan"}, {Capitalize(""), ""},
		{JoinAnd(nil), ""}, {JoinAnd([]string{"a"}), "a"}, {JoinAnd([]string{"a", "b", "c"}), "a, b and c"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// An interval end just below 0 keeps its sign, so an interval that leaves 0 never reads
// as touching it from the other side.
func TestIntervalEndBelowZeroKeepsItsSign(t *testing.T) {
	e := stats.Estimate{Value: -0.03, Lo: -0.061, Hi: -0.0002}
	if got, want := IvPts(e), "[-6.1, -0.0]"; got != want {
		t.Fatalf("IvPts = %q, want %q", got, want)
	}
	if got, want := Pts(-0.0002), "+0.0"; got != want {
		t.Fatalf("Pts of a value rounding to zero = %q, want %q", got, want)
	}
}
