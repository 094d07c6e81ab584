package reports

import (
	"bytes"
	"fmt"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"dragonlab/sim"
)

// Page geometry in millimetres (A4 portrait).
const (
	pageMargin   = 15.0
	bottomMargin = 16.0
	lineH        = 5.0
)

// doc wraps fpdf with the report's typography. Text goes through a cp1252 translator (the
// core fonts' encoding): é, œ, — and … print; symbols outside cp1252 are avoided.
type doc struct {
	*fpdf.Fpdf
	tr    func(string) string
	width float64 // usable width
}

func newDoc(title string) *doc {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetMargins(pageMargin, pageMargin, pageMargin)
	f.SetAutoPageBreak(true, bottomMargin)
	// Uncompressed content streams: the text stays searchable by tests and tools (the
	// charts are PNG images, compressed anyway).
	f.SetCompression(false)
	f.SetCatalogSort(true)
	f.AliasNbPages("{nb}")
	d := &doc{Fpdf: f, tr: f.UnicodeTranslatorFromDescriptor("")}
	pw, _ := f.GetPageSize()
	d.width = pw - 2*pageMargin
	f.SetTitle(title, true)
	f.SetCreator("dragonlab "+sim.Version, true)
	f.SetFooterFunc(func() {
		f.SetY(-12)
		f.SetFont("Helvetica", "", 8)
		f.SetTextColor(120, 120, 120)
		f.CellFormat(0, 4, d.tr(fmt.Sprintf("%s — dragonlab %s — page %d of {nb}", title, sim.Version, f.PageNo())), "", 0, "C", false, 0, "")
		f.SetTextColor(0, 0, 0)
	})
	return d
}

func (d *doc) font(style string, size float64) { d.SetFont("Helvetica", style, size) }

// ensure starts a new page unless h millimetres fit on this one.
func (d *doc) ensure(h float64) {
	_, ph := d.GetPageSize()
	if d.GetY()+h > ph-bottomMargin {
		d.AddPage()
	}
}

func (d *doc) heading(text string, size float64) {
	d.ensure(size*1.2 + 15) // never a heading alone at the foot of a page
	d.font("B", size)
	d.SetTextColor(20, 50, 90)
	d.MultiCell(0, size*0.5, d.tr(text), "", "L", false)
	d.SetTextColor(0, 0, 0)
	d.Ln(size * 0.2)
}

func (d *doc) para(text string, style string, size float64) {
	d.font(style, size)
	d.MultiCell(0, size*0.45, d.tr(text), "", "L", false)
	d.Ln(1.5)
}

// bullets prints a list with hanging indents: bullets when first is 0, else numbered
// from first.
func (d *doc) bullets(lines []string, first int, size float64) {
	d.font("", size)
	h := size * 0.45
	for i, l := range lines {
		mark := "•"
		indent := 5.0
		if first > 0 {
			mark = fmt.Sprintf("%d.", first+i)
			indent = 8
		}
		split := d.SplitLines([]byte(d.tr(l)), d.width-indent)
		d.ensure(h * float64(min(len(split), 3)))
		x := d.GetX()
		d.CellFormat(indent, h, d.tr(mark), "", 0, "L", false, 0, "")
		d.SetX(x + indent)
		d.MultiCell(d.width-indent, h, d.tr(l), "", "L", false)
		d.Ln(0.8)
	}
	d.Ln(1.5)
}

// banner prints lines in white on red, for incomplete results.
func (d *doc) banner(lines []string) {
	if len(lines) == 0 {
		return
	}
	d.font("B", 11)
	d.SetFillColor(190, 30, 30)
	d.SetTextColor(255, 255, 255)
	for _, l := range lines {
		d.MultiCell(0, 6, d.tr(l), "", "L", true)
	}
	d.SetTextColor(0, 0, 0)
	d.Ln(3)
}

