package luck

// The luck share in words: one scale for page 1's cell and every section that grades a
// share, so the same number always reads the same. The deal decides little below a
// quarter of the outcome and most of it above 60%.
const (
	// LowBelow is the share under which luck is "low".
	LowBelow = 0.25
	// HighFrom is the share from which luck is "high"; between the two it is "moderate".
	HighFrom = 0.6
)

// Word grades a luck share (0..1): "low", "moderate" or "high".
func Word(share float64) string {
	switch {
	case share < LowBelow:
		return "low"
	case share < HighFrom:
		return "moderate"
	}
	return "high"
}
