package doc

// Content is one analysis ready for a report: the findings as sentences (most important
// first), plain tables, charts, and notes (method, definitions, caveats). Blocks renders
// it into the report model.
type Content struct {
	Title     string      `json:"title"`
	Sentences []string    `json:"sentences"`
	Tables    []TextTable `json:"tables"`
	Charts    []*Chart    `json:"-"`
	Notes     []string    `json:"notes"`
}

// TextTable is a plain table of formatted cells with a title and a note.
type TextTable struct {
	Title  string     `json:"title"`
	Header []string   `json:"header"`
	Rows   [][]string `json:"rows"`
	Note   string     `json:"note,omitempty"`
}

// AddChart appends a chart drawn by a function that returns it with an error: the error,
// if any, is returned; a nil chart (nothing to draw) is left out.
func (c *Content) AddChart(ch *Chart, err error) error {
	if err != nil {
		return err
	}
	if ch != nil {
		c.Charts = append(c.Charts, ch)
	}
	return nil
}

// Blocks renders the content into the report model: the sentences as bullets, each table
// (its title as a caption; the first exported as NAME.csv when name is not empty), the
// charts, then the notes in small print. Every writer (PDF, HTML, Markdown, CSV, JSON)
// renders the same blocks.
func (c *Content) Blocks(name string) []Block {
	var out []Block
	if len(c.Sentences) > 0 {
		out = append(out, Bullets(c.Sentences...))
	}
	for i, t := range c.Tables {
		out = append(out, t.Block(tableName(name, i)))
	}
	for _, ch := range c.Charts {
		out = append(out, Fig(ch))
	}
	for _, n := range c.Notes {
		p := Para(n)
		p.Small = true
		out = append(out, p)
	}
	return out
}

// Block renders the table into the report model (first column left-aligned, the others
// right-aligned); name, if not empty, exports it as NAME.csv.
func (t TextTable) Block(name string) *Table {
	cols := make([]Column, len(t.Header))
	for i, h := range t.Header {
		cols[i] = Col(h, Right)
		if i == 0 {
			cols[i].Align = Left
		}
	}
	tb := NewTable(name, cols...)
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
