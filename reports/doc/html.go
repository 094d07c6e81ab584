package doc

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// HTML renders the document as one self-contained page: the style inline, every chart as
// inline SVG, no script but SortScript (only when a table is Sortable) and nothing
// fetched from anywhere. A table of contents with links
// to every section sits beside the text on a wide screen and above it on a narrow one (on
// paper it is left out: the PDF is the printed form); folded sections keep their heading and summary in view and the rest in a
// <details> element.
func (d *Doc) HTML() ([]byte, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	out := d.Outline()
	w := &htmlWriter{}
	w.p("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	w.p("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	if d.Generator != "" {
		w.p("<meta name=\"generator\" content=\"%s\">\n", esc(d.Generator))
	}
	w.p("<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", esc(d.Title), htmlStyle)
	toc := d.TOC == TOCAlways || d.TOC == TOCAuto && countTOC(out) >= 2
	if toc {
		w.p("<div class=\"page\">\n<nav class=\"toc\" id=\"contents\" aria-label=\"Contents\">\n<p class=\"toc-title\">Contents</p>\n")
		w.contents(out)
		w.p("</nav>\n")
	} else {
		w.p("<div class=\"page single\">\n")
	}
	w.p("<main>\n<header>\n<h1 id=\"top\">%s</h1>\n", esc(d.Title))
	if d.Subtitle != "" {
		w.p("<p class=\"subtitle\">%s</p>\n", text(d.Subtitle))
	}
	w.p("</header>\n")
	for _, b := range d.Intro {
		w.block(b)
	}
	for _, e := range out {
		w.section(e)
	}
	w.p("</main>\n</div>\n")
	if w.sortable {
		w.p("<script>%s</script>\n", SortScript)
	}
	if d.Generator != "" {
		w.p("<footer>%s</footer>\n", text(d.Generator))
	}
	w.p("</body>\n</html>\n")
	return w.b.Bytes(), nil
}

type htmlWriter struct {
	b        bytes.Buffer
	charts   int
	sortable bool // a sortable table was written: the page needs SortScript
}

func (w *htmlWriter) p(format string, args ...any) {
	if len(args) == 0 {
		w.b.WriteString(format)
		return
	}
	fmt.Fprintf(&w.b, format, args...)
}

// esc escapes text for HTML content and quoted attribute values.
func esc(s string) string { return html.EscapeString(s) }

// text escapes text and keeps its line breaks.
func text(s string) string { return strings.ReplaceAll(esc(s), "\n", "<br>") }

func countTOC(out []*Entry) int {
	n := 0
	walkEntries(out, func(e *Entry) {
		if e.InTOC {
			n++
		}
	})
	return n
}

// contents writes the nested list of links to the sections listed.
func (w *htmlWriter) contents(es []*Entry) {
	w.p("<ol>\n")
	for _, e := range es {
		if !e.InTOC {
			continue
		}
		w.p("<li><a href=\"#%s\">%s</a>", esc(e.ID), esc(e.Title))
		if countTOC(e.Sub) > 0 {
			w.p("\n")
			w.contents(e.Sub)
		}
		w.p("</li>\n")
	}
	w.p("</ol>\n")
}

func (w *htmlWriter) section(e *Entry) {
	class := fmt.Sprintf("level%d", e.Level)
	if e.NewPage {
		class += " newpage"
	}
	h := min(e.Level+1, 6)
	w.p("<section id=\"%s\" class=\"%s\">\n<h%d>%s</h%d>\n", esc(e.ID), class, h, esc(e.Title), h)
	if e.Summary != "" {
		w.p("<p class=\"summary\">%s</p>\n", text(e.Summary))
	}
	fold := e.Fold && (len(e.Blocks) > 0 || len(e.Sub) > 0)
	if fold {
		w.p("<details>\n<summary>%s</summary>\n", esc(e.FoldTitle()))
	}
	for _, b := range e.Blocks {
		w.block(b)
	}
	for _, s := range e.Sub {
		w.section(s)
	}
	if fold {
		w.p("</details>\n")
	}
	w.p("</section>\n")
}

var toneClass = map[Tone]string{ToneNote: "note", ToneCaution: "caution", ToneAlert: "alert"}

var alignClass = map[Align]string{Left: "", Right: " class=\"r\"", Center: " class=\"c\""}

func (w *htmlWriter) block(b Block) {
	switch b := b.(type) {
	case *Paragraph:
		var cls []string
		if b.Italic {
			cls = append(cls, "italic")
		}
		if b.Small {
			cls = append(cls, "small")
		}
		w.p("<p")
		if len(cls) > 0 {
			w.p(" class=\"%s\"", strings.Join(cls, " "))
		}
		w.p(">")
		if b.Lead != "" {
			w.p("<strong>%s</strong> ", text(b.Lead))
		}
		w.p("%s</p>\n", text(b.Text))
	case *List:
		tag, attrs := "ul", ""
		if b.Start > 0 {
			tag = "ol"
			if b.Start > 1 {
				attrs = fmt.Sprintf(" start=\"%d\"", b.Start)
			}
		}
		if b.Small {
			attrs += " class=\"small\""
		}
		w.p("<%s%s>\n", tag, attrs)
		for _, it := range b.Items {
			w.p("<li>%s</li>\n", text(it))
		}
		w.p("</%s>\n", tag)
	case *Callout:
		w.p("<div class=\"callout %s\" role=\"note\">", toneClass[b.Tone])
		if b.Title != "" {
			w.p("<strong>%s</strong> ", text(b.Title))
		}
		w.p("%s</div>\n", text(b.Text))
	case *KeyValues:
		w.kv(b.Pairs)
	case *Table:
		w.table(b)
	case *Figure:
		w.figure(b)
	}
}

func (w *htmlWriter) kv(pairs []KV) {
	w.p("<dl class=\"kv\">\n")
	for _, kv := range pairs {
		w.p("<dt>%s</dt><dd>%s</dd>\n", text(kv.Key), text(kv.Value))
	}
	w.p("</dl>\n")
}

func (w *htmlWriter) table(t *Table) {
	t = t.Shown()
	var cls []string
	if t.Sortable {
		cls = append(cls, "sortable")
		w.sortable = true
	}
	if t.Stack {
		cls = append(cls, "stack")
	}
	w.p("<div class=\"table-wrap\"><table")
	if t.Name != "" {
		w.p(" data-name=\"%s\"", esc(t.Name))
	}
	if len(cls) > 0 {
		w.p(" class=\"%s\"", strings.Join(cls, " "))
	}
	w.p(">\n")
	if t.Caption != "" {
		w.p("<caption>%s</caption>\n", text(t.Caption))
	}
	w.p("<thead><tr>")
	for _, c := range t.Columns {
		w.p("<th%s><span>%s</span></th>", alignClass[c.Align], text(c.Head))
	}
	w.p("</tr></thead>\n<tbody>\n")
	for _, row := range t.Rows {
		w.p("<tr>")
		for j, c := range t.Columns {
			var attrs string
			if t.Stack {
				// The label before a stacked cell: "Game:", but "Fair?" (no "?:").
				label := oneLine(c.Head)
				if !strings.HasSuffix(label, "?") {
					label += ":"
				}
				attrs += fmt.Sprintf(" data-label=\"%s\"", esc(label))
			}
			if t.Sortable && j < len(row) {
				if v, ok := sortValue(row[j]); ok {
					attrs += fmt.Sprintf(" data-v=\"%s\"", v)
				}
			}
			w.p("<td%s%s>%s</td>", alignClass[c.Align], attrs, text(cellText(row, j)))
		}
		w.p("</tr>\n")
	}
	w.p("</tbody>\n</table></div>\n")
}

// sortValue is a cell's raw number for sorting ("" and false for text).
func sortValue(c Cell) (string, bool) {
	var x float64
	switch v := c.Value.(type) {
	case float64:
		x = v
	case Number:
		x = float64(v)
	case int:
		x = float64(v)
	case int64:
		x = float64(v)
	case Interval:
		x = (v.Lo + v.Hi) / 2
	default:
		return "", false
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "", false
	}
	return strconv.FormatFloat(x, 'g', 10, 64), true
}

// SortScript sorts a table with class "sortable" by the column whose heading is clicked
// (or chosen with Enter or Space): by the cells' data-v numbers where they have them, else
// by their text read as a number where it is one ("1,234", "+5.6", "12%"), else
// alphabetically; a second click reverses the order. It is the only script a report has.
const SortScript = `document.querySelectorAll("table.sortable").forEach(function(t){` +
	`var hs=t.querySelectorAll("thead th");` +
	`function key(c){if(!c)return "";var v=c.getAttribute("data-v");if(v!==null)return parseFloat(v);` +
	`var s=c.textContent.trim(),n=parseFloat(s.replace(/[,%+\u2212]/g,function(m){return m==="\u2212"?"-":""}));return isNaN(n)?s:n}` +
	`hs.forEach(function(th,i){th.tabIndex=0;th.title="Sort by this column";` +
	`function go(){var b=t.tBodies[0],rs=Array.prototype.slice.call(b.rows),d=th.getAttribute("aria-sort")==="ascending"?-1:1;` +
	`rs.sort(function(x,y){var a=key(x.cells[i]),c=key(y.cells[i]);` +
	`return d*(typeof a==="number"&&typeof c==="number"?a-c:String(a).localeCompare(String(c)))});` +
	`hs.forEach(function(h){h.removeAttribute("aria-sort")});th.setAttribute("aria-sort",d>0?"ascending":"descending");` +
	`rs.forEach(function(r){b.appendChild(r)})}` +
	`th.addEventListener("click",go);` +
	`th.addEventListener("keydown",function(e){if(e.key==="Enter"||e.key===" "){e.preventDefault();go()}})})});`

var (
	svgIDRef  = regexp.MustCompile(`(\bid="|url\(#|href="#)([^"()]+)`)
	svgTagEnd = regexp.MustCompile(`(?s)^<svg\b[^>]*>`)
)

// figure inlines the chart's SVG (ids made unique in the page), labelled with its text
// alternative; a chart without SVG falls back to its PNG as a data URL.
func (w *htmlWriter) figure(f *Figure) {
	c := f.Chart
	if c == nil {
		return
	}
	w.charts++
	style := ""
	if f.Width > 0 && f.Width < 1 {
		style = fmt.Sprintf(" style=\"max-width:%.0f%%\"", 100*f.Width)
	}
	alt := esc(c.AltText())
	w.p("<figure class=\"chart\" data-chart=\"%s\"%s>\n", esc(c.Name), style)
	svg := string(c.SVG)
	if i := strings.Index(svg, "<svg"); i >= 0 {
		svg = strings.TrimSpace(svg[i:])
		prefix := fmt.Sprintf("c%d-", w.charts)
		svg = svgIDRef.ReplaceAllString(svg, "${1}"+prefix+"${2}")
		svg = svgTagEnd.ReplaceAllStringFunc(svg, func(tag string) string {
			return "<svg role=\"img\" aria-label=\"" + alt + "\"" + tag[len("<svg"):] + "<title>" + alt + "</title>"
		})
		w.p("%s\n", svg)
	} else {
		w.p("<img alt=\"%s\" src=\"data:image/png;base64,%s\">\n", alt, base64.StdEncoding.EncodeToString(c.PNG))
	}
	w.p("</figure>\n")
}

const htmlStyle = `:root{--ink:#1b1f24;--muted:#59626e;--head:#14325a;--rule:#d5dbe3;--stripe:#f4f6fa;--th:#e1e8f2;
--note:#0072b2;--caution:#e69f00;--alert:#be1e1e;--summary:#56b4e9}
*{box-sizing:border-box}
html{font:16px/1.5 "Liberation Sans",Arial,Helvetica,sans-serif;color:var(--ink);background:#fff}
body{margin:0}
.page{display:grid;grid-template-columns:16rem minmax(0,1fr);max-width:84rem;margin:0 auto}
.page.single{display:block;max-width:64rem}
nav.toc{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding:1.5rem 1rem 2rem 1.2rem;
border-right:1px solid var(--rule);font-size:.88rem;line-height:1.35}
nav.toc .toc-title{font-weight:bold;color:var(--head);margin:0 0 .5rem}
nav.toc ol{list-style:none;margin:0;padding:0}
nav.toc ol ol{padding-left:1rem;margin:.15rem 0 .3rem}
nav.toc li{margin:.2rem 0}
nav.toc a{color:var(--head);text-decoration:none}
nav.toc a:hover{text-decoration:underline}
main{padding:1.5rem 2.5rem 4rem;min-width:0;max-width:64rem}
h1{color:var(--head);font-size:1.9rem;line-height:1.2;margin:.3rem 0 .4rem}
h2,h3,h4,h5,h6{color:var(--head);line-height:1.25;margin:1.6rem 0 .5rem}
h2{font-size:1.45rem;border-bottom:1px solid var(--rule);padding-bottom:.2rem;margin-top:2.4rem}
h3{font-size:1.2rem}
h4,h5,h6{font-size:1.05rem}
p{margin:.5rem 0}
p,li{overflow-wrap:break-word}
.subtitle{color:var(--muted);font-style:italic;margin-top:0}
.italic{font-style:italic}
.small{font-size:.9rem}
.summary{border-left:4px solid var(--summary);background:#f2f8fc;padding:.45rem .9rem;font-size:1.05rem}
.callout{border-left:4px solid var(--note);background:#eef5fb;padding:.45rem .9rem;margin:.8rem 0}
.callout.caution{border-color:var(--caution);background:#fdf5e4}
.callout.alert{border-color:var(--alert);background:var(--alert);color:#fff;font-weight:bold}
dl.kv{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.15rem 1.2rem;margin:.6rem 0 1rem}
dl.kv dt{font-weight:bold}
dl.kv dd{margin:0;overflow-wrap:break-word}
ul,ol{padding-left:1.6rem}
li{margin:.2rem 0}
.table-wrap{overflow-x:auto;margin:.8rem 0 1.2rem}
table{border-collapse:collapse;font-size:.87rem;font-variant-numeric:tabular-nums}
caption{caption-side:top;text-align:left;font-style:italic;color:var(--muted);padding:0 0 .3rem}
th{background:var(--th);border-bottom:1px solid #78829a;padding:.3rem .55rem;text-align:left;vertical-align:bottom}
td{padding:.22rem .55rem;vertical-align:top;overflow-wrap:break-word}
tbody tr:nth-child(even){background:var(--stripe)}
table.sortable th{cursor:pointer}
table.sortable th:after{content:" \2195";color:var(--muted);font-weight:normal}
table.sortable th[aria-sort=ascending]:after{content:" \2191"}
table.sortable th[aria-sort=descending]:after{content:" \2193"}
th.r,td.r{text-align:right}
td.r{white-space:nowrap}
th.c,td.c{text-align:center}
figure{margin:1rem 0 1.4rem;max-width:42rem}
figure svg,figure img{display:block;width:100%;height:auto}
details{margin:.6rem 0}
details>summary{cursor:pointer;color:var(--head);font-weight:bold}
footer{color:var(--muted);font-size:.85rem;text-align:center;padding:1rem;border-top:1px solid var(--rule)}
@media (max-width:60rem){.page{display:block}nav.toc{position:static;max-height:none;border-right:0;border-bottom:1px solid var(--rule)}main{padding:1rem}}
@media (max-width:40rem){main{padding:.75rem}nav.toc ol ol{display:none}
table.stack td:nth-child(-n+2){display:inline-block;width:auto;margin-right:.8rem}h1{font-size:1.5rem}h2{font-size:1.25rem}ul,ol{padding-left:1.2rem}
figure.chart{max-width:none!important;margin:1rem 0}.table-wrap{box-shadow:inset -8px 0 8px -8px rgba(0,0,0,.35)}
th>span{display:inline-block;min-width:5.5rem}caption{max-width:calc(100vw - 3rem)}
.table-wrap:has(table.stack){box-shadow:none}table.stack thead{display:none}table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
table.stack tr{border-bottom:1px solid var(--rule);padding:.35rem 0}table.stack td{padding:.1rem .2rem;text-align:left;white-space:normal}
table.stack td:before{content:attr(data-label) " ";font-weight:bold;color:var(--head)}
dl.kv{grid-template-columns:minmax(0,1fr)}dl.kv dd{margin-bottom:.3rem}}
@media print{html{font-size:11pt;print-color-adjust:exact;-webkit-print-color-adjust:exact}.page{display:block;max-width:none}nav.toc{display:none}
main{padding:0;max-width:none}.newpage{break-before:page}h2,h3,h4{break-after:avoid}figure,tr,.callout{break-inside:avoid}
a{color:inherit;text-decoration:none}footer{border:0}}
`
