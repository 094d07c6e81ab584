package doc

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"image/png"
	"strings"
	"time"

	"codeberg.org/go-fonts/liberation/liberationsansbold"
	"codeberg.org/go-fonts/liberation/liberationsansbolditalic"
	"codeberg.org/go-fonts/liberation/liberationsansitalic"
	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"codeberg.org/go-pdf/fpdf"
)

// PDFEpoch is the creation date written into every PDF, so the same report gives the
// same bytes.
var PDFEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Page geometry in millimetres (A4 portrait).
const (
	pageMargin   = 15.0
	bottomMargin = 16.0
)

// Colours.
var (
	headingRGB = [3]int{20, 50, 90}
	toneRGB    = map[Tone][3]int{ToneNote: {0, 114, 178}, ToneCaution: {230, 159, 0}, ToneAlert: {190, 30, 30}}
	summaryRGB = [3]int{86, 180, 233}
)

// PDF renders the document as an A4 PDF in Liberation Sans (all of Unicode's Latin,
// Greek and common symbols), with bookmarks for every section, tables whose header
// repeats on every page they span, and a table of contents (with links) when the
// document is long. Rendering is laid out twice without the charts' pixels (to learn the
// page count and every section's page), then once for real.
func (d *Doc) PDF() ([]byte, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	out := d.Outline()
	r, err := pdfPass(d, out, false, nil)
	if err != nil {
		return nil, err
	}
	var pages map[string]int
	if d.TOC == TOCAlways || d.TOC == TOCAuto && r.f.PageNo() > TOCMinPages {
		// The contents themselves take pages: lay out again with them to learn where
		// each section lands. Page numbers are right-aligned in a fixed column, so their
		// digits do not change the layout of the final pass.
		r, err = pdfPass(d, out, false, map[string]int{})
		if err != nil {
			return nil, err
		}
		pages = r.pages
	}
	r, err = pdfPass(d, out, true, pages)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := r.f.Output(&b); err != nil {
		return nil, fmt.Errorf("write the PDF report: %w", err)
	}
	return b.Bytes(), nil
}

// pdfRun is one rendering pass.
type pdfRun struct {
	d      *Doc
	f      *fpdf.Fpdf
	width  float64 // text width
	images bool    // draw the charts (false: only make room for them)
	toc    map[string]int
	pages  map[string]int // the page each section starts on
	links  map[string]int
	nimg   int
}

func pdfPass(d *Doc, out []*Entry, images bool, toc map[string]int) (*pdfRun, error) {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCreationDate(PDFEpoch)
	f.SetModificationDate(PDFEpoch)
	f.SetCatalogSort(true)
	f.SetCreator(d.Generator, true)
	f.SetTitle(d.Title, true)
	f.AddUTF8FontFromBytes("sans", "", liberationsansregular.TTF)
	f.AddUTF8FontFromBytes("sans", "B", liberationsansbold.TTF)
	f.AddUTF8FontFromBytes("sans", "I", liberationsansitalic.TTF)
	f.AddUTF8FontFromBytes("sans", "BI", liberationsansbolditalic.TTF)
	f.SetMargins(pageMargin, pageMargin, pageMargin)
	f.SetAutoPageBreak(true, bottomMargin)
	f.AliasNbPages("{nb}")
	r := &pdfRun{d: d, f: f, images: images, toc: toc, pages: map[string]int{}, links: map[string]int{}}
	pw, _ := f.GetPageSize()
	r.width = pw - 2*pageMargin
	footer := d.Footer
	if footer == "" {
		footer = d.Title
	}
	f.SetFooterFunc(func() {
		f.SetY(-12)
		f.SetFont("sans", "", 8)
		f.SetTextColor(120, 120, 120)
		f.CellFormat(0, 4, fmt.Sprintf("%s — page %d of {nb}", footer, f.PageNo()), "", 0, "C", false, 0, "")
		f.SetTextColor(0, 0, 0)
	})
	if toc != nil {
		walkEntries(out, func(e *Entry) { r.links[e.ID] = f.AddLink() })
	}
	f.AddPage()
	r.font("B", 20)
	r.color(headingRGB)
	f.MultiCell(0, 9, d.Title, "", "L", false)
	r.color([3]int{0, 0, 0})
	f.Ln(1)
	if d.Subtitle != "" {
		r.para(&Paragraph{Text: d.Subtitle, Italic: true})
	}
	f.Ln(2)
	for _, b := range d.Intro {
		r.block(b)
	}
	tocAt := -1
	if toc != nil {
		tocAt = tocPlace(out)
	}
	for i, e := range out {
		if i == tocAt {
			r.contents(out)
		}
		r.section(e)
	}
	if err := f.Error(); err != nil {
		return nil, fmt.Errorf("PDF report: %w", err)
	}
	return r, nil
}

