package studies

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"codeberg.org/go-fonts/liberation/liberationsansbold"
	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"codeberg.org/go-pdf/fpdf"

	"dragonlab/reports"
	"dragonlab/sim"
)

// File names of a study report, besides the charts (NAME.png, NAME.svg) and the results
// files the command writes.
const (
	PDFName  = "report.pdf"
	MDName   = "summary.md"
	JSONName = "summary.json"
)

// Doc is a report in a form both the PDF and the Markdown writers render.
type Doc struct {
	Title      string
	Provenance [][2]string
	Blocks     []Block
}

// Block is one element of a report: a heading, a paragraph, bullets, a table or a chart.
type Block struct {
	Heading string
	Text    string
	Bullets []string
	Table   *Table
	Chart   *reports.Chart
	// NewPage starts the block on a new PDF page.
	NewPage bool
}

// Table is a simple table: the first Left columns (at least one) are left-aligned, the
// others right-aligned.
type Table struct {
	Header []string
	Rows   [][]string
	Left   int
}

func (t *Table) left(i int) bool { return i < max(1, t.Left) }

// Charts lists the charts of the document in order.
func (d *Doc) Charts() []*reports.Chart {
	var cs []*reports.Chart
	for _, b := range d.Blocks {
		if b.Chart != nil {
			cs = append(cs, b.Chart)
		}
	}
	return cs
}

// Markdown renders the document as Markdown (charts as links to their PNG files).
func (d *Doc) Markdown() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", d.Title)
	if len(d.Provenance) > 0 {
		b.WriteString("| | |\n|---|---|\n")
		for _, kv := range d.Provenance {
			fmt.Fprintf(&b, "| %s | %s |\n", mdCell(kv[0]), mdCell(kv[1]))
		}
		b.WriteString("\n")
	}
	for _, bl := range d.Blocks {
		if bl.Heading != "" {
			fmt.Fprintf(&b, "## %s\n\n", bl.Heading)
		}
		if bl.Text != "" {
			fmt.Fprintf(&b, "%s\n\n", bl.Text)
		}
		for _, s := range bl.Bullets {
			fmt.Fprintf(&b, "- %s\n", s)
		}
		if len(bl.Bullets) > 0 {
			b.WriteString("\n")
		}
		if t := bl.Table; t != nil {
			b.WriteString("| " + strings.Join(mdCells(t.Header), " | ") + " |\n|")
			for i := range t.Header {
				if t.left(i) {
					b.WriteString("---|")
				} else {
					b.WriteString("---:|")
				}
			}
			b.WriteString("\n")
			for _, r := range t.Rows {
				b.WriteString("| " + strings.Join(mdCells(r), " | ") + " |\n")
			}
			b.WriteString("\n")
		}
		if c := bl.Chart; c != nil {
			fmt.Fprintf(&b, "![%s](%s.png) ([SVG](%s.svg))\n\n", strings.ReplaceAll(c.Title, "\n", " — "), c.Name, c.Name)
		}
	}
	return []byte(b.String())
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func mdCells(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = mdCell(s)
	}
	return out
}

// pdfEpoch is the creation date written into every PDF, so the same study gives the same
// bytes.
var pdfEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// PDF renders the document as an A4 PDF with the Liberation Sans fonts (full Unicode).
func (d *Doc) PDF() ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreationDate(pdfEpoch)
	pdf.SetModificationDate(pdfEpoch)
	pdf.SetCreator("dragonlab "+sim.Version, true)
	pdf.SetTitle(d.Title, true)
	pdf.AddUTF8FontFromBytes("sans", "", liberationsansregular.TTF)
	pdf.AddUTF8FontFromBytes("sans", "B", liberationsansbold.TTF)
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(true, 15)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-12)
		pdf.SetFont("sans", "", 8)
		pdf.SetTextColor(120, 120, 120)
		pdf.CellFormat(0, 5, fmt.Sprintf("%s — page %d", d.Title, pdf.PageNo()), "", 0, "C", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	})
	pdf.AddPage()
	pageW, _ := pdf.GetPageSize()
	width := pageW - 30
	pdf.SetFont("sans", "B", 16)
	pdf.MultiCell(width, 8, d.Title, "", "L", false)
	pdf.Ln(2)
	if len(d.Provenance) > 0 {
		pdf.SetFont("sans", "", 8.5)
		for _, kv := range d.Provenance {
			pdf.SetFont("sans", "B", 8.5)
			pdf.CellFormat(35, 4.5, kv[0], "", 0, "L", false, 0, "")
			pdf.SetFont("sans", "", 8.5)
			pdf.MultiCell(width-35, 4.5, kv[1], "", "L", false)
		}
		pdf.Ln(3)
	}
	for i, bl := range d.Blocks {
		if bl.NewPage {
			pdf.AddPage()
		}
		if bl.Heading != "" {
			_, y := pdf.GetXY()
			_, pageH := pdf.GetPageSize()
			if y > pageH-50 {
				pdf.AddPage()
			}
			pdf.Ln(2)
			pdf.SetFont("sans", "B", 12.5)
			pdf.MultiCell(width, 6.5, bl.Heading, "", "L", false)
			pdf.Ln(1)
		}
		if bl.Text != "" {
			pdf.SetFont("sans", "", 10)
			pdf.MultiCell(width, 5, bl.Text, "", "L", false)
			pdf.Ln(1.5)
		}
		for _, s := range bl.Bullets {
			pdf.SetFont("sans", "", 10)
			x := pdf.GetX()
			pdf.CellFormat(5, 5, "•", "", 0, "L", false, 0, "")
			pdf.MultiCell(width-5, 5, s, "", "L", false)
			pdf.SetX(x)
		}
		if len(bl.Bullets) > 0 {
			pdf.Ln(1.5)
		}
		if bl.Table != nil {
			pdfTable(pdf, bl.Table, width)
			pdf.Ln(2)
		}
		if c := bl.Chart; c != nil {
			name := fmt.Sprintf("chart%d", i)
			opts := fpdf.ImageOptions{ImageType: "PNG"}
			info := pdf.RegisterImageOptionsReader(name, opts, bytes.NewReader(c.PNG))
			if info == nil || pdf.Err() {
				return nil, fmt.Errorf("PDF chart %s: %v", c.Name, pdf.Error())
			}
			h := width * info.Height() / info.Width()
			_, y := pdf.GetXY()
			_, pageH := pdf.GetPageSize()
			if y+h > pageH-15 {
				pdf.AddPage()
			}
			pdf.ImageOptions(name, 15, pdf.GetY(), width, h, true, opts, 0, "")
			pdf.Ln(2)
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("PDF: %w", err)
	}
	return buf.Bytes(), nil
}

