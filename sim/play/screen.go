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
	add := func(lines []string, own bool) {
		it := newsItem{own: own}
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
		it.joined = wrapped("  "+strings.Join(parts, " · "), lw, "      ", same)
		news = append(news, it)
	}
	for _, e := range ps.newsLines(seat) {
		add(e.lines, e.own)
	}
	full, others := 0, 0
	for _, it := range news {
		full += len(it.full)
		if !it.own {
			others++ // what the others did: never left out while a line for it can be found
		}
	}

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
		// The layouts in order of preference: a line for every move the others made since
		// the person's last turn (nothing they did is lost) with the choices and what they
		// do; then the choices in columns (? N previews any of them); then at least the
		// last move of the news. The heading of the choices goes first.
		news2 := 0
		if len(news) > 0 {
			news2 = max(others, 1) + 1
		}
		news1 := min(news2, 3)
		hdr := header
		for _, c := range []struct {
			choices []text
			header  bool
			news    int
		}{
			{listed, true, news2}, {listed, false, news2}, {columns, true, news2}, {columns, false, news2},
			{listed, false, news1}, {columns, false, news1}, {listed, false, 0}, {columns, false, 0},
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
		switch {
		case full+1 <= room:
		case room == 1 && len(news) > 0:
			// No room for the heading: one line says there is news.
			newsHead = plain(ps.dim(fmt.Sprintf("  %d move(s) since your last turn: type log", len(news))))
			news = []newsItem{{}}
		default:
			news = fitNews(news, room-1, ps.dim)
		}
	}
	if len(header) > 0 && len(columns) > 0 && len(choices) > 0 && &choices[0] == &columns[0] && slices.ContainsFunc(previews, func(p string) bool { return p != "" }) {
		header = []text{plain(ps.bold("Your choices") + ps.dim(" (? N says what choice N does):"))}
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
// line; own marks the person's own move.
type newsItem struct {
	full    []text
	compact text
	joined  []text // the one line's text whole, wrapped
	own     bool
}

// fitNews fits the news into n lines: first one line for every move of the others (the
// oldest left out, with a line saying so, only when even that does not fit), the newest
// of them in full while they fit, a line still free letting a summary run on; then the
// person's own moves likewise with the lines left. log shows it all.
func fitNews(news []newsItem, n int, dim func(string) string) []newsItem {
	if n < 1 {
		return nil
	}
	form := make([]int, len(news)) // 0 left out, 1 one line, 2 in full
	left := n
	need := 0
	for _, it := range news {
		if !it.own {
			need++
		}
	}
	cut := need > n
	if cut {
		left-- // the line saying that older moves were left out
	}
	rows := make([]int, len(news)) // lines of a one-line summary run on
	var out []newsItem
	if cut { // (the person's own moves left out need no line: they are the person's)
		out = append(out, newsItem{full: []text{plain(dim("  … earlier moves: type log"))}})
	}
	// The others' moves first, then the person's own: each gets one line, newest first;
	// then the lines still free show the newest in full, or let their summaries run on.
	for _, own := range []bool{false, true} {
		for i := len(news) - 1; i >= 0; i-- {
			if news[i].own == own && left >= 1 {
				form[i], left = 1, left-1
			}
		}
		for i := len(news) - 1; i >= 0; i-- {
			if news[i].own == own && form[i] == 1 && len(news[i].full)-1 <= left {
				form[i], left = 2, left-(len(news[i].full)-1)
			}
		}
		for i := len(news) - 1; i >= 0; i-- {
			if news[i].own == own && form[i] == 1 && left > 0 && len(news[i].joined) > 1 {
				rows[i] = min(len(news[i].joined), 1+left)
				left -= rows[i] - 1
			}
		}
	}
	for i, it := range news {
		switch {
		case form[i] == 2:
			out = append(out, it)
		case rows[i] > 1:
			lines := slices.Clone(it.joined[:rows[i]])
			if rows[i] < len(it.joined) {
				l := lines[len(lines)-1]
				lines[len(lines)-1] = plain(shorten(l.s, l.n-1)) // it goes on: log shows it whole
			}
			out = append(out, newsItem{full: lines})
		case form[i] == 1:
			out = append(out, newsItem{full: []text{it.compact}})
		}
	}
	return out
}