// tocPlace is where the contents go: before the first main section that starts a new
// page (what comes before it is the front page, answers first), else after the
// provenance.
func tocPlace(out []*Entry) int {
	for i, e := range out {
		if e.NewPage && !e.Synthetic {
			return i
		}
	}
	if len(out) > 0 && out[0].ID == "provenance" && out[0].Synthetic {
		return 1
	}
	return 0
}

func (r *pdfRun) font(style string, size float64) { r.f.SetFont("sans", style, size) }
func (r *pdfRun) color(c [3]int)                  { r.f.SetTextColor(c[0], c[1], c[2]) }

// fresh reports whether nothing has been written on the current page yet.
func (r *pdfRun) fresh() bool { return r.f.GetY() <= pageMargin+0.01 }

// ensure starts a new page unless h millimetres fit on this one.
func (r *pdfRun) ensure(h float64) {
	_, ph := r.f.GetPageSize()
	if r.f.GetY()+h > ph-bottomMargin && !r.fresh() {
		r.f.AddPage()
	}
}

// lines is the number of lines text takes in width w at the current font.
func (r *pdfRun) lines(text string, w float64) int {
	n := 0
	for _, p := range strings.Split(text, "\n") {
		n += max(1, len(r.f.SplitText(p, w)))
	}
	return n
}

func headingSize(level int) float64 {
	switch level {
	case 1:
		return 15
	case 2:
		return 12
	default:
		return 10.5
	}
}

// contents prints the table of contents, each line a link to its section.
func (r *pdfRun) contents(out []*Entry) {
	f := r.f
	if !r.fresh() {
		f.AddPage()
	}
	r.heading("Contents", 1, "")
	walkEntries(out, func(e *Entry) {
		if !e.InTOC {
			return
		}
		size, style := 10.0, "B"
		if e.Level > 1 {
			size, style = 9.5, ""
		}
		h := size * 0.5
		r.ensure(h)
		if e.Level == 1 {
			f.Ln(0.6)
		}
		indent := 6 * float64(e.Level-1)
		y := f.GetY()
		r.font(style, size)
		f.SetX(pageMargin + indent)
		f.CellFormat(r.width-indent-14, h, r.fit(e.Title, r.width-indent-14), "", 0, "L", false, 0, "")
		page := ""
		if p, ok := r.toc[e.ID]; ok {
			page = fmt.Sprint(p)
		}
		f.CellFormat(14, h, page, "", 1, "R", false, 0, "")
		if l, ok := r.links[e.ID]; ok {
			f.Link(pageMargin+indent, y, r.width-indent, h, l)
		}
	})
	f.Ln(3)
}

// heading prints a heading, never alone at the foot of a page, and marks the section's
// page, link target and bookmark.
func (r *pdfRun) heading(text string, level int, id string) {
	f := r.f
	size := headingSize(level)
	r.ensure(size*1.2 + 15)
	if !r.fresh() {
		f.Ln(map[bool]float64{true: 3, false: 1}[level == 1])
	}
	if id != "" {
		r.pages[id] = f.PageNo()
		if l, ok := r.links[id]; ok {
			f.SetLink(l, f.GetY(), -1)
		}
	}
	r.font("B", size)
	f.Bookmark(text, level-1, -1)
	r.color(headingRGB)
	f.MultiCell(0, size*0.5, text, "", "L", false)
	r.color([3]int{0, 0, 0})
	f.Ln(size * 0.2)
}

func (r *pdfRun) section(e *Entry) {
	if e.NewPage && !r.fresh() {
		r.f.AddPage()
	}
	r.heading(e.Title, e.Level, e.ID)
	if e.Summary != "" {
		r.barText(summaryRGB, "", e.Summary, 10.5)
	}
	for _, b := range e.Blocks {
		r.block(b)
	}
	for _, s := range e.Sub {
		r.section(s)
	}
}

func (r *pdfRun) block(b Block) {
	switch b := b.(type) {
	case *Paragraph:
		r.para(b)
	case *List:
		r.list(b)
	case *Callout:
		r.callout(b)
	case *KeyValues:
		r.kv(b.Pairs)
	case *Table:
		r.table(b)
	case *Figure:
		r.figure(b)
	}
}

