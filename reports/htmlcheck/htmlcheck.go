// Package htmlcheck checks a report's HTML page against its model with a real HTML parser
// (golang.org/x/net/html): every section under its anchor with its heading, every chart as
// inline SVG, every table with its rows, every internal link resolving, nothing loaded
// from outside the file. Tests of every report use it.
package htmlcheck

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"dragonlab/reports/doc"
)

// parsedHTML is what the tests need of a page.
type parsedHTML struct {
	root *html.Node
	ids  map[string]*html.Node
	text string // every text node, one per line (style and script left out)
}

func parse(page []byte, errf func(string, ...any)) (*parsedHTML, error) {
	root, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil, fmt.Errorf("the HTML does not parse: %w", err)
	}
	p := &parsedHTML{root: root, ids: map[string]*html.Node{}}
	var text []string
	walk(root, func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			if id := attr(n, "id"); id != "" {
				if p.ids[id] != nil {
					errf("id %q appears twice", id)
				}
				p.ids[id] = n
			}
		case html.TextNode:
			if n.Parent != nil && n.Parent.DataAtom != atom.Style && n.Parent.DataAtom != atom.Script {
				if s := strings.TrimSpace(n.Data); s != "" {
					text = append(text, s)
				}
			}
		}
	})
	p.text = strings.Join(text, "\n")
	return p, nil
}

func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if strings.EqualFold(a.Key, key) {
			return a.Val
		}
	}
	return ""
}

// find lists the elements under n with the given tag, in document order.
func find(n *html.Node, tag atom.Atom) []*html.Node {
	var out []*html.Node
	walk(n, func(m *html.Node) {
		if m.Type == html.ElementNode && m.DataAtom == tag {
			out = append(out, m)
		}
	})
	return out
}

// textOf is the text under n, its pieces joined by single spaces.
func textOf(n *html.Node) string {
	var parts []string
	walk(n, func(m *html.Node) {
		if m.Type == html.TextNode {
			if s := strings.TrimSpace(m.Data); s != "" {
				parts = append(parts, s)
			}
		}
	})
	return strings.Join(parts, " ")
}

