package why

import "dragonlab/reports/doc"

// Blocks renders the content into the report model: the sentences as bullets, each table
// (its title as a lead line, its note in small print), the charts, then the notes. Every
// writer (PDF, HTML, Markdown, CSV, JSON) renders the same blocks.
func (c *Content) Blocks(name string) []doc.Block {
	var out []doc.Block
	if len(c.Sentences) > 0 {
		out = append(out, doc.Bullets(c.Sentences...))
	}
	for i, t := range c.Tables {
		out = append(out, t.Block(tableName(name, i)))
	}
	for _, ch := range c.Charts {
		out = append(out, doc.Fig(ch))
	}
	for _, n := range c.Notes {
		p := doc.Para(n)
		p.Small = true
		out = append(out, p)
	}
	return out
}

// Block renders the table into the report model (first column left-aligned, the others
// right-aligned); name, if not empty, exports it as NAME.csv.
func (t Table) Block(name string) *doc.Table {
	cols := make([]doc.Column, len(t.Header))
	for i, h := range t.Header {
		cols[i] = doc.Col(h, doc.Right)
		if i == 0 {
			cols[i].Align = doc.Left
		}
	}
	tb := doc.NewTable(name, cols...)
	tb.Caption = t.Title
	for _, r := range t.Rows {
		tb.TextRow(r...)
	}
	return tb
}

func tableName(name string, i int) string {
	if name == "" || i > 0 {
		return ""
	}
	return name
}