func (r *pdfRun) para(p *Paragraph) {
	f := r.f
	size := 10.0
	if p.Small {
		size = 9
	}
	style := ""
	if p.Italic {
		style = "I"
	}
	h := size * 0.45
	f.SetX(pageMargin)
	if p.Lead == "" {
		r.font(style, size)
		// A short paragraph stays on one page; a long one leaves at least three lines.
		r.ensure(h * float64(min(r.lines(p.Text, r.width), 3)))
		f.SetX(pageMargin)
		f.MultiCell(0, h, p.Text, "", "L", false)
	} else {
		r.font("B"+style, size)
		f.Write(h, p.Lead+" ")
		r.font(style, size)
		f.Write(h, p.Text)
		f.Ln(h)
	}
	f.Ln(1.5)
}

// list prints items with hanging indents: bullets, or numbers from l.Start.
func (r *pdfRun) list(l *List) {
	f := r.f
	size := 10.0
	if l.Small {
		size = 9.5
	}
	h := size * 0.45
	r.font("", size)
	for i, item := range l.Items {
		mark, indent := "•", 5.0
		if l.Start > 0 {
			mark, indent = fmt.Sprintf("%d.", l.Start+i), 8
		}
		r.ensure(h * float64(min(r.lines(item, r.width-indent), 3)))
		f.SetX(pageMargin)
		f.CellFormat(indent, h, mark, "", 0, "L", false, 0, "")
		f.SetX(pageMargin + indent)
		f.MultiCell(r.width-indent, h, item, "", "L", false)
		f.Ln(0.8)
	}
	f.Ln(1.5)
}

// callout prints an alert as white text on red; a note or a caution with a coloured bar.
func (r *pdfRun) callout(c *Callout) {
	if c.Tone != ToneAlert {
		r.barText(toneRGB[c.Tone], c.Title, c.Text, 9.5)
		return
	}
	f := r.f
	r.font("B", 11)
	f.SetFillColor(190, 30, 30)
	f.SetTextColor(255, 255, 255)
	text := c.Text
	if c.Title != "" {
		text = c.Title + " " + text
	}
	f.SetX(pageMargin)
	f.MultiCell(0, 6, text, "", "L", true)
	r.color([3]int{0, 0, 0})
	f.Ln(3)
}

// barText prints text (with bold opening words) indented beside a coloured bar.
func (r *pdfRun) barText(rgb [3]int, lead, text string, size float64) {
	f := r.f
	h := size * 0.45
	r.font("", size)
	r.ensure(h * float64(min(3, r.lines(lead+" "+text, r.width-4))))
	y0, p0 := f.GetY(), f.PageNo()
	f.SetLeftMargin(pageMargin + 4)
	f.SetX(pageMargin + 4)
	if lead != "" {
		r.font("B", size)
		f.Write(h, lead+" ")
		r.font("", size)
	}
	f.Write(h, text)
	f.Ln(h)
	f.SetLeftMargin(pageMargin)
	y1 := f.GetY()
	if f.PageNo() != p0 {
		y0 = pageMargin
	}
	f.SetFillColor(rgb[0], rgb[1], rgb[2])
	f.Rect(pageMargin, y0-0.5, 1.2, y1-y0+0.5, "F")
	f.Ln(2)
}

// kv prints key–value pairs, the value wrapping in its column.
func (r *pdfRun) kv(pairs []KV) {
	f := r.f
	const size = 9.5
	keyW := 38.0
	r.font("B", size)
	for _, p := range pairs {
		keyW = max(keyW, min(f.GetStringWidth(p.Key)+4, r.width/2))
	}
	for _, p := range pairs {
		r.font("", size)
		r.ensure(4.5 * float64(r.lines(p.Value, r.width-keyW)))
		y := f.GetY()
		r.font("B", size)
		f.SetX(pageMargin)
		f.CellFormat(keyW, 4.5, r.fit(p.Key, keyW), "", 0, "L", false, 0, "")
		r.font("", size)
		f.SetXY(pageMargin+keyW, y)
		f.MultiCell(r.width-keyW, 4.5, p.Value, "", "L", false)
		f.Ln(0.6)
	}
	f.Ln(2)
}

