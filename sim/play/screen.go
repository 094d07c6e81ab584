package play

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"dragonlab/engine"
)

// A turn's screen, top to bottom: the title; what happened since the person's last turn
// (its end, as much as fits); the board; one line per seat; the choices, with what each
// will do when they fit one to a line, else in columns; the prompt. It is laid out for the
// console's width and height: no line is wider than the screen, and the whole turn fits
// its height (a line is kept free for the answer), the news giving way first, then the
// previews. Without a height (a pipe) everything is printed.

// text is one screen line: painted text and its width in characters.
type text struct {
	s string
	n int
}

func plain(s string) text { return text{s, utf8.RuneCountInString(s)} }

// wrapped wraps s (plain) into screen lines of at most w characters, painting each.
func wrapped(s string, w int, indent string, paint func(string) string) []text {
	var out []text
	for _, l := range engine.Wrap(s, w, indent) {
		out = append(out, text{paint(l), utf8.RuneCountInString(l)})
	}
	return out
}

func same(s string) string { return s }

// screen shows seat its turn: news, board, seats and choices, fitted to the console.
func (ps *Session) screen(seat int, legal []engine.Action, texts []string) {
	w, h := ps.size()
	lw := w - 1 // a line as wide as the terminal would wrap on some terminals
	ps.clear()
	title := wrapped(fmt.Sprintf("%s — seat %d, your turn (decision %d)", ps.Game.Title, seat, len(ps.steps)+1), lw, "  ", ps.title)

	var news []newsItem
	add := func(lines []string) {
		var it newsItem
		for _, l := range lines {
			it.full = append(it.full, wrapped("  "+l, lw, "        ", same)...)
		}
		var parts []string
		subject := ""
		for i, l := range lines {
			l = strings.TrimSpace(l)
			if i == 0 {
				if who, _, ok := strings.Cut(l, " ("); ok && strings.HasPrefix(who, "seat ") {
					subject = who + " " // "seat 1 takes …" reads "takes …" after "seat 1 (…): …"
				}
			} else if subject != "" {
				l = strings.TrimPrefix(l, subject)
			}
			parts = append(parts, l)
		}
		it.compact = plain("  " + shorten(strings.Join(parts, " · "), lw-2))
		news = append(news, it)
	}
	for _, lines := range ps.newsLines(seat) {
		add(lines)
	}
	full, compact := 0, len(news)
	for _, it := range news {
		full += len(it.full)
	}
	_ = compact

	var board []text
	if b, ok := ps.s.(engine.Boarder); ok {
		for _, l := range b.Board(seat, lw) {
			board = append(board, wrapped(l, lw, "    ", same)...)
		}
		names := make([]string, ps.Players)
		nameW := 0
		for i := range names {
			names[i] = ps.seatName(i, seat)
			nameW = max(nameW, utf8.RuneCountInString(names[i]))
		}
		for i, name := range names {
			paint := same
			if i == seat {
				paint = ps.bold
			}
			pad := strings.Repeat(" ", nameW+2)
			for j, l := range engine.Wrap(b.SeatBoard(i, seat), lw-nameW-2, "  ") {
				if j == 0 {
					l = fmt.Sprintf("%-*s  %s", nameW, name, l)
				} else {
					l = pad + l
				}
				board = append(board, text{paint(l), utf8.RuneCountInString(l)})
			}
		}
	} else {
		board = append(board, plain(ps.bold("Your view:")))
		for _, l := range strings.Split(DescribeView(ps.s, seat), "\n") {
			board = append(board, wrapped("  "+l, lw, "      ", same)...)
		}
	}

	previews := make([]string, len(legal))
	if pv, ok := ps.s.(engine.Previewer); ok {
		for i, a := range legal {
			previews[i] = pv.Preview(a)
		}
	}
	listed := ps.choiceLines(texts, previews, lw)
	columns := ps.choiceColumns(texts, lw)
	header := []text{plain(ps.bold("Your choices:"))}
	newsHead := plain(ps.bold("Since your last turn:"))

	choices := listed
	if h > 0 {
		avail := h - 2 // the prompt, and a line for the answer
		fixed := len(title) + len(board)
		// The layouts in order of preference: the choices with what they do come first,
		// then at least the last move of the news, then the heading of the choices.
		news2 := 0
		if len(news) > 0 {
			news2 = min(compact, 2) + 1
		}
		news1 := min(news2, 2)
		hdr := header
		for _, c := range []struct {
			choices []text
			header  bool
			news    int
		}{
			{listed, true, news2}, {listed, false, news1}, {listed, true, 0}, {listed, false, 0},
			{columns, true, news2}, {columns, false, news1}, {columns, false, 0},
		} {
			choices, header = c.choices, nil
			if c.header {
				header = hdr
			}
			if fixed+len(header)+len(choices)+c.news <= avail {
				break
			}
		}
		if fixed+len(header)+len(choices) > avail && len(listed) < len(choices) {
			choices = listed // nothing fits: the shorter list
		}
		room := avail - fixed - len(header) - len(choices)
		if full+1 > room {
			news = fitNews(news, room-1, ps.dim)
		}
	}
	out := title
	if len(news) > 0 {
		out = append(out, newsHead)
		for _, it := range news {
			out = append(out, it.full...)
		}
	}
	out = append(out, board...)
	out = append(out, header...)
	out = append(out, choices...)
	var b strings.Builder
	for _, l := range out {
		b.WriteString(l.s)
		b.WriteByte('\n')
	}
	ps.printf("%s", b.String())
}