// pdfTable draws a table, shrinking the font until it fits the width.
func pdfTable(pdf *fpdf.Fpdf, t *Table, width float64) {
	size := 9.0
	var w []float64
	for ; size >= 6; size -= 0.5 {
		pdf.SetFont("sans", "B", size)
		w = make([]float64, len(t.Header))
		for i, h := range t.Header {
			w[i] = pdf.GetStringWidth(h) + 3
		}
		pdf.SetFont("sans", "", size)
		for _, r := range t.Rows {
			for i, c := range r {
				if i < len(w) {
					w[i] = max(w[i], pdf.GetStringWidth(c)+3)
				}
			}
		}
		total := 0.0
		for _, x := range w {
			total += x
		}
		if total <= width {
			break
		}
	}
	h := size * 0.5
	row := func(cells []string, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		pdf.SetFont("sans", style, size)
		for i := range w {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			align := "R"
			if t.left(i) {
				align = "L"
			}
			border := ""
			if bold {
				border = "B"
			}
			pdf.CellFormat(w[i], h, c, border, 0, align, false, 0, "")
		}
		pdf.Ln(-1)
	}
	row(t.Header, true)
	for _, r := range t.Rows {
		row(r, false)
	}
}

// WriteReport renders the document and writes report.pdf, summary.md, summary.json (the
// JSON encoding of summary) and every chart as PNG and SVG into dir. Everything is
// rendered before anything is written, and each file is written atomically.
func WriteReport(dir string, d *Doc, summary any) ([]string, error) {
	pdf, err := d.PDF()
	if err != nil {
		return nil, err
	}
	js, err := json.MarshalIndent(summary, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode summary: %w", err)
	}
	files := []struct {
		name string
		data []byte
	}{{PDFName, pdf}, {MDName, d.Markdown()}, {JSONName, append(js, '\n')}}
	for _, c := range d.Charts() {
		files = append(files, struct {
			name string
			data []byte
		}{c.Name + ".png", c.PNG}, struct {
			name string
			data []byte
		}{c.Name + ".svg", c.SVG})
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	var names []string
	for _, f := range files {
		if err := sim.WriteFileAtomic(filepath.Join(dir, f.name), f.data); err != nil {
			return names, err
		}
		names = append(names, f.name)
	}
	return names, nil
}

// Meta is the provenance of a study.
type Meta struct {
	Tool    string          `json:"tool"`
	Command string          `json:"command"`
	Game    string          `json:"game"`
	Title   string          `json:"gameTitle"`
	Players int             `json:"players"`
	Params  json.RawMessage `json:"params"`
	Seed    uint64          `json:"seed"`
	// Complete is false when the study was interrupted: the report then covers only the
	// games that were finished.
	Complete bool `json:"complete"`
}

// provenance lists the meta data for the report's first page.
func (m Meta) provenance(extra ...[2]string) [][2]string {
	title := m.Title
	if title == "" {
		title = m.Game
	}
	pv := [][2]string{
		{"Game", fmt.Sprintf("%s, %d players", title, m.Players)},
		{"Rules", string(m.Params)},
		{"Seed", fmt.Sprint(m.Seed)},
	}
	pv = append(pv, extra...)
	pv = append(pv, [2]string{"Command", m.Command}, [2]string{"Tool", m.Tool})
	if !m.Complete {
		pv = append(pv, [2]string{"Status", "INCOMPLETE: interrupted; only the games finished are counted"})
	}
	return pv
}
