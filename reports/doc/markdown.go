package doc

import (
	"fmt"
	"strings"
)

// Markdown renders the document as Markdown: the same text and tables, the charts as
// links to their PNG files in ChartsDir.
func (d *Doc) Markdown() ([]byte, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", oneLine(d.Title))
	if d.Subtitle != "" {
		fmt.Fprintf(&b, "*%s*\n\n", oneLine(d.Subtitle))
	}
	for _, bl := range d.Intro {
		mdBlock(&b, bl)
	}
	for _, e := range d.Outline() {
		mdSection(&b, e)
	}
	return []byte(b.String()), nil
}

func mdSection(b *strings.Builder, e *Entry) {
	fmt.Fprintf(b, "%s %s\n\n", strings.Repeat("#", min(e.Level+1, 6)), oneLine(e.Title))
	if e.Summary != "" {
		fmt.Fprintf(b, "%s\n\n", e.Summary)
	}
	for _, bl := range e.Blocks {
		mdBlock(b, bl)
	}
	for _, s := range e.Sub {
		mdSection(b, s)
	}
}

func mdBlock(b *strings.Builder, bl Block) {
	switch x := bl.(type) {
	case *Paragraph:
		t := x.Text
		if x.Italic {
			t = "*" + t + "*"
		}
		if x.Lead != "" {
			t = "**" + x.Lead + "** " + t
		}
		fmt.Fprintf(b, "%s\n\n", t)
	case *List:
		for i, it := range x.Items {
			if x.Start > 0 {
				fmt.Fprintf(b, "%d. %s\n", x.Start+i, oneLine(it))
			} else {
				fmt.Fprintf(b, "- %s\n", oneLine(it))
			}
		}
		b.WriteString("\n")
	case *Callout:
		t := oneLine(x.Text)
		if x.Title != "" {
			t = oneLine(x.Title) + " " + t
		}
		if x.Tone == ToneAlert {
			fmt.Fprintf(b, "> **%s**\n\n", t)
		} else if x.Title != "" {
			fmt.Fprintf(b, "> **%s** %s\n\n", oneLine(x.Title), oneLine(x.Text))
		} else {
			fmt.Fprintf(b, "> %s\n\n", t)
		}
	case *KeyValues:
		b.WriteString("| | |\n|---|---|\n")
		for _, kv := range x.Pairs {
			if kv.Volatile {
				continue
			}
			fmt.Fprintf(b, "| %s | %s |\n", mdCell(kv.Key), mdCell(kv.Value))
		}
		b.WriteString("\n")
	case *Table:
		x = x.Shown()
		if x.Caption != "" {
			fmt.Fprintf(b, "*%s*\n\n", oneLine(x.Caption))
		}
		cols := stableColumns(x)
		b.WriteString("|")
		for _, j := range cols {
			fmt.Fprintf(b, " %s |", mdCell(x.Columns[j].Head))
		}
		b.WriteString("\n|")
		for _, j := range cols {
			switch x.Columns[j].Align {
			case Right:
				b.WriteString("---:|")
			case Center:
				b.WriteString(":---:|")
			default:
				b.WriteString("---|")
			}
		}
		b.WriteString("\n")
		for _, r := range x.Rows {
			b.WriteString("|")
			for _, j := range cols {
				fmt.Fprintf(b, " %s |", mdCell(cellText(r, j)))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	case *Figure:
		if x.Chart != nil {
			fmt.Fprintf(b, "![%s](%s/%s.png)\n\n", mdAlt(x.Chart.AltText()), ChartsDir, x.Chart.Name)
		}
	}
}

// stableColumns are the indices of a table's columns that are not Volatile.
func stableColumns(t *Table) []int {
	var out []int
	for j, c := range t.Columns {
		if !c.Volatile {
			out = append(out, j)
		}
	}
	return out
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// mdCell keeps a table cell in one piece.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func mdAlt(s string) string {
	return strings.NewReplacer("[", `\[`, "]", `\]`, "\n", " ").Replace(s)
}
