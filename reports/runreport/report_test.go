package runreport

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/reports/chart"
	"dragonlab/reports/doc/pdftext"
	"dragonlab/reports/fairness"
	"dragonlab/reports/htmlcheck"
	"dragonlab/sim"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

var titles = map[string]string{"dragonheart": "Dragonheart (Cœur de Dragon)", "redhot": "Red Hot Silly Dragon", "dragonscales": "Dragon Scales"}

func build(t *testing.T, rs []*sim.Result, opts Options) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "out")
	if err := Build(rs, dir, opts); err != nil {
		t.Fatalf("Build: %v", err)
	}
	return dir
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// pdfPages returns the text of each page (reports/doc/pdftext).
func pdfPages(t *testing.T, data []byte) []string {
	t.Helper()
	pages, err := pdftext.Texts(data)
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

func checkPDF(t *testing.T, data []byte, wantPages int) []string {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("report.pdf does not start with %%PDF-: %q", data[:min(len(data), 10)])
	}
	if !bytes.Contains(data[max(0, len(data)-32):], []byte("%%EOF")) {
		t.Error("report.pdf does not end with the end-of-file marker")
	}
	pages := pdfPages(t, data)
	if len(pages) != wantPages {
		t.Errorf("report.pdf has %d pages, want %d", len(pages), wantPages)
	}
	if n := bytes.Count(data, []byte("/Type /Page\n")); n != wantPages {
		t.Errorf("report.pdf has %d /Type /Page objects, want %d", n, wantPages)
	}
	return pages
}

func TestBuildSingleReport(t *testing.T) {
	dir := build(t, []*sim.Result{fxFive.result()}, Options{Sources: []string{"draco5.json"}})
	for _, name := range []string{"report.pdf", "summary.md", "summary.csv", "charts/seats.png", "charts/seats.svg", "charts/scores.png", "charts/scores.svg", "charts/length.png", "charts/length.svg"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("missing %s: %v", name, err)
		}
	}
	pages := checkPDF(t, read(t, filepath.Join(dir, "report.pdf")), 3)
	// Provenance on the title page: tool version, game, rules, agents, seed, games, complete.
	for _, want := range []string{"dragonlab " + sim.Version, "Provenance", "Draco, 5 players", "handSize=5", `variant="standard"`,
		"mcts:iters=200 in every seat", "fixed", "Seed", "7 (games 0 to 20,411)", "20,412 of 20,412 games (complete)",
		"dragonlab 0.1.0-test", "draco5.json"} {
		if !strings.Contains(pages[0], want) {
			t.Errorf("title page lacks %q", want)
		}
	}
	if strings.Contains(pages[0], "Incomplete") || strings.Contains(pages[0], "INCOMPLETE") {
		t.Error("a complete result's report says incomplete")
	}
	if !strings.Contains(pages[1], "Verdicts") || !strings.Contains(pages[1], "significant") {
		t.Error("page 2 lacks the verdicts")
	}
	if n := bytes.Count(read(t, filepath.Join(dir, "report.pdf")), []byte("/Subtype /Image")); n < 3 {
		t.Errorf("the PDF shows %d images, want the 3 charts", n)
	}
	// The charts: PNG decodes at 900 × 563 (chart.Width × chart.Height at chart.DPI); SVG is SVG.
	for _, name := range []string{"seats", "scores", "length"} {
		img, err := png.Decode(bytes.NewReader(read(t, filepath.Join(dir, ChartsDir, name+".png"))))
		if err != nil {
			t.Fatalf("%s.png: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() != 900 || b.Dy() != 563 {
			t.Errorf("%s.png is %d×%d, want 900×563", name, b.Dx(), b.Dy())
		}
		svg := read(t, filepath.Join(dir, ChartsDir, name+".svg"))
		if !bytes.Contains(svg, []byte("<svg")) {
			t.Errorf("%s.svg is not SVG", name)
		}
		for dec := xml.NewDecoder(bytes.NewReader(svg)); ; {
			if _, err := dec.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Errorf("%s.svg is not well-formed XML: %v", name, err)
				break
			}
		}
	}
	// No temporary file is left behind.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind %s", e.Name())
		}
	}
}

