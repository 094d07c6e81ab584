package doc_test

import (
	"strings"
	"testing"

	"dragonlab/reports/doc"
	"dragonlab/reports/htmlcheck"
)

// cardDoc is a report with one sortable card table, one stacked answers table with a
// volatile column, and the provenance in the appendix.
func cardDoc() *doc.Doc {
	d := doc.New("Cards")
	d.Provenance = []doc.KV{{Key: "Seed", Value: "1"}}
	d.ProvenanceAppendix = true
	s := d.AddSection("Answers")
	at := doc.NewTable("", doc.Col("Game", doc.Left), doc.Col("Fair?", doc.Left), doc.Column{Head: "ms per decision", Volatile: true})
	at.Stack = true
	at.TextRow("Draco", "seat 0 +7.6 pts [5.6, 9.6]", "0.41")
	s.Add(at)
	ct := doc.NewTable("cards", doc.Col("Card", doc.Left), doc.Col("Games", doc.Right), doc.Col("Value, points", doc.Right),
		doc.Column{Head: "Name", Key: "name", CSVOnly: true})
	ct.Sortable = true
	ct.Row(doc.Text("Troll 1"), doc.Int("1,200", 1200), doc.Num("+4.1", 4.1), doc.Text("troll-1"))
	ct.Row(doc.Text("Dwarf 2"), doc.Int("950", 950), doc.Num("-0.3", -0.3), doc.Text("dwarf-2"))
	s.Add(ct)
	d.AddSection("Detail").Appendix = true
	return d
}

// A sortable table gets the sorter script and each numeric cell its raw value; a stacked
// table labels its cells for narrow screens; the page passes the checker with its one
// script and fails with any other.
func TestSortableAndStackedTables(t *testing.T) {
	d := cardDoc()
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	p := string(page)
	for _, want := range []string{`<table data-name="cards" class="sortable">`, `data-v="1200"`, `data-v="-0.3"`,
		`<table class="stack">`, `data-label="Fair?"`, "<script>" + doc.SortScript + "</script>"} {
		if !strings.Contains(p, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Count(p, "<script") != 1 {
		t.Errorf("%d scripts", strings.Count(p, "<script"))
	}
	if err := htmlcheck.Check(d, page); err != nil {
		t.Error(err)
	}
	bad := strings.Replace(p, doc.SortScript, `alert(1)`, 1)
	if err := htmlcheck.Check(d, []byte(bad)); err == nil || !strings.Contains(err.Error(), "<script>") {
		t.Errorf("another script passed: %v", err)
	}
	// Without a sortable table, no script at all.
	d.Sections[0].Blocks[1].(*doc.Table).Sortable = false
	page, err = d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(page), "<script") {
		t.Error("a script without a sortable table")
	}
}

// A volatile column is shown in the PDF and the HTML but left out of summary.md and the
// CSV; the provenance moves into the appendix, before its sections.
func TestVolatileColumnsAndProvenanceAppendix(t *testing.T) {
	d := cardDoc()
	md, err := d.Markdown()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(md), "ms per decision") || strings.Contains(string(md), "0.41") {
		t.Errorf("summary.md shows the volatile column:\n%s", md)
	}
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "0.41") {
		t.Error("the HTML lacks the volatile column")
	}
	out := d.Outline()
	if out[0].ID == "provenance" || out[len(out)-1].ID != "appendix" || out[len(out)-1].Sub[0].ID != "provenance" || out[len(out)-1].Sub[0].Level != 2 {
		t.Errorf("the provenance is not first in the appendix: %v, %v", out[0].ID, out[len(out)-1].Sub)
	}
	if i, j := strings.Index(string(md), "## Provenance"), strings.Index(string(md), "## Answers"); i < 0 || i < j {
		t.Errorf("summary.md: provenance at %d, answers at %d", i, j)
	}
	d.Sections[0].Blocks = append(d.Sections[0].Blocks, &doc.Table{Name: "answers", Columns: d.Sections[0].Blocks[0].(*doc.Table).Columns,
		Rows: d.Sections[0].Blocks[0].(*doc.Table).Rows})
	files, err := d.CSV()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Name == "answers.csv" && (strings.Contains(string(f.Data), "0.41") || strings.Contains(string(f.Data), "ms_per")) {
			t.Errorf("the CSV has the volatile column: %s", f.Data)
		}
	}
	if _, err := d.PDF(); err != nil {
		t.Fatal(err)
	}
	// A CSV-only column: in cards.csv, nowhere else.
	for _, f := range files {
		if f.Name == "cards.csv" && (!strings.Contains(string(f.Data), "troll-1") || !strings.HasPrefix(string(f.Data), "card,games,value_points,name\n")) {
			t.Errorf("cards.csv lacks the CSV-only column:\n%s", f.Data)
		}
	}
	if strings.Contains(string(md), "troll-1") || strings.Contains(string(page), "troll-1") {
		t.Error("the CSV-only column is shown")
	}
}
