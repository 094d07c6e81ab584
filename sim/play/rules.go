package play

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// choiceRule names the rules a kind of choice depends on: when a legal action's text
// matches pattern, the rule IDs apply. The IDs are looked up in the game's specification
// (engine/<game>/RULES.md, embedded in the binary), so the text shown is the spec's own;
// the implementation notes among them (the "Canonical actions" section) are not shown as
// rules.
type choiceRule struct {
	pattern *regexp.Regexp
	ids     []string
}

func when(pattern string, ids ...string) choiceRule {
	return choiceRule{regexp.MustCompile(pattern), ids}
}

// choiceRules lists, per game, the rules behind each kind of action (by its text form).
var choiceRules = map[string][]choiceRule{
	"dragonheart": {
		when(`.`, "DH-5"),
		when(` (treasure|petrified|princess|troll|firedragon) `, "DH-7"),
		when(` (dwarf|hero|slayer|ship) `, "DH-6", "DH-13"),
		when(` firedragon `, "DH-10"),
		when(` princess `, "DH-11", "DH-14"),
		when(` troll `, "DH-12"),
		when(` ship `, "DH-15"),
		when(`.`, "DH-8", "DH-16", "DH-22"),
	},
	"draco": {
		when(`^[a-z ]+ \d+( ride| stay)?$`, "DR-7", "DR-8", "DR-9", "DR-10", "DR-13"),
		when(` (ride|stay)$`, "DR-16"),
		when(`^(discard |done$)`, "DR-11", "DR-17"),
	},
	"redhot": {
		when(`^(stone |no stone$)`, "RH-8", "RH-19"),
		when(`^(hothead|teaser|tough|icebox)`, "RH-9", "RH-2", "RH-3", "RH-11", "RH-12"),
		when(`\+(boots|cape|phoenix|bag|bucket|bellows)$`, "RH-14", "RH-15"),
		when(`^spot `, "RH-11", "RH-1", "RH-12", "RH-13", "RH-15"),
		when(`^(take|rescue)$`, "RH-15", "RH-17"),
	},
	"dragonscales": {
		when(`^(net|club|sword)$`, "DS-11", "DS-2"),
		when(`^(left|right)$`, "DS-12", "DS-13", "DS-23"),
		when(`^move `, "DS-7", "DS-6", "DS-9"),
		when(`^(take|steal) `, "DS-12", "DS-13", "DS-17", "DS-18", "DS-14", "DS-20"),
		when(`^stop$`, "DS-23"),
		when(`^play `, "DS-16", "DS-17", "DS-18"),
	},
}

// rulesFor lists the rule IDs relevant to a choice among texts, in the spec's order,
// without duplicates.
func rulesFor(game string, texts []string) []string {
	var ids []string
	seen := map[string]bool{}
	for _, cr := range choiceRules[game] {
		match := false
		for _, t := range texts {
			if cr.pattern.MatchString(t) {
				match = true
				break
			}
		}
		if !match {
			continue
		}
		for _, id := range cr.ids {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ruleNumber(ids[i]) < ruleNumber(ids[j]) })
	return ids
}

// ruleNumber is n of "XX-n".
func ruleNumber(id string) int {
	_, n, _ := strings.Cut(id, "-")
	v, _ := strconv.Atoi(n)
	return v
}

// rule is one rule of a game's specification: its ID, the section it is in, and its text
// as written (the first line after the ID, then its indented lines, dedented).
type rule struct {
	id      string
	section string
	lines   []string
}

// note reports whether the rule is an implementation note of the specification (how
// actions are written and ordered for the engines), not a rule of the game.
func (r rule) note() bool { return strings.EqualFold(r.section, "Canonical actions") }

var (
	ruleStart = regexp.MustCompile(`^- ([A-Z]{2}-\d+) (.*)$`)
	ruleIDArg = regexp.MustCompile(`^([a-z]{2})?-?(\d+)$`)
)

// parseRules reads the rules of a specification in their order: a rule starts with
// "- XX-n " and goes on over the indented lines below it (blank lines between them
// included); its section is the "## " heading above it.
func parseRules(text string) []rule {
	var out []rule
	section := ""
	cur := -1
	blank := 0
	for _, line := range strings.Split(text, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			section, cur = strings.TrimSpace(h), -1
			continue
		}
		if m := ruleStart.FindStringSubmatch(line); m != nil {
			out = append(out, rule{id: m[1], section: section, lines: []string{m[2]}})
			cur, blank = len(out)-1, 0
			continue
		}
		switch {
		case cur < 0:
		case strings.TrimSpace(line) == "":
			blank++
		case strings.HasPrefix(line, "  "):
			for ; blank > 0; blank-- {
				out[cur].lines = append(out[cur].lines, "")
			}
			out[cur].lines = append(out[cur].lines, strings.TrimPrefix(line, "  "))
		default:
			cur = -1
		}
	}
	return out
}