// choiceLines lists the choices one to a line, each with its preview in a column after
// the longest choice (wrapped under that column when too long for the line).
func (ps *Session) choiceLines(texts, previews []string, w int) []text {
	cells := make([]string, len(texts))
	cellW := 0
	for i, t := range texts {
		cells[i] = fmt.Sprintf("%d) %s", i+1, t)
		cellW = max(cellW, utf8.RuneCountInString(cells[i]))
	}
	col := 2 + cellW + 2
	if col > w/2 {
		col = 0 // long choices: previews go on the line below
	}
	var out []text
	for i, cell := range cells {
		num, rest, _ := strings.Cut(cell, " ")
		first := "  " + ps.num(num) + " " + rest
		n := 2 + utf8.RuneCountInString(cell)
		pv := previews[i]
		switch {
		case pv == "":
			out = append(out, text{first, n})
		case col == 0:
			out = append(out, text{first, n})
			out = append(out, wrapped("      "+pv, w, "      ", ps.dim)...)
		default:
			pad := strings.Repeat(" ", col-n)
			lines := engine.Wrap(pv, w-col, "")
			out = append(out, text{first + pad + ps.dim(lines[0]), col + utf8.RuneCountInString(lines[0])})
			for _, l := range lines[1:] {
				out = append(out, text{strings.Repeat(" ", col) + ps.dim(l), col + utf8.RuneCountInString(l)})
			}
		}
	}
	return out
}

// choiceColumns lists the choices without previews in as many columns as fit the width,
// numbered down each column; a choice is never cut.
func (ps *Session) choiceColumns(texts []string, w int) []text {
	cells := make([]string, len(texts))
	cellW := 0
	for i, t := range texts {
		cells[i] = fmt.Sprintf("%d) %s", i+1, t)
		cellW = max(cellW, utf8.RuneCountInString(cells[i]))
	}
	indent, gap := 2, 2
	cols := max(1, (w-indent+gap)/(cellW+gap))
	if c := (w - 1 + 1) / (cellW + 1); c > cols && c*cellW < len(texts)*cellW {
		indent, gap, cols = 1, 1, c // tighter, for one more column
	}
	if len(texts) <= 6 {
		cols = 1
	}
	cols = min(cols, len(texts))
	rows := (len(texts) + cols - 1) / cols
	var out []text
	for r := 0; r < rows; r++ {
		var b strings.Builder
		n := indent
		b.WriteString(strings.Repeat(" ", indent))
		for c := 0; c < cols; c++ {
			i := c*rows + r
			if i >= len(texts) {
				break
			}
			if c > 0 {
				pad := cellW + gap - utf8.RuneCountInString(cells[i-rows])
				b.WriteString(strings.Repeat(" ", pad))
				n += pad
			}
			num, rest, _ := strings.Cut(cells[i], " ")
			b.WriteString(ps.num(num) + " " + rest)
			n += utf8.RuneCountInString(cells[i])
		}
		out = append(out, text{b.String(), n})
	}
	return out
}

// newsItem is what one step (or the deal) did, as the person sees it: in full, and in one
// line.
type newsItem struct {
	full    []text
	compact text
}

// fitNews fits the news into n lines, the newest first: the newest moves in full while
// they fit, older ones in one line each, the oldest left out with a line saying so; a
// newest move taller than the room shows its end.
func fitNews(news []newsItem, n int, dim func(string) string) []newsItem {
	if n < 2 {
		return nil
	}
	var out []newsItem
	left := n
	dropped := false
	for i := len(news) - 1; i >= 0; i-- {
		it := news[i]
		reserve := 0
		if i > 0 {
			reserve = 1 // for the line that says older moves were left out
		}
		switch {
		case len(it.full)+reserve <= left:
			out = append(out, it)
			left -= len(it.full)
			continue
		case i == len(news)-1:
			// Its first line (who did what), then as much of its end as fits.
			k := left - 1 - reserve
			if k >= 3 {
				tailLines := append([]text{it.full[0], plain(dim("        …"))}, it.full[len(it.full)-(k-2):]...)
				out = append(out, newsItem{full: tailLines})
			} else {
				out = append(out, newsItem{full: []text{it.compact}})
				k = 1
			}
			left -= k
			dropped = i > 0
			i = -1 // done
			continue
		case 1+reserve <= left:
			out = append(out, newsItem{full: []text{it.compact}})
			left--
			continue
		}
		dropped = true
		break
	}
	if dropped {
		out = append(out, newsItem{full: []text{plain(dim("  … earlier: type history"))}})
	}
	slices.Reverse(out)
	return out
}
