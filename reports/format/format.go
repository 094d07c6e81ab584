// Package format writes the numbers of every report and answer: shares as percentages,
// differences of shares in points, means, counts, intervals and p-values, the same way
// everywhere ("seat 0 wins 54.1% [53.8, 54.4] of 20,000 games"). Intervals are
// stats.Estimate values; every function is pure.
//
// Two families of the second wave are kept apart because their texts differ in places
// that summary.json and summary.md record: the stage and designer reports' Pts, IvPts and
// PText, and the experiment reports' (tournament, ladder, sweep, compensation) PtsUnit,
// IvPtsRaw and PTextFine.
package format

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"dragonlab/sim/stats"
	"dragonlab/sim/text"
)

// PctShort formats a fair share without a useless decimal: "20%", "33.3%".
func PctShort(x float64) string {
	s := strconv.FormatFloat(100*x, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0") + "%"
}

// IvPct formats an interval of shares in percent: "[24.1, 25.7]".
func IvPct(e stats.Estimate) string {
	return "[" + strconv.FormatFloat(100*e.Lo, 'f', 1, 64) + ", " + strconv.FormatFloat(100*e.Hi, 'f', 1, 64) + "]"
}

// PctIv formats a share with its interval: "54.1% [53.8, 54.4]".
func PctIv(e stats.Estimate) string { return Pct(e.Value) + " " + IvPct(e) }

// signed formats x with dec decimals and its sign: "+4.1", "-0.3"; a value that rounds to
// zero is "+0.0", never "-0.0".
func signed(x float64, dec int) string {
	s := strconv.FormatFloat(x, 'f', dec, 64)
	if s == "-"+strconv.FormatFloat(0, 'f', dec, 64) {
		s = s[1:]
	}
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return s
}

// Pts formats a difference of shares in percentage points with its sign: "+4.1" ("-0.0"
// is "+0.0").
func Pts(d float64) string { return signed(100*d, 1) }

// IvPts formats an interval of differences in points: "[+3.8, +4.4]". An end below 0
// that rounds to zero keeps its sign ("[-6.1, -0.0]"): the interval leaves 0, and the
// verdict beside it ("disfavoured") says so; "+0.0" there would read as a contradiction.
func IvPts(e stats.Estimate) string { return "[" + ivEnd(e.Lo) + ", " + ivEnd(e.Hi) + "]" }

func ivEnd(d float64) string {
	if s := Pts(d); d < 0 && s == Pts(0) {
		return "-" + s[1:]
	}
	return Pts(d)
}

// PtsIv formats a difference with its interval, in points: "+4.1 [+2.0, +6.2]".
func PtsIv(e stats.Estimate) string { return Pts(e.Value) + " " + IvPts(e) }

// PtsUnit formats a difference of shares in points with its sign and unit, as the
// experiment reports write it: "+4.1 pts" (a rounded −0 keeps its sign: "-0.0 pts").
func PtsUnit(d float64) string { return fmt.Sprintf("%+.1f pts", 100*d) }

// IvPtsRaw formats an interval of differences in points as the experiment reports write
// it: "[+3.8, +4.4]" (a rounded −0 keeps its sign).
func IvPtsRaw(e stats.Estimate) string { return fmt.Sprintf("[%+.1f, %+.1f]", 100*e.Lo, 100*e.Hi) }

// Num formats a number with the given decimals ("n/a" for NaN).
func Num(x float64, dec int) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(x, 'f', dec, 64)
}

// IvNum formats an interval of means: "[34.0, 34.4]" ("" if unknown: NaN).
func IvNum(e stats.Estimate, dec int) string {
	if math.IsNaN(e.Lo) {
		return ""
	}
	return "[" + Num(e.Lo, dec) + ", " + Num(e.Hi, dec) + "]"
}

// Compact formats a number with one decimal, a whole number without: "11.5", "12".
func Compact(x float64) string { return strings.TrimSuffix(Num(x, 1), ".0") }

