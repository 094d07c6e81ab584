package reports

import "gonum.org/v1/plot"

// Exported for reports/why (its charts and sentences look and read like the rest of the
// report): thin wrappers of this package's own helpers.

// NewPlot makes a plot with the report's fonts, ticks and grid and a two-line title.
func NewPlot(title, subtitle, xLabel, yLabel string) *plot.Plot {
	return newPlot(title, subtitle, xLabel, yLabel)
}

// Pct formats a share as a percentage with one decimal: "24.9%".
func Pct(x float64) string { return pct(x) }

// IvPct formats an interval of shares in percent: "[24.1, 25.7]".
func IvPct(iv Interval) string { return ivPct(iv) }

// Pts formats a difference of shares in percentage points with its sign: "+4.1".
func Pts(d float64) string { return pts(d) }

// IvPts formats an interval of differences in points: "[+3.8, +4.4]".
func IvPts(iv Interval) string { return ivPts(iv) }

// Num formats a number with the given decimals ("n/a" for NaN).
func Num(x float64, dec int) string { return num(x, dec) }

// IvNum formats an interval of means: "[34.0, 34.4]" ("" if unknown).
func IvNum(iv Interval, dec int) string { return ivNum(iv, dec) }

// PText formats a p-value for a sentence: "p < 0.001", "p = 0.042".
func PText(p float64) string { return pText(p) }

// PCell formats a p-value for a table cell: "<0.001", "0.042".
func PCell(p float64) string { return pCell(p) }
