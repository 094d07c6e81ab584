package designer

import (
	"fmt"
	"strings"

	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/worth"
	"dragonlab/sim/stats"
)

// "What decides games?" is answered by the value stage (reports/worth): what each
// component is worth by substitution on paired deals, and what each decision is worth by
// the measuring level's search, how often decisions are critical. Restricted play stays,
// honestly: a restriction of a choice class (what the player holds does not change) is
// reported as before; one of a class that spends what the player holds (playing a card,
// using an item) also makes the player keep it, so it measures holding that forever and
// appears only in the appendix, flagged, with the share of decisions in which it could not
// be kept. Component win rates (IWD) are associations, in the appendix.

// Value is the value stage at one level: the substitution run and the decision run.
type Value struct {
	Level        int
	Substitution worth.Input
	Decisions    worth.Input
}

// ValueAnswer is what the value stage says at one level: summary.json's components and
// decisions lists (name, estimate {value, lo, hi}, p Holm-adjusted) and the share of
// critical decisions.
type ValueAnswer struct {
	Level           string             `json:"level"`
	Agent           string             `json:"agent,omitempty"`
	DecisionAgent   string             `json:"decisionAgent,omitempty"`
	Iterations      float64            `json:"iterations,omitempty"`
	Deals           int64              `json:"deals"`
	Games           int64              `json:"games"`
	Components      []worth.SummaryRow `json:"components"`
	Decisions       []worth.SummaryRow `json:"decisions"`
	Critical        *Est               `json:"critical,omitempty"`
	CriticalPerGame float64            `json:"criticalPerGame"`
}

// valueStage analyses the value stages of the configuration.
func (a *Answer) valueStage() error {
	c := a.cfg
	g, err := engine.Lookup(c.Game)
	if err != nil {
		return err
	}
	for _, v := range c.Value {
		meta := doc.Meta{Game: c.Game, Title: c.Title, Players: c.Players, Params: c.Params, Complete: true}
		r, err := worth.Analyze(meta, g, v.Substitution, v.Decisions)
		if err != nil {
			return fmt.Errorf("value: %w", err)
		}
		if r.Substitutions() == nil && r.DecisionTable() == nil {
			continue
		}
		va := ValueAnswer{Level: c.Levels[v.Level].Name, Agent: r.Agent, DecisionAgent: r.DecisionAgent, Iterations: r.Iterations,
			Deals: r.Deals, Games: r.Games, Components: r.Components, Decisions: r.Decisions, CriticalPerGame: r.CriticalGame}
		if r.Critical != nil {
			e := *r.Critical
			va.Critical = &e
		}
		a.vals = append(a.vals, r)
		a.Value = append(a.Value, va)
	}
	return nil
}

// choiceClasses is the set of the game's choice classes (engine.ChoiceClasser), by name.
func (c *Config) choiceClasses() map[string]bool {
	return worth.ChoiceClassesOf(c.Game, c.Params, c.Players)
}

// valueSentence is the value part of "What decides games?": the components worth most
// (substitution) and the decisions that matter (the search's values), at the most skilled
// level measured.
func (a *Answer) valueSentence() []string {
	if len(a.vals) == 0 {
		return nil
	}
	r, va := a.vals[len(a.vals)-1], a.Value[len(a.Value)-1]
	var parts []string
	if s := r.Substitutions(); s != nil {
		var more, less []string
		for _, v := range s.Rows {
			if v.Delta < 0 || !v.Change.HasInterval() || v.PHolm >= stats.Alpha {
				continue
			}
			txt := fmt.Sprintf("%s (%s points %s)", a.words.component(v.Component), format.Pts(v.Change.Value), format.IvPts(v.Change))
			if v.Change.Value > 0 && len(more) < 3 {
				more = append(more, txt)
			}
			if v.Change.Value < 0 {
				less = append(less, txt)
			}
		}
		if len(less) > 2 {
			less = less[len(less)-2:]
		}
		switch {
		case len(more) > 0:
			what := "the components worth most are"
			if len(more) == 1 {
				what = "the component worth most is"
			}
			p := fmt.Sprintf("under %s play %s %s of win share for one more in a seat's start, in place of an average one", va.Level, what, format.JoinAnd(more))
			if len(less) > 0 {
				p += fmt.Sprintf("; one more %s costs its seat", format.JoinAnd(less))
			}
			parts = append(parts, p)
		case len(less) > 0:
			parts = append(parts, fmt.Sprintf("under %s play no component is worth measurably more than an average one, and one more %s costs its seat", va.Level, format.JoinAnd(less)))
		default:
			parts = append(parts, fmt.Sprintf("under %s play no component's substitution changes its seat's win share measurably (%s deals)", va.Level, format.Count(s.Deals)))
		}
	}
	if d := r.DecisionTable(); d != nil && d.Decisions > 0 {
		p := fmt.Sprintf("%s of decisions are critical, %s a game (the best move more than 10 points of win probability above the second, by the %s search)",
			format.Pct(d.Critical.Value), format.Num(d.CriticalPerGame, 1), va.Level)
		var top []string
		for _, c := range d.Classes {
			if c.Loss.HasInterval() && c.PHolm < stats.Alpha && len(top) < 3 {
				top = append(top, fmt.Sprintf("%s (%s points over the best other kind of move, %s critical)", a.words.class(c.Class), format.Num(100*c.Loss.Value, 1), format.Pct(c.Critical.Value)))
			}
		}
		if len(top) > 0 {
			p += "; the decisions worth most per game are " + format.JoinAnd(top)
		}
		parts = append(parts, p)
	}
	return parts
}

