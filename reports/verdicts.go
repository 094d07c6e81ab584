package reports

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"dragonlab/agents"
	"dragonlab/sim"
)

// pct formats a share as a percentage with one decimal: "24.9%".
func pct(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(100*x, 'f', 1, 64) + "%"
}

// pctShort formats a fair share without a useless decimal: "20%", "33.3%".
func pctShort(x float64) string {
	s := strconv.FormatFloat(100*x, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0") + "%"
}

// ivPct formats an interval of shares in percent: "[24.1, 25.7]".
func ivPct(iv Interval) string {
	return "[" + strconv.FormatFloat(100*iv.Lo, 'f', 1, 64) + ", " + strconv.FormatFloat(100*iv.Hi, 'f', 1, 64) + "]"
}

// pts formats a difference of shares in percentage points with its sign: "+4.1".
func pts(d float64) string {
	s := strconv.FormatFloat(100*d, 'f', 1, 64)
	if s == "-0.0" {
		s = "0.0"
	}
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return s
}

// ivPts formats an interval of differences in points: "[+3.8, +4.4]".
func ivPts(iv Interval) string { return "[" + pts(iv.Lo) + ", " + pts(iv.Hi) + "]" }

// num formats a mean with the given decimals.
func num(x float64, dec int) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return strconv.FormatFloat(x, 'f', dec, 64)
}

// ivNum formats an interval of means: "[34.0, 34.4]" ("" if unknown).
func ivNum(iv Interval, dec int) string {
	if math.IsNaN(iv.Lo) {
		return ""
	}
	return "[" + num(iv.Lo, dec) + ", " + num(iv.Hi, dec) + "]"
}

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

// pText formats a p-value for a sentence: "p < 0.001", "p = 0.042", "p = 0.42".
func pText(p float64) string {
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

// pCell formats a p-value for a table cell: "<0.001", "0.042".
func pCell(p float64) string {
	return strings.TrimPrefix(strings.TrimPrefix(pText(p), "p = "), "p ")
}

// Plural counts a word: "1 game", "20,000 games".
func Plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return Count(n) + " " + word + "s"
}

// percentOf formats "312 (1.6%)".
func percentOf(k, n int64) string {
	if n == 0 {
		return Count(k)
	}
	return fmt.Sprintf("%s (%s)", Count(k), pct(float64(k)/float64(n)))
}

// seatName names a seat for a sentence: "seat 0".
func seatName(i int) string { return fmt.Sprintf("seat %d", i) }

// agentName is the agent of seat i when it is fixed: " (mcts)".
func (a *Analysis) agentSuffix(i int) string {
	if SameAgents(a.Result) || a.Seats[i].Agent == "" {
		return ""
	}
	return " (" + a.Seats[i].Agent + ")"
}

// IncompleteNote says what an interrupted run covers, or "" for a complete one.
func (a *Analysis) IncompleteNote() string {
	if a.Result.Complete {
		return ""
	}
	return fmt.Sprintf("Incomplete: %s was interrupted after %s of %s games; every number covers the finished games only.",
		a.Label, Count(a.Games), Count(a.Requested))
}

// CheatNote warns, for a result in which an agent searched the true hidden state (the
// oracle), that its numbers are an upper bound on skill, never a fair player's; "" if
// every agent played fair.
func CheatNote(r *sim.Result) string {
	for _, spec := range r.Agents {
		if agents.Cheats(spec) {
			return fmt.Sprintf("Upper bound only: %s CHEATS — it sees the hidden cards and draw piles — so its results say how much perfect information is worth, not how a fair player does.", agents.Short(spec))
		}
	}
	return ""
}

// Verdicts states the findings of one result in plain sentences with their uncertainty.
func (a *Analysis) Verdicts() []string {
	var v []string
	if note := a.IncompleteNote(); note != "" {
		v = append(v, note)
	}
	if note := CheatNote(a.Result); note != "" {
		v = append(v, note)
	}
	if a.Games == 0 {
		return append(v, "No game was played, so there is nothing to report.")
	}
	if a.Solitaire() {
		s := a.Seats[0]
		line := fmt.Sprintf("%s wins the solitaire in %s %s of %s games.", a.Result.Agents[0], pct(s.Share), ivPct(s.CI), Count(a.Games))
		if a.Small() {
			line += " That is too few games for a precise rate: the interval is wide."
		}
		v = append(v, line)
	} else {
		v = append(v, a.seatVerdicts()...)
	}
	if a.Length.N > 1 {
		v = append(v, fmt.Sprintf("Games last %s decisions on average %s (standard deviation %s).",
			num(a.Length.Mean, 1), ivNum(a.Length.CI, 1), num(a.Length.SD, 1)))
	}
	return v
}

