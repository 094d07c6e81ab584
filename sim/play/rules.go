package play

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// choiceRule names the rules a kind of choice depends on: when a legal action's text
// matches pattern, the rule IDs apply. The IDs are looked up in the game's specification
// (engine/<game>/RULES.md, embedded in the binary), so the text shown is the spec's own.
type choiceRule struct {
	pattern *regexp.Regexp
	ids     []string
}

func rule(pattern string, ids ...string) choiceRule {
	return choiceRule{regexp.MustCompile(pattern), ids}
}

// choiceRules lists, per game, the rules behind each kind of action (by its text form).
var choiceRules = map[string][]choiceRule{
	"dragonheart": {
		rule(`.`, "DH-5"),
		rule(` (treasure|petrified|princess|troll|firedragon) `, "DH-7"),
		rule(` (dwarf|hero|slayer|ship) `, "DH-6", "DH-13"),
		rule(` firedragon `, "DH-10"),
		rule(` princess `, "DH-11", "DH-14"),
		rule(` troll `, "DH-12"),
		rule(` ship `, "DH-15"),
		rule(`.`, "DH-8", "DH-16", "DH-22"),
	},
	"draco": {
		rule(`^[a-z ]+ \d+( ride| stay)?$`, "DR-7", "DR-8", "DR-9", "DR-10", "DR-13"),
		rule(` (ride|stay)$`, "DR-16"),
		rule(`^(discard |done$)`, "DR-11", "DR-17"),
	},
	"redhot": {
		rule(`^(stone |no stone$)`, "RH-8", "RH-19"),
		rule(`^(hothead|teaser|tough|icebox)`, "RH-9", "RH-2", "RH-3", "RH-11", "RH-12"),
		rule(`\+(boots|cape|phoenix|bag|bucket|bellows)$`, "RH-14", "RH-15"),
		rule(`^spot `, "RH-11", "RH-1", "RH-12", "RH-13", "RH-15"),
		rule(`^(take|rescue)$`, "RH-15", "RH-17"),
	},
	"dragonscales": {
		rule(`^(net|club|sword)$`, "DS-11", "DS-2"),
		rule(`^(left|right)$`, "DS-12", "DS-13", "DS-23"),
		rule(`^move `, "DS-7", "DS-6", "DS-9"),
		rule(`^(take|steal) `, "DS-12", "DS-13", "DS-17", "DS-18", "DS-14", "DS-20"),
		rule(`^stop$`, "DS-23"),
		rule(`^play `, "DS-16", "DS-17", "DS-18"),
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

// ruleLines returns, for each ID, one line of at most width bytes: the ID and the start
// of the rule's text in the game's specification (IDs it lacks are left out).
func ruleLines(game string, ids []string, width int) []string {
	spec := parseRules(engine.RulesText(game))
	var out []string
	for _, id := range ids {
		if text, ok := spec[id]; ok {
			out = append(out, id+" "+shorten(text, max(40, width-len(id)-1)))
		}
	}
	return out
}

var ruleStart = regexp.MustCompile(`^- ([A-Z]{2}-\d+) (.*)$`)

// parseRules reads the rules of a specification: a rule starts with "- XX-n " and goes
// on over the indented lines below it; its text is joined into one line.
func parseRules(text string) map[string]string {
	out := map[string]string{}
	id := ""
	var cur []string
	flush := func() {
		if id != "" {
			out[id] = strings.Join(strings.Fields(strings.Join(cur, " ")), " ")
		}
		id, cur = "", nil
	}
	for _, line := range strings.Split(text, "\n") {
		if m := ruleStart.FindStringSubmatch(line); m != nil {
			flush()
			id, cur = m[1], []string{m[2]}
			continue
		}
		if id != "" && strings.HasPrefix(line, "  ") {
			cur = append(cur, strings.TrimSpace(line))
			continue
		}
		flush()
	}
	flush()
	return out
}

// shorten cuts text to at most n characters: at the end of a sentence when one ends late
// enough, else at a word, with " …".
func shorten(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	cut := string(r[:n-2])
	if i := strings.LastIndex(cut, ". "); i >= len(cut)/2 {
		return cut[:i+1]
	}
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return cut + " …"
}