// valueTables are the headline's component and decision tables.
func (a *Answer) valueTables() []doc.Block {
	if len(a.vals) == 0 {
		return nil
	}
	r, va := a.vals[len(a.vals)-1], a.Value[len(a.Value)-1]
	var out []doc.Block
	if s := r.Substitutions(); s != nil && len(s.Top(5)) > 0 {
		t := doc.NewTable("", doc.Col("Component", doc.Left), doc.Col("One more, in place of an average one: points [95% CI]", doc.Left),
			doc.Col("Win share with / without", doc.Left), doc.Col("Holm p", doc.Right))
		t.Caption = fmt.Sprintf("%s, %s play: the five components worth most, by substitution on paired deals (%s deals, the changed seat in every seat)",
			format.Capitalize(playersText(a.Players)), va.Level, format.Count(s.Deals))
		for _, v := range s.Top(5) {
			t.TextRow(a.words.component(v.Component), format.PtsIv(v.Change), format.Pct(v.With)+" / "+format.Pct(v.Without), format.PCell(v.PHolm))
		}
		out = append(out, t)
	}
	if d := r.DecisionTable(); d != nil && d.Decisions > 0 {
		t := doc.NewTable("", doc.Col("Class", doc.Left), doc.Col("Played per game", doc.Right), doc.Col("Worth when played: points [95% CI]", doc.Left),
			doc.Col("90th pct", doc.Right), doc.Col("Critical", doc.Right), doc.Col("Holm p", doc.Right))
		t.Caption = fmt.Sprintf("%s, decisions by the %s search (%s iterations a decision, %s games): the move played over the best move of another class; critical: the best two moves more than 10 points apart",
			format.Capitalize(playersText(a.Players)), va.Level, format.Num(va.Iterations, 0), format.Count(va.Games))
		for _, c := range d.Classes {
			if !c.Loss.HasInterval() {
				continue
			}
			t.TextRow(a.words.class(c.Class), format.Num(float64(c.Chosen)/float64(max(d.Games*int64(d.Players), 1)), 2), format.Num(100*c.Loss.Value, 1)+" "+format.IvNum(c.Loss.Scale(100), 1),
				format.Num(100*c.P90, 1), format.Pct(c.Critical.Value), format.PCell(c.PHolm))
		}
		if len(t.Rows) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// choiceOnly is the restricted-play table with only its choice classes: what the
// headline shows (the others measure holding forever: appendix).
func choiceOnly(t *worth.AblationTable, choice map[string]bool) *worth.AblationTable {
	c := *t
	c.Rows = nil
	for _, r := range t.Rows {
		if choice[r.Class] {
			c.Rows = append(c.Rows, r)
		}
	}
	return &c
}

// HoldingFlag is what the appendix says of a restriction that changes holdings.
const HoldingFlag = worth.HoldingFlag

// kindText names a class's kind for the tables.
func kindText(choice bool) string {
	if choice {
		return "choice"
	}
	return "holding: " + HoldingFlag
}

// ablationTable is the appendix's restricted-play table: every class with its kind, the
// holding ones flagged, and the share of decisions each could not be kept.
func (a *Answer) ablationTable(k int) *doc.Table {
	aa := a.Ablation[k]
	t := doc.NewTable("", doc.Col("Forbidden class", doc.Left), doc.Col("Kind", doc.Left), doc.Col("Worth: points [95% CI]", doc.Left),
		doc.Col("Holm p", doc.Right), doc.Col("Not kept", doc.Right))
	t.Caption = fmt.Sprintf("Restricted play, %s: the win share lost when the class is forbidden. A choice restriction leaves what the player holds as it is; "+
		"any other also makes the player keep what the class would spend, so it %s (not a headline); not kept: the share of its decisions in which every legal move was forbidden",
		aa.Level, HoldingFlag)
	t.Small = true
	for _, r := range aa.Rows {
		worth, p := "–", "–"
		if r.Tested {
			worth, p = ptsIv(r.Worth), format.PCell(r.PHolm)
		}
		unkept := "–"
		if r.Unkept != nil {
			unkept = format.Pct(*r.Unkept)
		}
		t.TextRow(a.words.class(r.Class), kindText(r.Choice), worth, p, unkept)
	}
	return t
}

// choiceAblationSentence is the restricted-play part of "What decides games?": choice
// classes only.
func (a *Answer) choiceAblationSentence() []string {
	var parts []string
	for _, ab := range a.Ablation {
		var sig, neg []string
		n := 0
		for _, r := range ab.Rows {
			if !r.Choice {
				continue
			}
			n++
			if !r.Tested || r.PHolm >= stats.Alpha {
				continue
			}
			if r.Worth.Value > 0 && len(sig) < 3 {
				sig = append(sig, fmt.Sprintf("%s (%s points %s)", a.words.class(r.Class), num1(100*r.Worth.Value), format.IvNum(r.Worth.Scale(100), 1)))
			}
			if r.Worth.Value < 0 {
				neg = append(neg, a.words.class(r.Class))
			}
		}
		switch {
		case n == 0:
			continue
		case len(sig) > 0:
			parts = append(parts, fmt.Sprintf("of the choices, forbidding %s costs a %s player most (win share lost)", format.JoinAnd(sig), ab.Level))
		default:
			p := fmt.Sprintf("forbidding no single choice measurably changes a %s player's win share", ab.Level)
			if c := a.Glance.Matters; c.From == "restricted play" && c.Verdict == "not settled" && c.Value != nil {
				// Page 1's not-settled cell quotes a row: the section gives the same.
				for _, r := range ab.Rows {
					if r.Worth == *c.Value {
						p += fmt.Sprintf(" (not settled: %s %s)", a.words.class(r.Class), ptsIv(r.Worth))
						break
					}
				}
			}
			parts = append(parts, p)
		}
		if len(neg) > 0 {
			parts = append(parts, fmt.Sprintf("forbidding %s raises a %s player's win share: it misplays them", format.JoinAnd(neg), ab.Level))
		}
	}
	return parts
}

// decideParts are the parts of the "What decides games?" sentence.
func (a *Answer) decideParts() []string {
	return append(a.valueSentence(), a.choiceAblationSentence()...)
}

// componentCaveat says what the appendix's component win rates are.
const componentCaveat = "Associations, not effects: a component's win rate when seen (IWD) goes with whatever brings it into play — longer games see more cards, a player's position changes what he draws into. The causal value of a component is its substitution; of an action, the search's values and restricted play of choices."

func joinParts(parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	return format.Capitalize(strings.Join(parts, "; ")) + "."
}

// wordedSubstitutions is a copy of a substitution table with the components in the
// rules' words and the agent by its level's name, for its chart and table.
func (a *Answer) wordedSubstitutions(sub *worth.Substitutions) *worth.Substitutions {
	c := *sub
	c.Rows = append([]worth.ComponentValue(nil), sub.Rows...)
	for i := range c.Rows {
		c.Rows[i].Component = a.words.component(c.Rows[i].Component)
	}
	if len(a.Value) > 0 {
		c.Agent = a.Value[len(a.Value)-1].Level
	}
	return &c
}

// wordedDecisions is a copy of a decision table with the classes in the rules' words.
func (a *Answer) wordedDecisions(d *worth.Decisions) *worth.Decisions {
	c := *d
	c.Classes = append([]worth.DecisionClass(nil), d.Classes...)
	for i := range c.Classes {
		c.Classes[i].Class = a.words.class(c.Classes[i].Class)
	}
	return &c
}
