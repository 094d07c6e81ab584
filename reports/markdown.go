package reports

import (
	"fmt"
	"strings"

	"dragonlab/sim"
)

// maxFindings is how many ranked findings the first page lists.
const maxFindings = 25

// mdEscape keeps table cells in one piece.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// markdown renders summary.md.
func (rp *report) markdown() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# %s\n\n", rp.title)
	if rp.multi() {
		p("Report by dragonlab %s of %d results, %s games in all. %s\n\n", sim.Version, len(rp.as), Count(rp.totalGames()), rp.readingNote())
	} else {
		p("Report by dragonlab %s. %s\n\n", sim.Version, rp.readingNote())
	}
	for _, n := range rp.incompleteNotes() {
		p("> **%s**\n\n", n)
	}
	if rp.multi() {
		rp.mdFindings(&b)
		rp.mdOverview(&b)
	}
	for i, a := range rp.as {
		rp.mdSection(&b, i, a)
	}
	return b.String()
}

func (rp *report) mdFindings(b *strings.Builder) {
	fmt.Fprintf(b, "## Findings\n\n%s\n\n", FindingsHeadline(rp.as, rp.findings))
	for i, f := range rp.findings {
		if i == maxFindings {
			fmt.Fprintf(b, "\n… and %d more findings in the sections below.\n", len(rp.findings)-maxFindings)
			break
		}
		fmt.Fprintf(b, "%d. %s\n", i+1, f.Sentence())
	}
	b.WriteString("\n")
	for _, a := range rp.as {
		if a.Solitaire() && a.Games > 0 {
			s := a.Seats[0]
			fmt.Fprintf(b, "- %s: wins %s %s of %s games.\n", a.Label, pct(s.Share), ivPct(s.CI), Count(a.Games))
		}
	}
	if rp.study != nil {
		fmt.Fprintf(b, "\n![First-player advantage across the study](%s/%s.png)\n", ChartsDir, rp.study.Name)
	}
	b.WriteString("\n")
}

func (rp *report) mdOverview(b *strings.Builder) {
	fmt.Fprintf(b, "## Overview\n\n")
	fmt.Fprintf(b, "| # | Result | Games | Seat 0 win share [95%% CI] | Fair share | First-player advantage, points [95%% CI] | Holm p | Complete |\n")
	fmt.Fprintf(b, "|---|---|---:|---|---:|---|---:|---|\n")
	for i, a := range rp.as {
		complete := "yes"
		if !a.Result.Complete {
			complete = "**no**"
		}
		if a.Solitaire() {
			s := a.Seats[0]
			fmt.Fprintf(b, "| %d | %s | %s | success %s %s | | | | %s |\n", i+1, mdEscape(a.Label), Count(a.Games), pct(s.Share), ivPct(s.CI), complete)
			continue
		}
		s := a.Seats[0]
		fmt.Fprintf(b, "| %d | %s | %s | %s %s | %s | %s %s | %s | %s |\n", i+1, mdEscape(a.Label), Count(a.Games),
			pct(s.Share), ivPct(s.CI), pctShort(a.Fair), pts(a.FPA), ivPts(a.FPACI), pCell(s.PHolm), complete)
	}
	b.WriteString("\n")
}

func (rp *report) mdSection(b *strings.Builder, i int, a *Analysis) {
	if rp.multi() {
		fmt.Fprintf(b, "## %d. %s\n\n", i+1, a.Label)
	} else {
		fmt.Fprintf(b, "## %s\n\n", a.Label)
	}
	fmt.Fprintf(b, "| Provenance | |\n|---|---|\n")
	for _, kv := range provenance(a) {
		fmt.Fprintf(b, "| %s | %s |\n", kv[0], mdEscape(kv[1]))
	}
	b.WriteString("\n")
	if a.Games > 0 {
		if a.Solitaire() {
			s := a.Seats[0]
			fmt.Fprintf(b, "| Agent | Games | Won | Success rate [95%% CI] | Mean score [95%% CI] |\n|---|---:|---:|---|---|\n")
			fmt.Fprintf(b, "| %s | %s | %s | %s %s | %s %s |\n\n", mdEscape(a.Result.Agents[0]), Count(a.Games), Count(int64(s.Wins)),
				pct(s.Share), ivPct(s.CI), num(s.Score.Mean, 2), ivNum(s.Score.CI, 2))
		} else {
			rp.mdSeatTable(b, a, "Seat", a.Seats)
			if len(a.Agents) > 0 {
				rp.mdSeatTable(b, a, "Agent", a.Agents)
			}
		}
	}
	fmt.Fprintf(b, "Verdicts:\n\n")
	for _, v := range a.Verdicts() {
		fmt.Fprintf(b, "- %s\n", v)
	}
	b.WriteString("\n")
	for _, c := range rp.charts[i] {
		fmt.Fprintf(b, "![%s](%s/%s.png)\n", mdEscape(strings.ReplaceAll(c.Title, "\n", ": ")), ChartsDir, c.Name)
	}
	if len(rp.charts[i]) > 0 {
		b.WriteString("\n")
	}
}

func (rp *report) mdSeatTable(b *strings.Builder, a *Analysis, kind string, ss []SeatStat) {
	fmt.Fprintf(b, "| %s | Agent | Wins | Win share [95%% CI] | vs fair %s, points | Test | Holm p | Mean score [95%% CI] |\n", kind, pctShort(a.Fair))
	fmt.Fprintf(b, "|---:|---|---:|---|---:|---|---:|---|\n")
	for _, s := range ss {
		test, p := s.Test, pCell(s.PHolm)
		if kind == "Agent" {
			test, p = "", "" // agents are described by their intervals, not tested
		}
		fmt.Fprintf(b, "| %d | %s | %s | %s %s | %s | %s | %s | %s %s |\n", s.Index, mdEscape(s.Agent), winsText(s.Wins),
			pct(s.Share), ivPct(s.CI), pts(s.Effect(a.Fair)), test, p, num(s.Score.Mean, 2), ivNum(s.Score.CI, 2))
	}
	b.WriteString("\n")
}

// winsText shows a win count, with a decimal only when shared wins made it fractional.
func winsText(x float64) string {
	if integral(x) {
		return Count(int64(x))
	}
	return num(x, 2)
}
