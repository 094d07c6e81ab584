package doc_test

import (
	"strings"
	"testing"

	"dragonlab/reports/doc"
	"dragonlab/reports/htmlcheck"
)

// The page holds every section under its anchor, every chart as inline SVG, every table
// with its rows; every internal link resolves and nothing outside the file is referenced.
func TestHTMLComplete(t *testing.T) {
	d := doc.SampleDoc(t)
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if err := htmlcheck.Check(d, page); err != nil {
		t.Error(err)
	}
	// The check can fail: a page without the last section, or with a broken link.
	cut := strings.Replace(string(page), `id="is-it-fair-2"`, `id="gone"`, 1)
	if err := htmlcheck.Check(d, []byte(cut)); err == nil || !strings.Contains(err.Error(), `broken link "#is-it-fair-2"`) ||
		!strings.Contains(err.Error(), `no <section id="is-it-fair-2">`) {
		t.Errorf("a missing section passed: %v", err)
	}
	ext := strings.Replace(string(page), "<footer>", `<footer><img src="https://example.org/x.png">`, 1)
	if err := htmlcheck.Check(d, []byte(ext)); err == nil || !strings.Contains(err.Error(), "loads a resource") {
		t.Errorf("an external image passed: %v", err)
	}
}

// Text that looks like markup stays text.
func TestHTMLEscapes(t *testing.T) {
	d := doc.New(`<script>alert("x")</script>`)
	d.Provenance = []doc.KV{{Key: "<b>key</b>", Value: `"quoted" & <tagged>`}}
	d.AddSection(`a "quoted" <title>`).Add(doc.Para("1 < 2 & 3 > 2"), doc.NewTable("", doc.Col("<th>", doc.Left)).TextRow("</table>"))
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script>", "<b>", "<tagged>"} {
		if strings.Contains(string(page), bad) {
			t.Errorf("markup %s got through", bad)
		}
	}
	text, err := htmlcheck.Text(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<script>alert("x")</script>`, `"quoted" & <tagged>`, "1 < 2 & 3 > 2", "</table>"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page's text lacks %q", want)
		}
	}
	if err := htmlcheck.Check(d, page); err != nil {
		t.Error(err)
	}
}

// The writers agree: every heading, summary and table cell of the model is in the PDF's
// text, the HTML's and the Markdown, in the same order.
func TestWritersAgree(t *testing.T) {
	d := doc.SampleDoc(t)
	pdfData, err := d.PDF()
	if err != nil {
		t.Fatal(err)
	}
	md, err := d.Markdown()
	if err != nil {
		t.Fatal(err)
	}
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	htmlText, err := htmlcheck.Text(page)
	if err != nil {
		t.Fatal(err)
	}
	var items []string
	var walk func(es []*doc.Entry)
	walk = func(es []*doc.Entry) {
		for _, e := range es {
			items = append(items, e.Title)
			if e.Summary != "" {
				items = append(items, e.Summary)
			}
			for _, b := range e.Blocks {
				if tb, ok := b.(*doc.Table); ok {
					for _, c := range tb.Columns {
						items = append(items, c.Head)
					}
					for _, r := range tb.Rows {
						for _, c := range r {
							items = append(items, c.Text)
						}
					}
				}
			}
			walk(e.Sub)
		}
	}
	walk(d.Outline())
	texts := map[string]string{"PDF": strings.Join(doc.PDFPageTexts(t, pdfData), "\n"), "HTML": htmlText, "Markdown": string(md)}
	for name, text := range texts {
		pos := 0
		for _, it := range items {
			i := strings.Index(text[pos:], it)
			if i < 0 {
				t.Errorf("%s: %q missing or out of order", name, it)
				break
			}
			pos += i + len(it)
		}
	}
}