// Check checks a page rendered from d and returns every problem found.
func Check(d *doc.Doc, page []byte) error {
	var errs []error
	errf := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	h, err := parse(page, errf)
	if err != nil {
		return err
	}
	if ts := find(find(h.root, atom.Head)[0], atom.Title); len(ts) != 1 || textOf(ts[0]) != d.Title {
		errf("<title> is not the report's title %q", d.Title)
	}
	if hs := find(h.root, atom.H1); len(hs) != 1 || textOf(hs[0]) != d.Title {
		errf("the page's <h1> is not the title %q", d.Title)
	}
	walkEntries(d.Outline(), func(e *doc.Entry) {
		n := h.ids[e.ID]
		if n == nil || n.DataAtom != atom.Section {
			errf("section %q: no <section id=%q>", e.Title, e.ID)
			return
		}
		var head *html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				head = c
				break
			}
		}
		want := []atom.Atom{atom.H2, atom.H3, atom.H4, atom.H5, atom.H6}[min(e.Level, 5)-1]
		if head == nil || head.DataAtom != want || textOf(head) != e.Title {
			errf("section %q: its first element is not <%s>%s</%s>", e.ID, want, e.Title, want)
		}
	})
	// Charts: one inline <svg> per chart, labelled, inside its figure.
	charts := d.Charts()
	figs := find(h.root, atom.Figure)
	if len(figs) != len(charts) {
		errf("%d figures for %d charts", len(figs), len(charts))
		return errors.Join(errs...)
	}
	for i, c := range charts {
		svgs := find(figs[i], atom.Svg)
		if attr(figs[i], "data-chart") != c.Name || len(svgs) != 1 || attr(svgs[0], "aria-label") != c.AltText() || attr(svgs[0], "viewbox") == "" {
			errf("chart %s is not one labelled inline <svg> with a viewBox", c.Name)
		}
	}
	if n := len(find(h.root, atom.Img)); n != 0 {
		errf("%d <img> elements: charts must be inline SVG", n)
	}
	// Tables: header and every row's cells, in order.
	tables := d.Tables()
	hts := find(h.root, atom.Table)
	if len(hts) != len(tables) {
		errf("%d tables for %d in the model", len(hts), len(tables))
		return errors.Join(errs...)
	}
	for i, tb := range tables {
		tb = tb.Shown()
		rows := find(hts[i], atom.Tr)
		if len(rows) != 1+len(tb.Rows) {
			errf("table %d: %d rows, want the header and %d", i+1, len(rows), len(tb.Rows))
			continue
		}
		for r, tr := range rows {
			var got []string
			for _, c := range append(find(tr, atom.Th), find(tr, atom.Td)...) {
				got = append(got, textOf(c))
			}
			var want []string
			for j, c := range tb.Columns {
				if r == 0 {
					want = append(want, c.Head)
				} else {
					want = append(want, cellText(tb.Rows[r-1], j))
				}
			}
			if strings.Join(got, "|") != strings.Join(want, "|") {
				errf("table %d row %d: %q, want %q", i+1, r, got, want)
			}
		}
	}
	// Links: every #anchor resolves; the contents link every listed section.
	targets := map[string]bool{}
	walk(h.root, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		for _, a := range n.Attr {
			k, v := strings.ToLower(a.Key), strings.TrimSpace(a.Val)
			switch {
			case k == "href" || k == "xlink:href" || a.Namespace == "xlink" && a.Key == "href":
				if !strings.HasPrefix(v, "#") {
					errf("<%s %s=%q> leaves the page", n.Data, a.Key, v)
					continue
				}
				if h.ids[v[1:]] == nil {
					errf("broken link %q", v)
				}
				targets[v[1:]] = true
			case k == "src" || k == "srcset" || k == "poster" || k == "data" || k == "action":
				errf("<%s %s=%q> loads a resource", n.Data, a.Key, v)
			case k == "style" && strings.Contains(v, "url("):
				errf("<%s style=%q> loads a resource", n.Data, v)
			}
		}
		switch n.DataAtom {
		case atom.Script:
			// The one script a report may have: the sorter of its sortable tables.
			if attr(n, "src") != "" || textOf(n) != doc.SortScript || !sortable(d) {
				errf("<script> other than the table sorter of a report with a sortable table")
			}
		case atom.Link, atom.Iframe, atom.Object, atom.Embed, atom.Base:
			errf("<%s> in a self-contained page", n.Data)
		case atom.Style:
			if css := textOf(n); strings.Contains(css, "url(") || strings.Contains(css, "@import") {
				errf("the style sheet loads a resource")
			}
		}
	})
	walkEntries(d.Outline(), func(e *doc.Entry) {
		if e.InTOC && !targets[e.ID] && (d.TOC != doc.TOCNever) {
			errf("the contents do not link %q", e.ID)
		}
	})
	// Folded sections keep their heading and summary outside the <details>, whose own
	// summary says what it holds (never a bare "Details").
	for _, s := range find(h.root, atom.Section) {
		for _, det := range find(s, atom.Details) {
			if det.Parent != s {
				continue
			}
			if sums := find(det, atom.Summary); len(sums) == 0 || strings.TrimSpace(textOf(sums[0])) == "" || textOf(sums[0]) == "Details" {
				errf("section %s: <details> without a summary of what it holds", attr(s, "id"))
			}
		}
	}
	return errors.Join(errs...)
}

// sortable reports whether the report has a sortable table.
func sortable(d *doc.Doc) bool {
	for _, t := range d.Tables() {
		if t.Sortable {
			return true
		}
	}
	return false
}

// Text is the page's text, one text node a line (style sheets left out).
func Text(page []byte) (string, error) {
	h, err := parse(page, func(string, ...any) {})
	if err != nil {
		return "", err
	}
	return h.text, nil
}

func walkEntries(es []*doc.Entry, f func(*doc.Entry)) {
	for _, e := range es {
		f(e)
		walkEntries(e.Sub, f)
	}
}

func cellText(row []doc.Cell, j int) string {
	if j < len(row) {
		return row[j].Text
	}
	return ""
}