// kv prints key–value pairs, the value wrapping in its column.
func (d *doc) kv(pairs [][2]string, keyW float64) {
	d.font("B", 9.5)
	for _, p := range pairs {
		keyW = max(keyW, min(d.GetStringWidth(d.tr(p[0]))+4, d.width/2))
	}
	for _, p := range pairs {
		d.font("", 9.5)
		lines := d.SplitLines([]byte(d.tr(p[1])), d.width-keyW)
		d.ensure(4.5 * float64(len(lines)))
		y := d.GetY()
		d.font("B", 9.5)
		d.CellFormat(keyW, 4.5, d.fit(p[0], keyW), "", 0, "L", false, 0, "")
		d.font("", 9.5)
		d.SetXY(pageMargin+keyW, y)
		d.MultiCell(d.width-keyW, 4.5, d.tr(p[1]), "", "L", false)
		d.Ln(0.6)
	}
	d.Ln(2)
}

// column of a table: heading, width in mm, alignment ("L", "C", "R").
type column struct {
	head  string
	width float64
	align string
}

// fit shortens s with an ellipsis until it fits w millimetres.
func (d *doc) fit(s string, w float64) string {
	s = d.tr(s)
	if d.GetStringWidth(s) <= w-1.5 {
		return s
	}
	ell := d.tr("…")
	r := []byte(s) // cp1252: one byte per character
	for len(r) > 0 && d.GetStringWidth(string(r)+ell) > w-1.5 {
		r = r[:len(r)-1]
	}
	return string(r) + ell
}

// table prints a table whose cells wrap and whose header repeats on every page it spans.
func (d *doc) table(cols []column, rows [][]string, size float64) {
	head := make([]string, len(cols))
	for j, c := range cols {
		head[j] = c.head
	}
	d.ensure(4 * size * 0.5)
	d.tableRow(cols, head, size, true, false)
	for i, cells := range rows {
		if !d.tableRow(cols, cells, size, false, i%2 == 1) {
			d.AddPage()
			d.tableRow(cols, head, size, true, false)
			d.tableRow(cols, cells, size, false, i%2 == 1)
		}
	}
	d.Ln(3)
}

// tableRow prints one row, or returns false without printing when it does not fit on
// the page.
func (d *doc) tableRow(cols []column, cells []string, size float64, header, stripe bool) bool {
	h := size * 0.5
	style := ""
	if header {
		style = "B"
	}
	d.font(style, size)
	lines := 1
	var total float64
	for j, c := range cols {
		lines = max(lines, len(d.SplitLines([]byte(d.tr(cells[j])), c.width)))
		total += c.width
	}
	rowH := float64(lines)*h + 1.4
	if _, ph := d.GetPageSize(); !header && d.GetY()+rowH > ph-bottomMargin {
		return false
	}
	y := d.GetY()
	switch {
	case header:
		d.SetFillColor(225, 232, 242)
		d.Rect(pageMargin, y, total, rowH, "F")
	case stripe:
		d.SetFillColor(244, 246, 250)
		d.Rect(pageMargin, y, total, rowH, "F")
	}
	x := pageMargin
	for j, c := range cols {
		d.SetXY(x, y+0.7)
		d.MultiCell(c.width, h, d.tr(cells[j]), "", c.align, false)
		x += c.width
	}
	d.SetXY(pageMargin, y+rowH)
	if header {
		d.SetDrawColor(120, 130, 150)
		d.Line(pageMargin, y+rowH, pageMargin+total, y+rowH)
		d.SetDrawColor(0, 0, 0)
	}
	return true
}