func TestSummaryCSV(t *testing.T) {
	dir := build(t, []*sim.Result{fxFive.result(), fxCut.result()}, Options{Study: true})
	rows, err := csv.NewReader(bytes.NewReader(read(t, filepath.Join(dir, "summary.csv")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// Header, 5 seats of draco, 2 seats and 2 agents of the rotating run.
	if len(rows) != 1+5+2+2 {
		t.Fatalf("summary.csv has %d rows, want 10", len(rows))
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	first := rows[1]
	if first[col["seat"]] != "0" || first[col["win_share"]] != "0.24411765" || first[col["fair_share"]] != "0.2" {
		t.Errorf("first row = %v", first)
	}
	if rows[6][col["complete"]] != "false" || rows[8][col["kind"]] != "agent" || rows[8][col["agent"]] != "mcts" {
		t.Errorf("rotating run rows = %v / %v", rows[6], rows[8])
	}
}

// TestGoldenSummary compares summary.md with testdata/; go test -update rewrites it.
func TestGoldenSummary(t *testing.T) {
	cases := []struct {
		golden string
		rs     []*sim.Result
		opts   Options
	}{
		{"single.md", []*sim.Result{fxFive.result()}, Options{Sources: []string{"draco5.json"}}},
		{"study.md", []*sim.Result{fxTwo.result(), fxFive.result(), fxThree.result(), fxSolo.result(), fxTiny.result(), fxCut.result(), fxDup.result()},
			Options{Study: true, Titles: titles}},
	}
	for _, tc := range cases {
		rp, err := prepare(tc.rs, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		rp.charts = make([][]*chart.Chart, len(rp.as)) // the markdown without rendering charts
		for i, a := range rp.as {
			if a.Games > 0 {
				for _, k := range []string{"seats", "scores", "length"} {
					rp.charts[i] = append(rp.charts[i], &chart.Chart{Name: rp.chartStem(i, k), Title: a.Label + "\n" + k})
				}
			}
		}
		if rp.multi() {
			rp.study = &chart.Chart{Name: "first-player-advantage"}
		}
		got := rp.markdown()
		path := filepath.Join("testdata", tc.golden)
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if got != string(want) {
			t.Errorf("summary.md differs from %s (go test ./reports/runreport -update rewrites it):\n%s", path, firstDiff(got, string(want)))
		}
	}
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n got: %s\nwant: %s", i+1, a, b)
		}
	}
	return ""
}

// An interrupted run says so on the report's first page, alone or in a study.
func TestIncompleteOnFirstPage(t *testing.T) {
	for _, tc := range []struct {
		rs    []*sim.Result
		pages int
	}{
		// Title page, then the tables and verdicts with the seat chart, then the
		// score and length charts.
		{[]*sim.Result{fxCut.result()}, 3},
		// Findings, study chart and overview, provenance, then each result's section:
		// 2 pages each (the incomplete one's banner, provenance, seat and agent tables
		// leave room for its seat chart).
		{[]*sim.Result{fxTwo.result(), fxFive.result(), fxCut.result()}, 9},
	} {
		rs := tc.rs
		dir := build(t, rs, Options{Study: true})
		pages := checkPDF(t, read(t, filepath.Join(dir, "report.pdf")), tc.pages)
		for _, want := range []string{"Incomplete:", "interrupted after", "3,000 of"} {
			if !strings.Contains(pages[0], want) {
				t.Errorf("%d results: the first page lacks %q", len(rs), want)
			}
		}
		md := string(read(t, filepath.Join(dir, "summary.md")))
		if head := md[:strings.Index(md, "\n## ")]; !strings.Contains(head, "**Incomplete:") {
			t.Errorf("summary.md does not say incomplete before its first section:\n%s", head)
		}
	}
}

func TestStudyReport(t *testing.T) {
	rs := []*sim.Result{fxTwo.result(), fxFive.result(), fxThree.result(), fxSolo.result()}
	dir := build(t, rs, Options{Study: true, Titles: titles})
	pages := checkPDF(t, read(t, filepath.Join(dir, "report.pdf")), 3+2*len(rs))
	// The first page ranks the findings, largest significant effect first.
	first := pages[0]
	i := strings.Index(first, "Dragonheart (C")
	j := strings.Index(first, "Draco, 5 players, mcts:iters=200: seat 0 wins 24.4%")
	k := strings.Index(first, "Red Hot Silly Dragon, 3 players, random")
	if i < 0 || j < 0 || k < 0 || !(i < j && j < k) {
		t.Errorf("findings out of order or missing (%d, %d, %d):\n%s", i, j, k, first)
	}
	for _, name := range []string{"first-player-advantage.png", "01-dragonheart-2p-seats.png", "04-dragonscales-1p-length.svg"} {
		if _, err := os.Stat(filepath.Join(dir, ChartsDir, name)); err != nil {
			t.Errorf("missing %s/%s", ChartsDir, name)
		}
	}
}

func TestFindingSentence(t *testing.T) {
	as, err := analyzeAll([]*sim.Result{fxFive.result(), fxTwo.result()}, Options{Study: true, Titles: titles})
	if err != nil {
		t.Fatal(err)
	}
	fs := fairness.Findings([]*fairness.Analysis{as[0].Analysis, as[1].Analysis})
	want := "Dragonheart (Cœur de Dragon), 2 players, greedy: seat 0 wins 56.6% [55.6, 57.5] of 9,900 decisive games, fair share 50% — significant (Holm p < 0.001)"
	if got := fs[0].Sentence(); got != want {
		t.Errorf("first finding:\n got %s\nwant %s", got, want)
	}
	// Holm over the report: 1 test for 2 players + 5 for 5 players.
	if as[0].Family != 6 {
		t.Errorf("Holm family = %d, want 6", as[0].Family)
	}
}

func TestVerdicts(t *testing.T) {
	tests := []struct {
		fx   fixture
		want []string
	}{
		{fxTwo, []string{"advantage of +6.6 points [+5.6, +7.5]", "This is significant (exact binomial test of seat 0 against 50%, draws excluded, Holm p < 0.001)", "100 (1.0%) were draws"}},
		{fxTiny, []string{"too small a sample to tell"}},
		{fxThree, []string{"is not significant", "consistent with equal shares", "Seats 1 and 2 do not differ significantly"}},
		{fxFive, []string{"Seat 2 wins 17.4% [16.9, 17.9], below the fair share of 20%", "differ from equal shares"}},
		{fxSolo, []string{"greedy wins the solitaire in 12.3% [11.7, 13.0] of 10,000 games"}},
		{fxCut, []string{"Incomplete:", "By agent", "agent 0 (mcts) wins 50.7%"}},
		{fxDup, []string{"Paired over 2,000 duplicate deals", "wins on average 55.0%"}},
	}
	for _, tc := range tests {
		as, err := analyzeAll([]*sim.Result{tc.fx.result()}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		v := strings.Join(as[0].verdicts(), "\n")
		for _, w := range tc.want {
			if !strings.Contains(v, w) {
				t.Errorf("%s verdicts lack %q:\n%s", tc.fx.game, w, v)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	foreign := fxTwo.result()
	foreign.Schema = "someone.else/v3"
	short := fxFive.result()
	short.Aggregate.Seats = short.Aggregate.Seats[:3]
	lying := fxTwo.result()
	lying.Aggregate.Seats[0].Wins += 50
	tests := []struct {
		name string
		rs   []*sim.Result
		opts Options
		want string
	}{
		{"nothing", nil, Options{}, "no results"},
		{"nil", []*sim.Result{nil}, Options{}, "no result"},
		{"foreign JSON", []*sim.Result{foreign}, Options{Sources: []string{"x.json"}}, "x.json is not a dragonlab results file"},
		{"seats missing", []*sim.Result{short}, Options{}, "inconsistent"},
		{"wins do not add up", []*sim.Result{lying}, Options{}, "inconsistent"},
		{"games mixed", []*sim.Result{fxTwo.result(), fxFive.result()}, Options{}, "different games (dragonheart, draco) can be combined only in a study"},
		{"same run twice", []*sim.Result{fxTwo.result(), fxTwo.result()}, Options{Study: true, Sources: []string{"a.json", "b.json"}}, "a.json and b.json hold the same games"},
	}
	for _, tc := range tests {
		dir := filepath.Join(t.TempDir(), "out")
		err := Build(tc.rs, dir, tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", tc.name, err, tc.want)
		}
		if !errors.As(err, new(InputError)) {
			t.Errorf("%s: %v is not an InputError", tc.name, err)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%s: the output directory was created", tc.name)
		}
	}
	// Same game, other player counts: fine without a study.
	if err := Build([]*sim.Result{fxTwo.result(), fxTiny.result()}, filepath.Join(t.TempDir(), "ok"), Options{}); err != nil {
		t.Errorf("two dragonheart results: %v", err)
	}
}

// A run interrupted before its first game still gets a report that says so.
func TestNoGames(t *testing.T) {
	empty := fixture{game: "draco", agents: []string{"random", "random", "random"}, wins: []int64{0, 0, 0}, missing: 500}
	dir := build(t, []*sim.Result{empty.result()}, Options{})
	pages := checkPDF(t, read(t, filepath.Join(dir, "report.pdf")), 2)
	if !strings.Contains(pages[0], "interrupted after 0 of 500 games") {
		t.Error("the first page does not say the run was interrupted")
	}
	if md := string(read(t, filepath.Join(dir, "summary.md"))); !strings.Contains(md, "No game was played") {
		t.Errorf("summary.md:\n%s", md)
	}
}

func TestUnwritableDirectory(t *testing.T) {
	base := t.TempDir()
	blocker := filepath.Join(base, "file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	err := Build([]*sim.Result{fxTwo.result()}, filepath.Join(blocker, "out"), Options{})
	if err == nil || !errors.As(err, new(InputError)) || !strings.Contains(err.Error(), "cannot create the report directory") {
		t.Errorf("error %v, want an InputError about the directory", err)
	}

	// A rename that fails (report.pdf is a directory) leaves no half-written report:
	// neither the other files nor temporary ones.
	dir := filepath.Join(base, "out")
	os.MkdirAll(filepath.Join(dir, "report.pdf", "sub"), 0o755)
	if err := Build([]*sim.Result{fxTwo.result()}, dir, Options{}); err == nil {
		t.Fatal("Build over a directory named report.pdf succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("after a failed write the directory holds %v, want only report.pdf/", names)
	}
}

// Writes a sample report for looking at: DRAGONLAB_REPORT_SAMPLE=/tmp/sample go test -run Sample ./reports/runreport/
func TestWriteSample(t *testing.T) {
	dir := os.Getenv("DRAGONLAB_REPORT_SAMPLE")
	if dir == "" {
		t.Skip("set DRAGONLAB_REPORT_SAMPLE to a directory to write sample reports")
	}
	if err := Build([]*sim.Result{fxFive.result()}, filepath.Join(dir, "single"), Options{Sources: []string{"draco5.json"}}); err != nil {
		t.Fatal(err)
	}
	rs := []*sim.Result{fxTwo.result(), fxFive.result(), fxThree.result(), fxSolo.result(), fxTiny.result(), fxCut.result(), fxDup.result()}
	if err := Build(rs, filepath.Join(dir, "study"), Options{Study: true, Titles: titles}); err != nil {
		t.Fatal(err)
	}
}

// report.html holds every section of the model (every result's among them), every chart
// as inline SVG and every table, with no broken link and nothing loaded from outside.
func TestHTMLReport(t *testing.T) {
	rs := []*sim.Result{fxTwo.result(), fxSolo.result(), fxCut.result()}
	rp, err := prepare(rs, Options{Study: true, Titles: titles})
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.renderCharts(); err != nil {
		t.Fatal(err)
	}
	d := rp.document()
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if err := htmlcheck.Check(d, page); err != nil {
		t.Error(err)
	}
	text, err := htmlcheck.Text(page)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range rp.as {
		if !strings.Contains(text, fmt.Sprintf("%d. %s", i+1, a.Label)) {
			t.Errorf("no section for result %d (%s)", i+1, a.Label)
		}
	}
	if n := len(d.Charts()); n != 1+3*len(rs) {
		t.Errorf("%d charts, want the study's and 3 per result", n)
	}
}

// The same results give the same bytes in every file, the PDF included.
func TestBuildDeterministic(t *testing.T) {
	a := build(t, []*sim.Result{fxCut.result()}, Options{})
	b := build(t, []*sim.Result{fxCut.result()}, Options{})
	var names []string
	filepath.WalkDir(a, func(path string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			rel, _ := filepath.Rel(a, path)
			names = append(names, rel)
		}
		return err
	})
	if len(names) != 5+2*3 {
		t.Errorf("files %v, want the PDF, HTML, summaries and 3 charts as PNG and SVG", names)
	}
	for _, n := range names {
		if !bytes.Equal(read(t, filepath.Join(a, n)), read(t, filepath.Join(b, n))) {
			t.Errorf("%s differs between two builds", n)
		}
	}
}
