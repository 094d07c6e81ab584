package fairness

// The fairness verdicts in words: one function for page 1's cell and every section that
// names a verdict, so the same seat test always reads the same.

// Verdict words.
const (
	Favoured    = "favoured"
	Disfavoured = "disfavoured"
	Fair        = "fair"
	NotSettled  = "not settled"
)

// Verdict words a seat's test: "favoured" or "disfavoured" (by the sign of its advantage)
// when it is significant after Holm's correction; else "fair" when the seat intervals are
// within the target (settled: stats.MoreGames is 0), "not settled" when they are wider. A
// significant seat stays favoured even when its size is not settled yet.
func Verdict(significant bool, advantage float64, settled bool) string {
	switch {
	case significant && advantage < 0:
		return Disfavoured
	case significant:
		return Favoured
	case settled:
		return Fair
	}
	return NotSettled
}