// image embeds a chart at the given width, on a new page unless it fits.
func (d *doc) image(c *Chart, w float64) {
	h := w * float64(c.Height) / float64(c.Width)
	d.ensure(h + 5)
	d.RegisterImageOptionsReader(c.Name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(c.PNG))
	x := pageMargin + (d.width-w)/2
	d.ImageOptions(c.Name, x, d.GetY(), w, h, true, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	d.Ln(3)
}

// pdf renders report.pdf.
func (rp *report) pdf() ([]byte, error) {
	d := newDoc(rp.title)
	d.AddPage()
	if rp.multi() {
		rp.pdfStudyFront(d)
	} else {
		rp.pdfTitle(d, rp.as[0])
	}
	for i, a := range rp.as {
		rp.pdfSection(d, i, a)
	}
	var b bytes.Buffer
	if err := d.Output(&b); err != nil {
		return nil, fmt.Errorf("write the PDF report: %w", err)
	}
	return b.Bytes(), nil
}

// pdfTitle is a one-result report's title page: provenance first.
func (rp *report) pdfTitle(d *doc, a *Analysis) {
	d.Ln(10)
	d.heading(rp.title, 20)
	d.para(fmt.Sprintf("Generated by dragonlab %s", sim.Version), "I", 10)
	d.Ln(2)
	d.banner(rp.incompleteNotes())
	d.heading("Provenance", 13)
	d.kv(provenance(a), 42)
	d.heading("How to read this report", 13)
	d.para(rp.readingNote(), "", 10)
	if a.Games > 0 {
		d.heading("In short", 13)
		d.bullets(a.Verdicts(), 0, 10)
	}
}

// pdfStudyFront is a multi-result report's first pages: the ranked findings, then the
// provenance of every result and an overview.
func (rp *report) pdfStudyFront(d *doc) {
	d.heading(rp.title, 18)
	d.para(fmt.Sprintf("Generated by dragonlab %s from %d results (%s games in all), written by %s.",
		sim.Version, len(rp.as), Count(rp.totalGames()), rp.toolVersions()), "I", 9.5)
	d.banner(rp.incompleteNotes())
	d.heading("Findings", 13)
	d.para(FindingsHeadline(rp.as, rp.findings), "", 10)
	var sol []string
	for _, a := range rp.as {
		if a.Solitaire() && a.Games > 0 {
			s := a.Seats[0]
			sol = append(sol, fmt.Sprintf("%s: wins %s %s of %s games.", a.Label, pct(s.Share), ivPct(s.CI), Count(a.Games)))
		}
	}
	// As many findings as fit on the first page, keeping room for the solitaires and the
	// reading note.
	_, ph := d.GetPageSize()
	reserve := 22.0
	if len(sol) > 0 {
		reserve += 12 + 9*float64(len(sol))
	}
	var lines []string
	d.font("", 9.5)
	y := d.GetY()
	for i, f := range rp.findings {
		h := 4.3*float64(len(d.SplitLines([]byte(d.tr(f.Sentence())), d.width-8))) + 0.8
		if i == maxFindings || y+h > ph-bottomMargin-reserve {
			break
		}
		y += h
		lines = append(lines, f.Sentence())
	}
	d.bullets(lines, 1, 9.5)
	shown := len(lines)
	if rest := len(rp.findings) - shown; rest > 0 {
		d.para(fmt.Sprintf("… and %d more in the overview and the sections below.", rest), "I", 9)
	}
	d.Ln(1.5)
	if len(sol) > 0 {
		d.heading("Solitaire", 11)
		d.bullets(sol, 0, 9.5)
	}
	d.para(rp.readingNote(), "I", 8.5)

	d.AddPage()
	if rp.study != nil {
		w := d.width
		if h := w * float64(rp.study.Height) / float64(rp.study.Width); h > 245 {
			w *= 245 / h // a long study: the chart takes its page
		}
		d.image(rp.study, w)
	}
	d.heading("Overview", 13)
	var rows [][]string
	for i, a := range rp.as {
		if a.Solitaire() {
			s := a.Seats[0]
			rows = append(rows, []string{fmt.Sprint(i + 1), a.Label, Count(a.Games), "success " + pct(s.Share) + " " + ivPct(s.CI), "", "", ""})
			continue
		}
		s := a.Seats[0]
		rows = append(rows, []string{fmt.Sprint(i + 1), a.Label, Count(a.Decisive), pct(s.Share) + " " + ivPct(s.CI),
			pctShort(a.Fair), pts(a.FPA) + " " + ivPts(a.FPACI), pCell(s.PHolm)})
	}
	d.table([]column{{"#", 7, "R"}, {"Result", 60, "L"}, {"Games", 16, "R"}, {"Seat 0 wins [95% CI]", 37, "L"},
		{"Fair", 12, "R"}, {"Advantage, points [95% CI]", 34, "L"}, {"Holm p", 14, "R"}}, rows, 8)

	d.AddPage()
	d.heading("Provenance", 13)
	rows = rows[:0]
	for i, a := range rp.as {
		r := a.Result
		complete := "yes"
		if !r.Complete {
			complete = "NO"
		}
		rows = append(rows, []string{fmt.Sprint(i + 1), r.Game, fmt.Sprint(r.Players), agentsShort(r), r.Seating,
			fmt.Sprint(r.Seed), Count(a.Games) + " of " + Count(a.Requested), complete})
	}
	d.table([]column{{"#", 7, "R"}, {"Game", 26, "L"}, {"Players", 14, "R"}, {"Agents", 55, "L"}, {"Seating", 18, "L"},
		{"Seed", 16, "R"}, {"Games", 28, "R"}, {"Complete", 16, "L"}}, rows, 8)
	d.heading("Rules parameters", 11)
	d.kv(rp.distinctParams(), 30)
}

// pdfSection is one result's tables, verdicts and charts.
func (rp *report) pdfSection(d *doc, i int, a *Analysis) {
	d.AddPage()
	if rp.multi() {
		d.heading(fmt.Sprintf("%d. %s", i+1, a.Label), 15)
		if n := a.IncompleteNote(); n != "" {
			d.banner([]string{n})
		}
		d.kv(provenance(a), 38)
	} else {
		d.heading(a.Label, 15)
	}
	if a.Games > 0 {
		if a.Solitaire() {
			s := a.Seats[0]
			d.table([]column{{"Agent", 50, "L"}, {"Games", 25, "R"}, {"Won", 25, "R"}, {"Success rate [95% CI]", 45, "L"}, {"Mean score [95% CI]", 35, "L"}},
				[][]string{{a.Result.Agents[0], Count(a.Games), Count(int64(s.Wins)), pct(s.Share) + " " + ivPct(s.CI), num(s.Score.Mean, 1) + " " + ivNum(s.Score.CI, 1)}}, 9)
		} else {
			rp.pdfSeatTable(d, a, "Seat", a.Seats)
			if len(a.Agents) > 0 {
				rp.pdfSeatTable(d, a, "Agent", a.Agents)
			}
		}
	}
	d.heading("Verdicts", 12)
	d.bullets(a.Verdicts(), 0, 9.5)
	for _, c := range rp.charts[i] {
		d.image(c, 165)
	}
}

func (rp *report) pdfSeatTable(d *doc, a *Analysis, kind string, ss []SeatStat) {
	rows := make([][]string, len(ss))
	for j, s := range ss {
		p, test, agent := pCell(s.PHolm), shortTest(s.Test), s.Agent
		if kind == "Agent" {
			p, test = "", ""
		} else if agent == "" {
			agent = "(rotates)"
		}
		rows[j] = []string{fmt.Sprint(s.Index), agent, winsText(s.Wins), pct(s.Share) + " " + ivPct(s.CI),
			pts(s.Effect(a.Fair)), test, p, num(s.Score.Mean, 1) + " " + ivNum(s.Score.CI, 1)}
	}
	second := "Agent"
	if kind == "Agent" {
		second = "Spec"
	}
	cols := []column{{kind, 12, "R"}, {second, 30, "L"}, {"Wins", 17, "R"}, {"Win share [95% CI]", 32, "L"},
		{"vs " + pctShort(a.Fair) + ", points", 20, "R"}, {"Test", 22, "L"}, {"Holm p", 13, "R"}, {"Mean score [95% CI]", 34, "L"}}
	if kind == "Seat" && (SameAgents(a.Result) || len(a.Agents) > 0) {
		// Self-play, or agents rotating: the agent column says nothing; the provenance
		// and the agent table name the agents.
		cols = append(cols[:1], cols[2:]...)
		cols[2].width += 15
		cols[6].width += 15
		for j := range rows {
			rows[j] = append(rows[j][:1], rows[j][2:]...)
		}
	}
	d.table(cols, rows, 8.5)
	if kind == "Seat" && a.Draws+a.NoWinner > 0 {
		var parts []string
		if a.Draws > 0 {
			parts = append(parts, "draws: "+percentOf(a.Draws, a.Games))
		}
		if a.NoWinner > 0 {
			parts = append(parts, "no winner: "+percentOf(a.NoWinner, a.Games))
		}
		d.para(fmt.Sprintf("Decisive games: %s of %s; %s.", Count(a.Decisive), Count(a.Games), strings.Join(parts, "; ")), "", 9)
	}
}

// shortTest names a test in a narrow table column.
func shortTest(t string) string {
	if t == "normal approximation" {
		return "normal approx."
	}
	return t
}