func (a *Analysis) seatVerdicts() []string {
	var v []string
	if a.Decisive == 0 {
		return append(v, "No game had a single winner or a partial shared win, so nothing can be said about seat balance.")
	}
	s0 := a.Seats[0]
	testName := fmt.Sprintf("%s test of seat 0 against %s", s0.Test, pctShort(a.Fair))
	if a.Players == 2 {
		testName = "exact binomial test of seat 0 against 50%, draws excluded"
	}
	who := "seat 0"
	if a.agentSuffix(0) != "" {
		who += ", " + s0.Agent
	}
	lead := fmt.Sprintf("The first player (%s) wins %s %s of %s %s, against a fair share of %s",
		who, pct(s0.Share), ivPct(s0.CI), Count(a.Decisive), a.gamesWord(), pctShort(a.Fair))
	switch {
	case a.Small():
		v = append(v, fmt.Sprintf("%s. With only %s %s this is too small a sample to tell whether the seats are balanced (%s, Holm %s).",
			lead, Count(a.Decisive), a.gamesWord(), testName, pText(s0.PHolm)))
	case s0.PHolm < Alpha:
		kind := "an advantage"
		if a.FPA < 0 {
			kind = "a disadvantage"
		}
		v = append(v, fmt.Sprintf("%s: %s of %s points %s. This is significant (%s, Holm %s).",
			lead, kind, pts(a.FPA), ivPts(a.FPACI), testName, pText(s0.PHolm)))
	default:
		line := fmt.Sprintf("%s: the difference, %s points %s, is not significant (%s, Holm %s).",
			lead, pts(a.FPA), ivPts(a.FPACI), testName, pText(s0.PHolm))
		reach := math.Max(math.Abs(a.FPACI.Lo), math.Abs(a.FPACI.Hi))
		if reach > wideInterval {
			line += fmt.Sprintf(" The sample is too small to rule out a difference of up to %s points either way; more games would tell.", strings.TrimPrefix(pts(reach), "+"))
		} else {
			line += fmt.Sprintf(" Any first-player advantage or disadvantage is at most about %s points.", strings.TrimPrefix(pts(reach), "+"))
		}
		v = append(v, line)
	}
	if a.Omnibus != nil {
		cs := a.Omnibus
		verb := "are consistent with equal shares"
		if cs.P < Alpha {
			verb = "differ from equal shares"
		}
		line := fmt.Sprintf("Across the %d seats the win shares %s (chi-square = %s with %d df, %s).", a.Players, verb, num(cs.Stat, 1), cs.DF, pText(cs.P))
		if float64(a.Decisive)*a.Fair < 5 {
			line += " With fewer than 5 expected wins per seat the chi-square test is not reliable."
		}
		v = append(v, line)
		var quiet []string
		for _, s := range a.Seats[1:] {
			if s.PHolm < Alpha && !a.Small() {
				side := "above"
				if s.Share < a.Fair {
					side = "below"
				}
				v = append(v, fmt.Sprintf("%s%s wins %s %s, %s the fair share of %s (%s points), significant (%s test, Holm %s).",
					capitalize(seatName(s.Index)), a.agentSuffix(s.Index), pct(s.Share), ivPct(s.CI), side, pctShort(a.Fair), pts(s.Effect(a.Fair)), s.Test, pText(s.PHolm)))
			} else {
				quiet = append(quiet, strconv.Itoa(s.Index))
			}
		}
		if len(quiet) > 0 && !a.Small() {
			minQuietP := 1.0
			for _, s := range a.Seats[1:] {
				if !(s.PHolm < Alpha) {
					minQuietP = math.Min(minQuietP, s.PHolm)
				}
			}
			word := "Seat " + quiet[0] + " does"
			if len(quiet) > 1 {
				word = "Seats " + strings.Join(quiet[:len(quiet)-1], ", ") + " and " + quiet[len(quiet)-1] + " do"
			}
			bound := "p >= " + strings.TrimPrefix(pText(minQuietP), "p = ")
			if len(quiet) == 1 || pText(minQuietP) == "p = 1.00" {
				bound = pText(minQuietP)
			}
			v = append(v, fmt.Sprintf("%s not differ significantly from the fair share (Holm %s).", word, bound))
		}
	}
	if a.Draws+a.NoWinner > 0 {
		var parts []string
		if a.Draws > 0 {
			parts = append(parts, percentOf(a.Draws, a.Games)+" were draws (every seat shares the win)")
		}
		if a.NoWinner > 0 {
			parts = append(parts, percentOf(a.NoWinner, a.Games)+" had no winner")
		}
		v = append(v, fmt.Sprintf("Of the %s games, %s; they are left out of the win shares and the tests.", Count(a.Games), strings.Join(parts, " and ")))
	}
	r := a.Result
	if !SameAgents(r) && (r.Seating == sim.SeatFixed || r.Seating == "") {
		v = append(v, "The seats hold different agents (fixed seating), so a seat's share mixes the seat's advantage with its agent's strength; rotate or duplicate seating separates them.")
	}
	if len(a.Agents) > 0 {
		var parts []string
		for _, s := range a.Agents {
			note := ""
			switch {
			case s.CI.Lo > a.Fair:
				note = ", above the fair share"
			case s.CI.Hi < a.Fair:
				note = ", below the fair share"
			}
			parts = append(parts, fmt.Sprintf("agent %d (%s) wins %s %s%s", s.Index, s.Agent, pct(s.Share), ivPct(s.CI), note))
		}
		v = append(v, fmt.Sprintf("By agent, each playing every seat equally often (%s seating): %s; fair share %s.",
			r.Seating, strings.Join(parts, "; "), pctShort(a.Fair)))
	}
	if r.Seating == sim.SeatReplay && r.Aggregate.Replays != nil {
		v = append(v, fmt.Sprintf("Each deal was played %d times (replay seating): the plays of a deal share its cards, so the seat intervals and tests count the deal as the unit (design effect %s: %s effective games).",
			r.Aggregate.Replays.K, num(a.Deff, 2), Count(int64(float64(a.Decisive)/a.Deff))))
	}
	if a.Paired != nil {
		m := a.Paired
		judgement := "not significantly different from the fair share"
		if m.CI.Lo > a.Fair || m.CI.Hi < a.Fair {
			judgement = "clearly different from the fair share"
		}
		v = append(v, fmt.Sprintf("Paired over %s duplicate deals (the same deal in every seat rotation, so the luck of the deal cancels), agent 0 (%s) wins on average %s %s of the games of a deal, counting draws as shared, against a fair share of %s: %s.",
			Count(m.N), r.Agents[0], pct(m.Mean), ivPct(m.CI), pctShort(a.Fair), judgement))
	}
	return v
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
