package feel

import (
	"strings"
	"testing"

	"dragonlab/reports/designer"
	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

// The feel question reads a level's metrics into its answer (lead changes per player,
// comebacks against what chance gives), reads nothing from a result without metrics,
// and writes its section — the sentence at the measuring level and every metric beside
// the other games' range at the same player count — and its sentence in the game's answer.
func TestFeelQuestion(t *testing.T) {
	q := Question{}
	agg, m := feelFixture()
	var none designer.LevelAnswer
	if err := q.ReadLevel(&none, &sim.Result{Aggregate: *agg}); err != nil || none.Feel != nil {
		t.Errorf("without metrics: %v, %+v", err, none.Feel)
	}
	agg.Metrics = m
	var la designer.LevelAnswer
	if err := q.ReadLevel(&la, &sim.Result{Aggregate: *agg}); err != nil {
		t.Fatal(err)
	}
	f := la.Feel
	if f == nil || f.LeadsPerPlayer == nil || f.ComebackRatio == nil {
		t.Fatalf("feel read: %+v", f)
	}
	statstest.Near(t, "lead changes per player", *f.LeadsPerPlayer, 1.5/2, 1e-15)
	statstest.Near(t, "comebacks against chance", f.ComebackRatio.Value, 3.0/10/(1.0/2), 1e-12)

	other := *f
	lp := 2.0
	other.LeadsPerPlayer = &lp
	game := func(name string, row *designer.FeelRow) *designer.Game {
		la := designer.LevelAnswer{Level: "greedy", Feel: row}
		return &designer.Game{Game: name, Configs: []*designer.Answer{{Players: 2, Levels: []designer.LevelAnswer{la}}}}
	}
	a, b := game("a", f), game("b", &other)
	rp := &designer.Report{Games: []*designer.Game{a, b}}
	s := &doc.Section{}
	q.Section(rp, a, s)
	if len(s.Sections) != 1 || s.Sections[0].Title != "How does it feel?" || len(s.Sections[0].Blocks) != 2 {
		t.Fatalf("section: %+v", s.Sections)
	}
	fe := s.Sections[0]
	list, ok := fe.Blocks[0].(*doc.List)
	if !ok || len(list.Items) != 1 || !strings.HasPrefix(list.Items[0], "2 players: under greedy play games last 13.3 decisions") ||
		!strings.Contains(list.Items[0], "the lead changes 1.50 times per game (0.75 per player)") {
		t.Errorf("sentence: %+v", fe.Blocks[0])
	}
	tb, ok := fe.Blocks[1].(*doc.Table)
	if !ok || len(tb.Rows) != 1 || tb.Rows[0][4].Text != "0.75; others 2.00" {
		t.Errorf("table: %+v", fe.Blocks[1])
	}
	if got := q.AnswerSentence(a.Configs[0], " with 2 players"); got != "A game with 2 players lasts 13.3 decisions." {
		t.Errorf("answer sentence %q", got)
	}
	// Without a measuring level the question says nothing.
	a.Configs[0].Measure = -1
	if got := q.AnswerSentence(a.Configs[0], ""); got != "" {
		t.Errorf("no measuring level: %q", got)
	}
}