// IvTrim formats an interval with Trim: "[1.5, 3]".
func IvTrim(e stats.Estimate, dec int) string {
	return "[" + Trim(e.Lo, dec) + ", " + Trim(e.Hi, dec) + "]"
}

// Fixed2 formats a value of a rules parameter as the experiment reports write it: two
// decimals, none from 100 on ("2.50", "150").
func Fixed2(x float64) string {
	if math.Abs(x) >= 100 {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// IvFixed2 formats an interval with Fixed2: "[1.25, 3.00]".
func IvFixed2(e stats.Estimate) string { return "[" + Fixed2(e.Lo) + ", " + Fixed2(e.Hi) + "]" }

// Elo formats a rating difference in whole Elo points with its sign: "+120" ("-0" is "+0").
func Elo(x float64) string { return signed(x, 0) }

// IvElo formats an interval of Elo differences: "[+80, +160]".
func IvElo(e stats.Estimate) string { return "[" + Elo(e.Lo) + ", " + Elo(e.Hi) + "]" }

// Amount formats a whole number with thousands separators and any other with %g: a
// budget of "2,000" iterations, or "0.5".
func Amount(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return Count(int64(x))
	}
	return fmt.Sprintf("%g", x)
}

// Ms formats a time in milliseconds: no decimals from 10, two from 0.1, else four.
func Ms(ms float64) string {
	switch {
	case ms >= 10:
		return strconv.FormatFloat(ms, 'f', 0, 64)
	case ms >= 0.1:
		return strconv.FormatFloat(ms, 'f', 2, 64)
	}
	return strconv.FormatFloat(ms, 'f', 4, 64)
}

// PercentOf formats k of n as "312 (1.6%)" (the count alone when n is 0).
func PercentOf(k, n int64) string {
	if n == 0 {
		return Count(k)
	}
	return fmt.Sprintf("%s (%s)", Count(k), Pct(float64(k)/float64(n)))
}

// PText formats a p-value for a sentence: "p < 0.001", "p = 0.004", "p = 0.42" ("not
// tested" for NaN).
func PText(p float64) string {
	switch {
	case math.IsNaN(p):
		return "not tested"
	case p < 0.001:
		return "p < 0.001"
	case p < 0.01:
		return "p = " + strconv.FormatFloat(p, 'f', 3, 64)
	default:
		return "p = " + strconv.FormatFloat(p, 'f', 2, 64)
	}
}

// PCell formats a p-value for a table cell: "< 0.001", "0.04".
func PCell(p float64) string {
	return strings.TrimPrefix(strings.TrimPrefix(PText(p), "p = "), "p ")
}

// PTextFine formats a p-value for the experiment reports, with more digits: "p <
// 0.0001", "p = 0.0004", "p = 0.042" ("p = n/a" for NaN).
func PTextFine(p float64) string {
	switch {
	case math.IsNaN(p):
		return "p = n/a"
	case p < 1e-4:
		return "p < 0.0001"
	case p < 0.001:
		return fmt.Sprintf("p = %.4f", p)
	default:
		return fmt.Sprintf("p = %.3f", p)
	}
}

// Capitalize upper-cases the first letter of a sentence.
func Capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// JoinAnd joins "a", "b", "c" as "a, b and c".
func JoinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// Count formats an integer with thousands separators: "1,000,000", "-1,234" (text.Count,
// which the executor shares).
func Count(n int64) string { return text.Count(n) }

// Plural counts a word: "1 game", "20,000 games" (text.Plural).
func Plural(n int64, word string) string { return text.Plural(n, word) }

// Pct formats a share as a percentage with one decimal: "24.9%" ("n/a" for NaN)
// (text.Pct).
func Pct(x float64) string { return text.Pct(x) }

// Trim formats a number with at most dec decimals, trailing zeros dropped (text.Trim).
func Trim(x float64, dec int) string { return text.Trim(x, dec) }