// fit shortens s with an ellipsis until it fits w millimetres at the current font.
func (r *pdfRun) fit(s string, w float64) string {
	if r.f.GetStringWidth(s) <= w-2 {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && r.f.GetStringWidth(string(rs)+"…") > w-2 {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

var alignCode = map[Align]string{Left: "L", Right: "R", Center: "C"}

// widths lays out a table's columns: the given widths (scaled down to fit), else the
// content's natural widths at the largest font size from the table's down to 1.5 points
// smaller that fits; failing that, each column gets its longest word and the rest of the
// width is shared in proportion to what each would need to fit unwrapped.
func (r *pdfRun) widths(t *Table) ([]float64, float64) {
	base := 8.5
	if t.Small {
		base = 7.5
	}
	n := len(t.Columns)
	w := make([]float64, n)
	explicit := n > 0
	var total float64
	for j, c := range t.Columns {
		explicit = explicit && c.Width > 0
		w[j] = c.Width
		total += c.Width
	}
	if explicit {
		if total > r.width {
			for j := range w {
				w[j] *= r.width / total
			}
		}
		return w, base
	}
	const pad = 2.5 // the cell margins and a little air
	natural := func(size float64) ([]float64, float64) {
		nat := make([]float64, n)
		r.font("B", size)
		for j, c := range t.Columns {
			nat[j] = r.f.GetStringWidth(c.Head) + pad
		}
		r.font("", size)
		for _, row := range t.Rows {
			for j := range nat {
				nat[j] = max(nat[j], r.f.GetStringWidth(cellText(row, j))+pad)
			}
		}
		var sum float64
		for _, x := range nat {
			sum += x
		}
		return nat, sum
	}
	size := base
	for ; size >= base-1.5; size -= 0.5 {
		if nat, sum := natural(size); sum <= r.width {
			return nat, size
		}
	}
	size += 0.5
	nat, _ := natural(size)
	word := func(s string, style string) float64 {
		r.font(style, size)
		m := 0.0
		for _, f := range strings.Fields(s) {
			m = max(m, r.f.GetStringWidth(f))
		}
		return m + pad
	}
	var sumMin float64
	for j, c := range t.Columns {
		w[j] = word(c.Head, "B")
		for _, row := range t.Rows {
			w[j] = max(w[j], word(cellText(row, j), ""))
		}
		w[j] = min(w[j], nat[j])
		sumMin += w[j]
	}
	if sumMin >= r.width {
		for j := range w {
			w[j] *= r.width / sumMin
		}
		return w, size
	}
	// Water-filling: the columns that need least to fit unwrapped get it; the widest
	// share what is left equally.
	left := r.width - sumMin
	open := make([]int, n)
	for j := range open {
		open[j] = j
	}
	for len(open) > 0 && left > 1e-9 {
		share := left / float64(len(open))
		var next []int
		for _, j := range open {
			if need := nat[j] - w[j]; need <= share {
				w[j] = nat[j]
				left -= need
			} else {
				next = append(next, j)
			}
		}
		if len(next) == len(open) {
			for _, j := range open {
				w[j] += share
			}
			break
		}
		open = next
	}
	return w, size
}

// table prints a table whose cells wrap and whose header repeats on every page it spans.
func (r *pdfRun) table(t *Table) {
	t = t.Shown()
	f := r.f
	w, size := r.widths(t)
	head := make([]Cell, len(t.Columns))
	for j, c := range t.Columns {
		head[j] = Text(c.Head)
	}
	// A short table (up to 8 rows) stays on one page with its header; a longer one starts
	// with its header and a row or so.
	need := r.rowHeight(w, head, size, "B")
	for i, cells := range t.Rows {
		if i >= 8 {
			need = r.rowHeight(w, head, size, "B") + 2*r.rowHeight(w, t.Rows[0], size, "")
			break
		}
		need += r.rowHeight(w, cells, size, "")
	}
	if t.Caption != "" {
		r.font("I", 9)
		r.ensure(4.2*float64(r.lines(t.Caption, r.width)) + 1 + need)
		f.SetX(pageMargin)
		f.MultiCell(0, 4.2, t.Caption, "", "L", false)
		f.Ln(1)
	}
	r.ensure(need)
	r.tableRow(t, w, head, size, true, false)
	for i, cells := range t.Rows {
		if !r.tableRow(t, w, cells, size, false, i%2 == 1) {
			f.AddPage()
			r.tableRow(t, w, head, size, true, false)
			r.tableRow(t, w, cells, size, false, i%2 == 1)
		}
	}
	f.Ln(3)
}

// rowHeight is the height of a row of cells in the columns w at the font size.
func (r *pdfRun) rowHeight(w []float64, cells []Cell, size float64, style string) float64 {
	r.font(style, size)
	lines := 1
	for j := range w {
		lines = max(lines, r.lines(cellText(cells, j), w[j]))
	}
	return float64(lines)*size*0.5 + 1.4
}

// tableRow prints one row, or returns false without printing when it does not fit on
// the page.
func (r *pdfRun) tableRow(t *Table, w []float64, cells []Cell, size float64, header, stripe bool) bool {
	f := r.f
	h := size * 0.5
	style := ""
	if header {
		style = "B"
	}
	r.font(style, size)
	lines := 1
	var total float64
	for j := range w {
		lines = max(lines, r.lines(cellText(cells, j), w[j]))
		total += w[j]
	}
	rowH := float64(lines)*h + 1.4
	if _, ph := f.GetPageSize(); !header && f.GetY()+rowH > ph-bottomMargin && !r.fresh() {
		return false
	}
	y := f.GetY()
	switch {
	case header:
		f.SetFillColor(225, 232, 242)
		f.Rect(pageMargin, y, total, rowH, "F")
	case stripe:
		f.SetFillColor(244, 246, 250)
		f.Rect(pageMargin, y, total, rowH, "F")
	}
	x := pageMargin
	for j := range w {
		f.SetXY(x, y+0.7)
		align := alignCode[t.Columns[j].Align]
		f.MultiCell(w[j], h, cellText(cells, j), "", align, false)
		x += w[j]
	}
	f.SetXY(pageMargin, y+rowH)
	if header {
		f.SetDrawColor(120, 130, 150)
		f.Line(pageMargin, y+rowH, pageMargin+total, y+rowH)
		f.SetDrawColor(0, 0, 0)
	}
	return true
}

// figure places a chart, centred, scaled to its share of the width and to the page
// height; on a new page unless it fits.
func (r *pdfRun) figure(fg *Figure) {
	f := r.f
	c := fg.Chart
	if c == nil {
		return
	}
	if len(c.PNG) == 0 {
		f.SetErrorf("chart %s has no PNG", c.Name)
		return
	}
	cw, ch := float64(c.Width), float64(c.Height)
	if cw <= 0 || ch <= 0 {
		cfg, err := png.DecodeConfig(bytes.NewReader(c.PNG))
		if err != nil {
			f.SetErrorf("chart %s: %v", c.Name, err)
			return
		}
		cw, ch = float64(cfg.Width), float64(cfg.Height)
	}
	w := r.width
	if fg.Width > 0 && fg.Width < 1 {
		w *= fg.Width
	}
	h := w * ch / cw
	_, ph := f.GetPageSize()
	maxH := ph - pageMargin - bottomMargin - 6
	if h > maxH {
		w, h = w*maxH/h, maxH
	}
	// A chart that does not fit on a page less than half full shrinks to the room left
	// (at least half the page's height) rather than leave that page mostly blank.
	if avail := ph - bottomMargin - f.GetY() - 3; h > avail && avail >= 0.5*(ph-pageMargin-bottomMargin) {
		w, h = w*avail/h, avail
	}
	r.ensure(h + 3)
	x, y := pageMargin+(r.width-w)/2, f.GetY()
	if r.images {
		r.nimg++
		name := fmt.Sprintf("chart%d", r.nimg)
		opts := fpdf.ImageOptions{ImageType: "PNG"}
		info := f.RegisterImageOptionsReader(name, opts, bytes.NewReader(c.PNG))
		if info == nil {
			return // the error is in f.Error()
		}
		if err := pinOrder(info, r.nimg); err != nil {
			f.SetErrorf("chart %s: %v", c.Name, err)
			return
		}
		f.ImageOptions(name, x, y, w, h, false, opts, 0, "")
	}
	f.SetY(y + h)
	f.Ln(3)
}

// pinOrder works around fpdf writing the images of a document in map order when they have
// the same pixel width (its catalog sort compares widths only), which would make the
// bytes of the PDF differ from run to run. It adds a negligible k·1e-6 pixel to the k-th
// image's width, so the images are written by width, then in the order they were
// placed; nothing written changes (the PDF gets the integer width, and the placement
// gives both sides in millimetres). fpdf's own gob round trip is the only way to set it.
func pinOrder(info *fpdf.ImageInfoType, k int) error {
	buf, err := info.GobEncode()
	if err != nil {
		return err
	}
	var (
		data, smask, pal []byte
		n, bpc           int
		w, h, scale, dpi float64
		cs, filter, dp   string
		trns             []int
	)
	fields := []any{&data, &smask, &n, &w, &h, &cs, &pal, &bpc, &filter, &dp, &trns, &scale, &dpi}
	dec := gob.NewDecoder(bytes.NewReader(buf))
	for _, f := range fields {
		if err := dec.Decode(f); err != nil {
			return fmt.Errorf("image order: %w", err)
		}
	}
	w += float64(k) * 1e-6
	var out bytes.Buffer
	enc := gob.NewEncoder(&out)
	for _, f := range []any{data, smask, n, w, h, cs, pal, bpc, filter, dp, trns, scale, dpi} {
		if err := enc.Encode(f); err != nil {
			return fmt.Errorf("image order: %w", err)
		}
	}
	return info.GobDecode(out.Bytes())
}
