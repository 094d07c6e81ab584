// Package text writes counts and numbers the way every message and report of dragonlab
// does. It is the one home of these functions: the executor (sim/…) writes them in its
// messages, logs and names and must not import reports, so reports/format calls them here.
package text

import (
	"math"
	"strconv"
	"strings"
)

// Count formats an integer with thousands separators: "1,000,000", "-1,234".
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Plural counts a word: "1 game", "20,000 games".
func Plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return Count(n) + " " + word + "s"
}

// Pct formats a share as a percentage with one decimal: "24.9%" ("n/a" for NaN).
func Pct(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(100*x, 'f', 1, 64) + "%"
}

// Trim formats a number with at most dec decimals, trailing zeros dropped: Trim(2.5, 2)
// is "2.5", Trim(3, 2) "3" (a rounded −0 is "0").
func Trim(x float64, dec int) string {
	s := strconv.FormatFloat(x, 'f', dec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
