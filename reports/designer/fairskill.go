package designer

import (
	"strconv"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/skill"
)

// Does fairness change with skill? The study's levels of play already played themselves
// (their self-play answers Is it fair? at each level), so the answer costs no games: each
// seat's raw win share at each level and the skill ladder's trend test of it
// (skill.NewFairnessTrend, the one home of the test and its words) against the level's
// place in the ladder (1 = the weakest). Raw shares, not the luck-adjusted advantages of
// Is it fair?: the trend test is a test of proportions. Replays of a deal are correlated,
// so every level counts its games at their effective number (games / design effect), and
// a level the rounds judged several times makes every p Bonferroni-adjusted over the most
// looks of any level, as the seat tests are.

// fairnessScore is the trend's score: the level's place in the ladder.
const fairnessScore = "level"

// fairnessBySkill sets a.FairnessBySkill from the levels' self-play (games of two or more
// players with at least two levels played).
func (a *Answer) fairnessBySkill() {
	c := a.cfg
	if c.Players < 2 {
		return
	}
	var levels []skill.TrendLevel
	looks := 1
	for i, lv := range c.Levels {
		s := a.seats[i]
		r := lv.Result
		if s == nil || r == nil {
			continue
		}
		tl := skill.TrendLevel{Name: lv.Name, Score: float64(i + 1), Games: r.Games, Deff: s.Deff}
		for _, t := range r.Aggregate.Seats {
			tl.Wins = append(tl.Wins, t.WinShare())
		}
		levels = append(levels, tl)
		looks = max(looks, lv.Looks)
	}
	a.FairnessBySkill = skill.NewFairnessTrend(fairnessScore, levels, false, looks)
}

// FairnessSkillSentence is the answer of one player count: the trend test's words and the
// lead seat's share at each level, with intervals and games.
func (a *Answer) FairnessSkillSentence() string {
	t := a.FairnessBySkill
	if t == nil {
		return ""
	}
	return t.Sentence + " " + format.Capitalize(t.Along(t.Lead())) + "."
}

// fairnessSkill adds the answer to the skill section: what is tested, a line per player
// count and the table of every tested seat at every level.
func fairnessSkill(sk *doc.Section, g *Game) {
	lines := PerPlayers(g, (*Answer).FairnessSkillSentence)
	if len(lines) == 0 {
		return
	}
	sk.Add(doc.Lead("Does fairness change with skill?", "Each seat's win share at each level of play, from the self-play above (no further games), and the skill ladder's trend test of it against the level's place in the ladder: with two players seat 0 (seat 1 is its mirror), with more every seat, Holm-adjusted over the seats."),
		doc.Bullets(lines...))
	if t := fairnessSkillTable(g); t != nil {
		sk.Add(t)
	}
}

// fairnessSkillTable lists every tested seat's share at every level of the game.
func fairnessSkillTable(g *Game) *doc.Table {
	var names []string
	col := map[string]int{}
	for _, a := range g.Configs {
		if a.FairnessBySkill == nil {
			continue
		}
		for _, n := range a.FairnessBySkill.Levels {
			if _, ok := col[n]; !ok {
				col[n] = len(names)
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return nil
	}
	cols := []doc.Column{doc.Col("Players", doc.Right), doc.Col("Seat", doc.Right)}
	for _, n := range names {
		cols = append(cols, doc.Col(n+" [95% CI]", doc.Left))
	}
	cols = append(cols, doc.Col("Slope per level", doc.Right), doc.Col("Trend p", doc.Right), doc.Col("Adjusted p", doc.Right), doc.Col("Changes with skill", doc.Left))
	t := doc.NewTable("", cols...)
	t.Caption = "Each seat's win share in self-play (a shared win counts 1/k), Wilson 95% intervals counting a deal's replays once (the games are in the lines above); chi-square test for trend in proportions against the level (Cochran–Armitage); adjusted: Holm over the seats tested and Bonferroni over the rounds' looks"
	t.Small = true
	for _, a := range g.Configs {
		ft := a.FairnessBySkill
		if ft == nil {
			continue
		}
		for _, st := range ft.Seats {
			row := []string{strconv.Itoa(a.Players), strconv.Itoa(st.Seat)}
			cells := make([]string, len(names))
			for i := range cells {
				cells[i] = "–"
			}
			for i, e := range st.Shares {
				cells[col[ft.Levels[i]]] = format.PctIv(e.Estimate)
			}
			changes := "no"
			if st.Changes {
				changes = "yes"
			}
			row = append(row, cells...)
			row = append(row, format.PtsUnit(st.Trend.Slope), format.PCell(st.Trend.P), format.PCell(st.PAdjusted), changes)
			t.TextRow(row...)
		}
	}
	return t
}
