package designer

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/luck"
	"dragonlab/reports/luck/lucktest"
	"dragonlab/reports/skill"
	"dragonlab/sim/stats"
)

// The consistency check of a study's output, from its files alone: summary.json (page
// 1's cells and the analyses behind them) and summary.md (the sections in words). Every
// number and interval on page 1 is one of its section's — the same estimate in
// summary.json and the same interval in the section's words — every verdict word is the
// one the legend's rule gives for the printed interval, and the section says the same
// word. It runs on any study output directory:
//
//	go test ./reports/designer -run TestDemoConsistent -args -study ../../study

var studyDir = flag.String("study", "", "a study's output directory for TestDemoConsistent (summary.json, summary.md)")

// TestDemoConsistent checks the study given by -study (skipped without it), e.g. make
// demo's output.
func TestDemoConsistent(t *testing.T) {
	if *studyDir == "" {
		t.Skip("no -study DIR given")
	}
	js, err := os.ReadFile(filepath.Join(*studyDir, doc.JSONName))
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(*studyDir, doc.MDName))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range checkSummary(js, string(md)) {
		t.Error(p)
	}
}

// renderedSummary renders a report's summary.json and summary.md in memory.
func renderedSummary(t *testing.T, rp *Report) ([]byte, string) {
	t.Helper()
	d, err := rp.Doc()
	if err != nil {
		t.Fatal(err)
	}
	files, err := doc.Render(d)
	if err != nil {
		t.Fatal(err)
	}
	var js, md []byte
	for _, f := range files {
		switch f.Name {
		case doc.JSONName:
			js = f.Data
		case doc.MDName:
			md = f.Data
		}
	}
	if js == nil || md == nil {
		t.Fatal("no summary.json or summary.md")
	}
	return js, string(md)
}

// checkedStudy is a small study with every page-1 source: the tiny study's stages
// (ladder, restricted play, sweeps, value), luck accounting, and seat fixtures that are
// fair, favoured and not settled.
func checkedStudy(t *testing.T) *Input {
	in := tinyStudy(t)
	in.Configs = append(in.Configs, Config{Game: "coinskill", Title: "Coin or skill", Players: 2,
		Levels: []Level{{Name: "expert", Agent: "random", File: "coin.json", Result: coinRun(t, 6, 1, 40, lucktest.Value([2]float64{0.6, 0.4}, 0))}}})
	in.Configs = append(in.Configs,
		Config{Game: "draco", Title: "Draco", Variant: "fair", Players: 2, Levels: []Level{{Name: "expert", Agent: "expert", Result: fakeSelfPlay("draco", 40000, shares2(0.001)...)}}},
		Config{Game: "draco", Title: "Draco", Variant: "favoured", Players: 2, Levels: []Level{{Name: "expert", Agent: "expert", Result: fakeSelfPlay("draco", 4000, shares2(0.06)...)}}},
		Config{Game: "draco", Title: "Draco", Variant: "unsettled", Players: 4, Levels: []Level{{Name: "expert", Agent: "expert", Result: fakeSelfPlay("draco", 300, shares4(0.02)...)}}},
	)
	return in
}

