package fairness

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"dragonlab/agents"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

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
		a.Label, format.Count(a.Games), format.Count(a.Requested))
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

// Verdicts states the findings of one result about its seats in plain sentences with
// their uncertainty.
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
		line := fmt.Sprintf("%s wins the solitaire in %s of %s games.", a.Result.Agents[0], format.PctIv(s.Share), format.Count(a.Games))
		if a.Small() {
			line += " That is too few games for a precise rate: the interval is wide."
		}
		v = append(v, line)
	} else {
		v = append(v, a.seatVerdicts()...)
	}
	return v
}

func (a *Analysis) seatVerdicts() []string {
	var v []string
	if a.Decisive == 0 {
		return append(v, "No game had a single winner or a partial shared win, so nothing can be said about seat balance.")
	}
	s0 := a.Seats[0]
	testName := fmt.Sprintf("%s test of seat 0 against %s", s0.Test, format.PctShort(a.Fair))
	if a.Players == 2 {
		testName = "exact binomial test of seat 0 against 50%, draws excluded"
	}
	who := "seat 0"
	if a.agentSuffix(0) != "" {
		who += ", " + s0.Agent
	}
	lead := fmt.Sprintf("The first player (%s) wins %s of %s %s, against a fair share of %s",
		who, format.PctIv(s0.Share), format.Count(a.Decisive), a.GamesWord(), format.PctShort(a.Fair))
	switch {
	case a.Small():
		v = append(v, fmt.Sprintf("%s. With only %s %s this is too small a sample to tell whether the seats are balanced (%s, Holm %s).",
			lead, format.Count(a.Decisive), a.GamesWord(), testName, format.PText(s0.PHolm)))
	case s0.PHolm < stats.Alpha:
		kind := "an advantage"
		if a.FPA.Value < 0 {
			kind = "a disadvantage"
		}
		v = append(v, fmt.Sprintf("%s: %s of %s points %s. This is significant (%s, Holm %s).",
			lead, kind, format.Pts(a.FPA.Value), format.IvPts(a.FPA), testName, format.PText(s0.PHolm)))
	default:
		line := fmt.Sprintf("%s: the difference, %s points %s, is not significant (%s, Holm %s).",
			lead, format.Pts(a.FPA.Value), format.IvPts(a.FPA), testName, format.PText(s0.PHolm))
		reach := a.FPA.Reach()
		if reach > wideInterval {
			line += fmt.Sprintf(" The sample is too small to rule out a difference of up to %s points either way; more games would tell.", strings.TrimPrefix(format.Pts(reach), "+"))
		} else {
			line += fmt.Sprintf(" Any first-player advantage or disadvantage is at most about %s points.", strings.TrimPrefix(format.Pts(reach), "+"))
		}
		v = append(v, line)
	}
	if a.Omnibus != nil {
		cs := a.Omnibus
		verb := "are consistent with equal shares"
		if cs.P < stats.Alpha {
			verb = "differ from equal shares"
		}
		line := fmt.Sprintf("Across the %d seats the win shares %s (chi-square = %s with %d df, %s).", a.Players, verb, format.Num(cs.Stat, 1), cs.DF, format.PText(cs.P))
		if float64(a.Decisive)*a.Fair < 5 {
			line += " With fewer than 5 expected wins per seat the chi-square test is not reliable."
		}
		v = append(v, line)
		var quiet []string
		for _, s := range a.Seats[1:] {
			if s.PHolm < stats.Alpha && !a.Small() {
				side := "above"
				if s.Share.Value < a.Fair {
					side = "below"
				}
				v = append(v, fmt.Sprintf("%s%s wins %s, %s the fair share of %s (%s points), significant (%s test, Holm %s).",
					format.Capitalize(seatName(s.Index)), a.agentSuffix(s.Index), format.PctIv(s.Share), side, format.PctShort(a.Fair), format.Pts(s.Effect(a.Fair)), s.Test, format.PText(s.PHolm)))
			} else {
				quiet = append(quiet, strconv.Itoa(s.Index))
			}
		}
		if len(quiet) > 0 && !a.Small() {
			minQuietP := 1.0
			for _, s := range a.Seats[1:] {
				if !(s.PHolm < stats.Alpha) {
					minQuietP = math.Min(minQuietP, s.PHolm)
				}
			}
			word := "Seat " + quiet[0] + " does"
			if len(quiet) > 1 {
				word = "Seats " + strings.Join(quiet[:len(quiet)-1], ", ") + " and " + quiet[len(quiet)-1] + " do"
			}
			bound := "p >= " + strings.TrimPrefix(format.PText(minQuietP), "p = ")
			if len(quiet) == 1 || format.PText(minQuietP) == "p = 1.00" {
				bound = format.PText(minQuietP)
			}
			v = append(v, fmt.Sprintf("%s not differ significantly from the fair share (Holm %s).", word, bound))
		}
	}
	if a.Draws+a.NoWinner > 0 {
		var parts []string
		if a.Draws > 0 {
			parts = append(parts, format.PercentOf(a.Draws, a.Games)+" were draws (every seat shares the win)")
		}
		if a.NoWinner > 0 {
			parts = append(parts, format.PercentOf(a.NoWinner, a.Games)+" had no winner")
		}
		v = append(v, fmt.Sprintf("Of the %s games, %s; they are left out of the win shares and the tests.", format.Count(a.Games), strings.Join(parts, " and ")))
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
			case s.Share.Lo > a.Fair:
				note = ", above the fair share"
			case s.Share.Hi < a.Fair:
				note = ", below the fair share"
			}
			parts = append(parts, fmt.Sprintf("agent %d (%s) wins %s%s", s.Index, s.Agent, format.PctIv(s.Share), note))
		}
		v = append(v, fmt.Sprintf("By agent, each playing every seat equally often (%s seating): %s; fair share %s.",
			r.Seating, strings.Join(parts, "; "), format.PctShort(a.Fair)))
	}
	if r.Seating == sim.SeatReplay && r.Aggregate.Replays != nil {
		v = append(v, fmt.Sprintf("Each deal was played %d times (replay seating): the plays of a deal share its cards, so the seat intervals and tests count the deal as the unit (design effect %s: %s effective games).",
			r.Aggregate.Replays.K, format.Num(a.Deff, 2), format.Count(int64(float64(a.Decisive)/a.Deff))))
	}
	if a.Paired != nil {
		m := a.Paired
		judgement := "not significantly different from the fair share"
		if m.Lo > a.Fair || m.Hi < a.Fair {
			judgement = "clearly different from the fair share"
		}
		v = append(v, fmt.Sprintf("Paired over %s duplicate deals (the same deal in every seat rotation, so the luck of the deal cancels), agent 0 (%s) wins on average %s of the games of a deal, counting draws as shared, against a fair share of %s: %s.",
			format.Count(m.N), r.Agents[0], format.PctIv(*m), format.PctShort(a.Fair), judgement))
	}
	return v
}