// findRule finds a rule by ID.
func findRule(rules []rule, id string) (rule, bool) {
	for _, r := range rules {
		if r.id == id {
			return r, true
		}
	}
	return rule{}, false
}

// renderRule prints a rule whole in lines of at most width characters: its paragraphs
// re-flowed, its sub-items ("- …") with a hanging indent, its tables as written.
func renderRule(r rule, width int) []string {
	var out []string
	var para []string
	indent := ""
	bullet := -1 // the lead of the sub-item being written, -1 none
	flush := func() {
		if len(para) > 0 {
			out = append(out, engine.Wrap(indent+strings.Join(para, " "), width, indent+"  ")...)
		}
		para = nil
	}
	for i, l := range r.lines {
		t := strings.TrimSpace(l)
		lead := len(l) - len(strings.TrimLeft(l, " "))
		switch {
		case i == 0:
			para = []string{r.id, t}
			indent = ""
		case t == "":
			flush()
			out = append(out, "")
		case strings.HasPrefix(t, "|"):
			flush()
			out = append(out, "  "+strings.Repeat(" ", lead)+t)
		case strings.HasPrefix(t, "- "):
			flush()
			indent = "  " + strings.Repeat(" ", lead)
			para, bullet = []string{t}, lead
		case bullet >= 0 && lead <= bullet:
			// Back at the rule's own level after its sub-items: a new paragraph.
			flush()
			indent, bullet = "  ", -1
			para = []string{t}
		default:
			para = append(para, t)
		}
	}
	flush()
	return out
}

// rulesText is the `rules` command: every rule the current choice depends on, in full
// (implementation notes left out).
func (ps *Session) rulesText(texts []string) string {
	w, _ := ps.size()
	rules := parseRules(engine.RulesText(ps.Game.Name))
	var out []string
	for _, id := range rulesFor(ps.Game.Name, texts) {
		r, ok := findRule(rules, id)
		if !ok || r.note() {
			continue
		}
		out = append(out, renderRule(r, w-1)...)
	}
	path := engine.RulesPath(ps.Game.Name)
	if len(out) == 0 {
		return "No rule is listed for this choice; the rules are in " + path + " (rules all lists them)."
	}
	return ps.bold("The rules of this choice ("+path+"):") + "\n" + strings.Join(out, "\n")
}

// ruleText is `rules ID`: one rule whole ("dh-13", "DH13" or "13" for DH-13), or with
// "all" the list of every rule with its first words.
func (ps *Session) ruleText(arg string) string {
	w, _ := ps.size()
	rules := parseRules(engine.RulesText(ps.Game.Name))
	if len(rules) == 0 {
		return "The rules of " + ps.Game.Title + " are not built in; see " + engine.RulesPath(ps.Game.Name) + "."
	}
	if arg == "all" {
		out := []string{ps.bold(ps.Game.Title + ": the rules (rules ID prints one whole)")}
		for _, r := range rules {
			line := r.id + " " + r.lines[0]
			if r.note() {
				line = r.id + " (implementation note) " + r.lines[0]
			}
			out = append(out, shorten(line, w-1))
		}
		return strings.Join(out, "\n")
	}
	m := ruleIDArg.FindStringSubmatch(strings.ReplaceAll(arg, " ", ""))
	if m == nil || m[1] != "" && !strings.EqualFold(m[1], ps.Game.Spec) {
		return ps.warn(fmt.Sprintf("%q is not a rule of %s: give its ID, as in rules %s-5 or rules 5 (rules all lists them).", quoteShort(arg), ps.Game.Title, ps.Game.Spec))
	}
	id := ps.Game.Spec + "-" + m[2]
	r, ok := findRule(rules, id)
	if !ok {
		return ps.warn(fmt.Sprintf("%s has no rule %s: its rules are %s to %s (rules all lists them).", ps.Game.Title, id, rules[0].id, rules[len(rules)-1].id))
	}
	out := renderRule(r, w-1)
	if r.note() {
		out = append(out, ps.dim("(an implementation note of the specification — how the engine writes and orders actions — not a rule of the game)"))
	}
	return strings.Join(out, "\n")
}

// shorten cuts text to at most n characters: at a word, with " …".
func shorten(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	cut := string(r[:n-2])
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return cut + " …"
}