// A small study built here passes the check; fixtures built to disagree with their
// sections or with the legend's rules fail it, each for its own reason.
func TestStudyOutputConsistent(t *testing.T) {
	rp, err := Analyze(checkedStudy(t))
	if err != nil {
		t.Fatal(err)
	}
	js, md := renderedSummary(t, rp)
	if os.Getenv("DUMP_STUDY") != "" {
		_ = os.WriteFile(os.Getenv("DUMP_STUDY"), []byte(md), 0o644)
	}
	if ps := checkSummary(js, md); len(ps) > 0 {
		t.Fatalf("the study disagrees with itself:\n%s", strings.Join(ps, "\n"))
	}
	// The check saw every kind of cell it judges.
	var sum summaryFile
	if err := json.Unmarshal(js, &sum); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, g := range sum.Data.Games {
		for _, a := range g.Configs {
			for _, c := range a.Glance.Cells() {
				if c.Value != nil {
					seen[c.From+":"+c.Verdict] = true
				}
			}
		}
	}
	for _, w := range []string{"self-play:fair", "self-play:favoured", "self-play:not settled", "luck events:high", "ladder:yes"} {
		if !seen[w] {
			t.Errorf("no cell %q in the checked study (saw %v)", w, seen)
		}
	}

	// Fixtures that disagree: each edit of summary.json or summary.md must be caught.
	edit := func(name string, f func(*Report), mdEdit func(string) string, want string) {
		t.Helper()
		var s summaryFile
		if err := json.Unmarshal(js, &s); err != nil {
			t.Fatal(err)
		}
		m := md
		if f != nil {
			f(&s.Data)
		}
		if mdEdit != nil {
			m = mdEdit(md)
			if m == md {
				t.Fatalf("%s: the edit changed nothing", name)
			}
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		ps := checkSummary(out, m)
		found := false
		for _, p := range ps {
			if strings.Contains(p, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: the check did not say %q (it said %q)", name, want, ps)
		}
	}
	cell := func(r *Report, variant, col string) *Cell {
		for _, g := range r.Games {
			for _, a := range g.Configs {
				if g.Variant != variant || a.Top < 0 {
					continue
				}
				switch col {
				case "fair":
					return &a.Glance.Fair
				case "skill":
					if a.Glance.Skill.Value != nil {
						return &a.Glance.Skill
					}
				case "luck":
					if a.Glance.Luck.From == "luck events" {
						return &a.Glance.Luck
					}
				}
			}
		}
		t.Fatalf("no %s cell in variant %q", col, variant)
		return nil
	}
	// "fair" for an interval that leaves ±target (Dragonheart: −1.1 [−2.9, +0.8] under
	// ±2): the rule of the legend.
	edit("fair beyond the target", func(r *Report) {
		c := cell(r, "unsettled", "fair")
		c.Verdict, c.Text = "fair", strings.Replace(c.Text, "not settled", "fair", 1)
	}, nil, "legend: fair")
	// The skill section's answer to "does fairness change with skill?" against its own
	// rule, and against summary.json.
	flipped := false
	edit("fairness by skill flipped", func(r *Report) {
		for _, g := range r.Games {
			for _, a := range g.Configs {
				if ft := a.FairnessBySkill; ft != nil && !flipped {
					ft.Changes, flipped = !ft.Changes, true
				}
			}
		}
		if !flipped {
			t.Fatal("no fairnessBySkill in the checked study")
		}
	}, nil, "fairnessBySkill: changes=")
	edit("fairness by skill unsaid", nil, func(md string) string {
		return strings.Replace(md, "changes with skill (", "changes with skill, perhaps (", 1)
	}, "the skill section does not say")
	// Page 1 prints the unadjusted interval where the verdict is Holm's.
	edit("unadjusted interval", func(r *Report) {
		for _, g := range r.Games {
			for _, a := range g.Configs {
				if g.Variant == "unsettled" {
					for _, s := range a.Levels[a.Measure].Seats {
						if estKey(s.Holm) == estKey(*a.Glance.Fair.Value) {
							a.Glance.Fair.Value = &Est{Estimate: s.Advantage.Estimate}
						}
					}
				}
			}
		}
	}, nil, "no seat's Holm interval")
	// A skill verdict from every step: "partly" while the strongest level is told apart.
	edit("skill from every step", func(r *Report) {
		for _, g := range r.Games {
			for _, a := range g.Configs {
				if a.Glance.Skill.Verdict == "yes" {
					a.Glance.Skill.Verdict = "partly"
				}
			}
		}
	}, nil, "legend: skill")
	// The luck word off the scale.
	edit("luck word", func(r *Report) {
		c := cell(r, "", "luck")
		c.Verdict = map[string]string{"low": "high", "moderate": "low", "high": "low"}[c.Verdict]
	}, nil, "legend: luck")
	// Guessing named where the section measured none, and guessing measured clearly but
	// left unnamed.
	edit("guessing not measured", func(r *Report) {
		c := cell(r, "", "luck")
		c.Text = strings.SplitN(c.Text, ", mostly", 2)[0] + ", guessing 40.0%"
	}, nil, "the guessing is not the section's")
	edit("guessing unnamed", func(r *Report) {
		for _, g := range r.Games {
			for _, a := range g.Configs {
				if a.Glance.Luck.From == "luck events" && len(a.LuckAccounting) > 0 && g.Variant == "" {
					a.Glance.Luck.Text = strings.SplitN(a.Glance.Luck.Text, ", mostly", 2)[0]
					a.LuckAccounting[len(a.LuckAccounting)-1].Guessing = &GuessAccount{Share: Est{Estimate: stats.Estimate{Value: 0.3, Lo: 0.2, Hi: 0.4, Method: "jackknife"}}, Rounds: 100}
				}
			}
		}
	}, nil, "does not name the guessing")
	// A section that gives another interval than page 1's.
	edit("section's number", nil, func(md string) string {
		return replaceInSection(md, "How much is luck?", func(s string) string {
			return regexp.MustCompile(`\[(\d+\.\d)`).ReplaceAllString(s, "[9$1")
		})
	}, "is not in its section")
	// A section that words the fairness verdict otherwise.
	edit("section's verdict", nil, func(md string) string {
		return replaceInSection(md, "Is it fair?", func(s string) string {
			return strings.ReplaceAll(s, "not settled — no seat", "fair — every seat within ±1 points; no seat")
		})
	}, "the section says")
	// A level not named: the stages behind the What to change? cells measured at
	// another level than the legend's, their cells without it.
	edit("level not named", func(r *Report) {
		for _, g := range r.Games {
			for _, a := range g.Configs {
				if a.Glance.Change.From == "sweep" {
					a.Glance.Level = "elsewhere"
				}
			}
		}
	}, nil, "does not name its level")
}

// replaceInSection applies f to the text of every "### title" subsection of md.
func replaceInSection(md, title string, f func(string) string) string {
	parts := strings.Split(md, "\n### ")
	for i, p := range parts {
		if strings.HasPrefix(p, title+"\n") {
			parts[i] = f(p)
		}
	}
	return strings.Join(parts, "\n### ")
}

// summaryFile is summary.json.
type summaryFile struct {
	Title      string          `json:"title"`
	Generator  json.RawMessage `json:"generator"`
	Provenance json.RawMessage `json:"provenance"`
	Data       Report          `json:"data"`
}

// sectionOf maps page 1's columns to their sections' titles.
var sectionOf = map[string]string{"Fair?": "Is it fair?", "Skill?": "Does skill matter?", "Luck?": "How much is luck?",
	"What matters?": "What matters?", "What to change?": "What to change?"}

// checkSummary lists every disagreement of a study's page 1 with its sections and with
// the legend's rules, from summary.json and summary.md.
func checkSummary(js []byte, md string) []string {
	var s summaryFile
	if err := json.Unmarshal(js, &s); err != nil {
		return []string{"summary.json: " + err.Error()}
	}
	sections := markdownSections(md)
	var out []string
	for _, g := range s.Data.Games {
		game := sections[g.label()]
		if game == nil {
			out = append(out, fmt.Sprintf("%s: no section in summary.md", g.label()))
			continue
		}
		for _, a := range g.Configs {
			if a.Top < 0 || a.Measure < 0 {
				continue
			}
			where := fmt.Sprintf("%s %dp", g.label(), a.Players)
			for _, p := range checkConfig(a, game) {
				out = append(out, where+": "+p)
			}
			for _, p := range checkFairnessBySkill(a, game["Does skill matter?"]) {
				out = append(out, where+": "+p)
			}
		}
	}
	return out
}

// markdownSections splits summary.md into its "## game" sections, each into its "###
// question" subsections' text.
func markdownSections(md string) map[string]map[string]string {
	out := map[string]map[string]string{}
	var game map[string]string
	sub := ""
	for _, line := range strings.Split(md, "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			game = map[string]string{}
			out[strings.TrimPrefix(line, "## ")] = game
			sub = ""
		case strings.HasPrefix(line, "### "):
			sub = strings.TrimPrefix(line, "### ")
		case game != nil && sub != "":
			game[sub] += line + "\n"
		}
	}
	return out
}

// bulletOf is the bullet of a player count in a section's text ("- 2 players…", "- The
// solitaire…"), else the whole text.
func bulletOf(text string, players int) string {
	prefix := "- " + format.Capitalize(playersText(players))
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return text
}

var bracket = regexp.MustCompile(`\[[^\]]*\]`)

// plainIv is an interval's text without signs and units: "[-9.3, 4.9]".
func plainIv(s string) string { return strings.ReplaceAll(s, "+", "") }

// checkConfig checks one game and player count.
func checkConfig(a *Answer, game map[string]string) []string {
	var out []string
	bad := func(f string, args ...any) { out = append(out, fmt.Sprintf(f, args...)) }
	gl := a.Glance
	if !(gl.Target.Seat > 0) || !(gl.Target.Luck > 0) {
		// Written before summary.json gave the targets (and the Holm intervals): the
		// legend's rules cannot be read from it.
		return []string{"summary.json gives no targets: written by an older dragonlab; run the study again"}
	}
	ests := sectionEstimates(a)
	for i, c := range gl.Cells() {
		col := glanceColumns[i]
		if c.Value == nil {
			continue
		}
		// The number: an estimate of its section in summary.json…
		if !ests[estKey(*c.Value)] {
			bad("%s %q: %s is not an estimate of its section", col, c.Text, estKey(*c.Value))
		}
		// …and the interval the cell prints, in the section's words.
		if iv := bracket.FindString(c.Text); iv != "" && !strings.Contains(plainIv(game[sectionOf[col]]), plainIv(iv)) {
			bad("%s %q: %s is not in its section %q", col, c.Text, iv, sectionOf[col])
		}
	}
	out = append(out, checkFair(a, game)...)
	out = append(out, checkSkill(a, game)...)
	out = append(out, checkLuck(a, game)...)
	out = append(out, checkLevels(a)...)
	return out
}

// estKey is an estimate's value and interval, to compare them exactly.
func estKey(e Est) string { return fmt.Sprintf("%.9g [%.9g, %.9g]", e.Value, e.Lo, e.Hi) }

// sectionEstimates are the estimates of the analyses behind a configuration's page-1
// row: every {value, lo, hi} in its summary.json outside the glance.
func sectionEstimates(a *Answer) map[string]bool {
	b := *a
	b.Glance = GlanceRow{}
	js, err := json.Marshal(&b)
	if err != nil {
		return nil
	}
	var v any
	if json.Unmarshal(js, &v) != nil {
		return nil
	}
	out := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			val, ok1 := x["value"].(float64)
			lo, ok2 := x["lo"].(float64)
			hi, ok3 := x["hi"].(float64)
			if ok1 && ok2 && ok3 {
				out[estKey(Est{Estimate: stats.Estimate{Value: val, Lo: lo, Hi: hi}})] = true
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(v)
	// The solitaire's Skill? is the difference of two levels' success rates.
	for _, hi := range a.Levels {
		for _, lo := range a.Levels {
			if hi.Success != nil && lo.Success != nil {
				out[estKey(diffEst(*hi.Success, *lo.Success))] = true
			}
		}
	}
	return out
}

// checkFair: the legend's rule on the interval the cell prints — favoured or disfavoured
// exactly when it leaves 0, fair only when every seat's printed (Holm) interval lies
// within ±target, not settled when none leaves 0 and one reaches beyond — and the
// section words the same verdict.
func checkFair(a *Answer, game map[string]string) []string {
	var out []string
	bad := func(f string, args ...any) { out = append(out, fmt.Sprintf(f, args...)) }
	c := a.Glance.Fair
	if a.FairAt < 0 {
		return nil
	}
	la := a.Levels[a.FairAt] // the level that answers Fair? (the cheapest that does)
	if c.Value == nil || len(la.Seats) == 0 {
		return nil
	}
	tg := a.Glance.Target.Seat
	named := -1
	anyOff, reach := false, 0.0
	for _, s := range la.Seats {
		if estKey(s.Holm) == estKey(*c.Value) && named < 0 {
			named = s.Seat
		}
		anyOff = anyOff || s.Holm.Excludes(0)
		reach = math.Max(reach, s.Holm.Reach())
	}
	if named < 0 {
		bad("Fair? %q: the interval is no seat's Holm interval", c.Text)
	} else if !strings.Contains(c.Text, fmt.Sprintf("seat %d", named)) {
		bad("Fair? %q: names another seat than seat %d, whose interval it prints", c.Text, named)
	}
	e := *c.Value
	switch c.Verdict {
	case "favoured":
		if !(e.Lo > 0) {
			bad("legend: favoured, yet the printed interval %s does not lie above 0", estKey(e))
		}
	case "disfavoured":
		if !(e.Hi < 0) {
			bad("legend: disfavoured, yet the printed interval %s does not lie below 0", estKey(e))
		}
	case "fair":
		if anyOff || reach > tg+1e-12 {
			bad("legend: fair, yet a seat's interval reaches %s points (target ±%s) or leaves 0", format.Num(100*reach, 1), format.Num(100*tg, 1))
		}
	case "not settled":
		if anyOff || !(reach > tg) || c.More <= 0 {
			bad("legend: not settled, yet a seat's interval leaves 0 or all lie within ±%s points, or no games are said", format.Num(100*tg, 1))
		}
	}
	if fav := c.Verdict == "favoured" || c.Verdict == "disfavoured"; fav != la.Favoured || (c.Verdict == "not settled") != la.Wide {
		bad("Fair? %q: the level says favoured %v, not settled %v", c.Text, la.Favoured, la.Wide)
	}
	want := map[string]string{"fair": "fair — every seat within", "not settled": "not settled — no seat is clearly favoured",
		"favoured": "more than fair", "disfavoured": "less than fair"}[c.Verdict]
	if b := bulletOf(game["Is it fair?"], a.Players); want != "" && !strings.Contains(b, want) {
		bad("Fair? says %q, the section says %q", c.Verdict, b)
	}
	return out
}

// checkSkill: yes when the strongest level rated is told apart from the weakest (its Elo
// interval above 0), partly when only a weaker level is, no when none is; the cell prints
// that level's rating, and the section says the same verdict.
func checkSkill(a *Answer, game map[string]string) []string {
	c := a.Glance.Skill
	la := a.Ladder
	if c.From != "ladder" || la == nil || len(la.Elo) != len(a.Levels) {
		return nil
	}
	var out []string
	rated := func(i int) bool { return la.Elo[i] != nil && !math.IsNaN(la.Elo[i].Value) }
	top, best := -1, 0
	for i := 1; i < len(la.Elo); i++ {
		if rated(i) {
			top = i
			if la.Elo[i].Lo > 0 {
				best = i
			}
		}
	}
	want, lv := "partly", best
	switch {
	case best == 0:
		want, lv = "no", top
	case best == top:
		want = "yes"
	}
	if c.Verdict != want {
		out = append(out, fmt.Sprintf("legend: skill %q, the ladder gives %q", c.Verdict, want))
	}
	if lv > 0 && (c.Value == nil || estKey(*c.Value) != estKey(*la.Elo[lv])) {
		out = append(out, fmt.Sprintf("Skill? %q: not the rating of %s", c.Text, a.Levels[lv].Level))
	}
	phrase := map[string]string{"yes": "skill matters:", "partly": "skill matters in part", "no": "skill hardly shows"}[c.Verdict]
	if b := strings.ToLower(bulletOf(game["Does skill matter?"], a.Players)); phrase != "" && !strings.Contains(b, phrase) {
		out = append(out, fmt.Sprintf("Skill? says %q, the section says %q", c.Verdict, b))
	}
	return out
}

// checkLuck: the luck word is luck.Word of the printed share unless the interval is wider
// than the target ("not settled"); "mostly X (p%)" names the kind with the largest share;
// the section says the same word.
func checkLuck(a *Answer, game map[string]string) []string {
	c := a.Glance.Luck
	if c.Value == nil {
		return nil
	}
	var out []string
	games := a.Levels[a.Measure].Games
	if c.From == "luck events" && len(a.LuckAccounting) > 0 {
		acc := a.LuckAccounting[len(a.LuckAccounting)-1]
		games = acc.Games
		if i := strings.Index(c.Text, ", mostly "); i >= 0 {
			var top *ChanceKind
			for k := range acc.Events {
				if top == nil || acc.Events[k].Share > top.Share {
					top = &acc.Events[k]
				}
			}
			if top == nil || !strings.HasPrefix(c.Text[i:], ", mostly "+top.Name+" ("+format.Pct(float64(top.Share))+")") {
				out = append(out, fmt.Sprintf("Luck? %q: mostly is not the kind with the largest share", c.Text))
			}
		}
		// Guessing is named exactly when its interval lies above 0, with its own share.
		g, i := acc.Guessing, strings.Index(c.Text, ", guessing ")
		switch {
		case i >= 0 && (!g.named() || !strings.HasPrefix(c.Text[i:], ", guessing "+format.Pct(g.Share.Value))):
			out = append(out, fmt.Sprintf("Luck? %q: the guessing is not the section's", c.Text))
		case i < 0 && g.named() && acc.Level == a.Glance.Level && wordCount(c.Text+", guessing "+format.Pct(g.Share.Value)) <= MaxCellWords:
			out = append(out, fmt.Sprintf("Luck? %q does not name the guessing %s", c.Text, pctIv(g.Share)))
		}
	}
	want := luck.Word(c.Value.Value)
	if stats.MoreGames(games, c.Value.HalfWidth(), a.Glance.Target.Luck) > 0 {
		want = "not settled"
	}
	if c.Verdict != want {
		out = append(out, fmt.Sprintf("legend: luck %q, the scale gives %q for %s", c.Verdict, want, estKey(*c.Value)))
	}
	if want != "not settled" {
		b := bulletOf(game["How much is luck?"], a.Players)
		if m := luckSectionWord.FindStringSubmatch(b); m == nil || m[1] != want {
			out = append(out, fmt.Sprintf("Luck? says %q, the section says %q", want, b))
		}
	}
	return out
}

// checkLevels: a cell from a stage at another level than the legend's names it, and a
// level the measuring rule chose that the ladder does not tell apart is said on page 1.
func checkLevels(a *Answer) []string {
	var out []string
	gl := a.Glance
	tagged := func(c Cell, level string) {
		if level != gl.Level && !strings.Contains(c.Text, "("+level) {
			out = append(out, fmt.Sprintf("%q (%s) does not name its level %s", c.Text, c.From, level))
		}
	}
	for _, c := range gl.Cells() {
		switch c.From {
		case "restricted play":
			for _, ab := range a.Ablation {
				for _, r := range ab.Rows {
					if c.Value != nil && estKey(r.Worth) == estKey(*c.Value) {
						tagged(c, ab.Level)
					}
				}
			}
		case "tune":
			if a.Tune != nil && a.Tune.Level != "" {
				tagged(c, a.Tune.Level)
			}
		case "sweep":
			for _, l := range a.Compensation {
				for _, e := range sweepEstimates(l) {
					if c.Value != nil && estKey(e) == estKey(*c.Value) {
						tagged(c, l.Level)
					}
				}
			}
		}
	}
	if la := a.Ladder; la != nil {
		for _, st := range la.Steps {
			if st.Verdict == "stronger" {
				continue
			}
			level := a.Levels[st.Upper].Level
			for _, ab := range a.Ablation {
				if ab.Level == level && ab.Measuring != "" && !strings.Contains(gl.Note, "at "+level) {
					out = append(out, fmt.Sprintf("restricted play at %s, not told apart from %s, is not said on page 1", level, a.Levels[st.Lower].Level))
				}
			}
			for _, l := range a.Compensation {
				if l.Level == level && l.Measuring != "" && !strings.Contains(gl.Note, "at "+level) {
					out = append(out, fmt.Sprintf("the %s sweep at %s, not told apart from %s, is not said on page 1", l.Lever.Path, level, a.Levels[st.Lower].Level))
				}
			}
		}
	}
	return out
}

// sweepEstimates are the estimates of a sweep a page-1 cell may quote.
func sweepEstimates(l SweepAnswer) []Est {
	var out []Est
	if l.Compensation != nil {
		out = append(out, l.Compensation.Value)
	}
	if l.Offset != nil {
		out = append(out, *l.Offset)
	}
	for _, p := range l.Points {
		if p.Success != nil {
			out = append(out, *p.Success)
		}
	}
	return out
}

// checkFairnessBySkill checks summary.json's fairnessBySkill against its own rule (a seat
// changes when its adjusted p is below skill.TrendAlpha; fairness changes when a seat
// does) and against the skill section, which must say its sentence.
func checkFairnessBySkill(a *Answer, section string) []string {
	ft := a.FairnessBySkill
	if ft == nil {
		return nil
	}
	var out []string
	any := false
	for _, st := range ft.Seats {
		if st.Changes != (st.PAdjusted < skill.TrendAlpha) {
			out = append(out, fmt.Sprintf("fairnessBySkill: seat %d changes=%v with adjusted p %.4g", st.Seat, st.Changes, st.PAdjusted))
		}
		any = any || st.Changes
	}
	if any != ft.Changes {
		out = append(out, fmt.Sprintf("fairnessBySkill: changes=%v, but its seats say %v", ft.Changes, any))
	}
	// The bullet lower-cases the sentence's first letter after "N players: ".
	if _, rest, _ := strings.Cut(ft.Sentence, " "); !strings.Contains(section, rest) {
		out = append(out, "fairnessBySkill: the skill section does not say "+ft.Sentence)
	}
	return out
}
