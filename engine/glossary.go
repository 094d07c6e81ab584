package engine

// Words for reports. A designer reads "a Princess play taking the Petrified dragons
// (DH-11)", not "choose-petrified", and "a hand of 3 cards", not "duoHand=3". The
// interface is optional: a report falls back on the names.

// Term is a name in the rules' own words: Text is a short noun phrase (a few words, no
// final stop) and Rule the ID of the rule that defines it ("DH-11"; "" when none does).
type Term struct {
	Text string `json:"text"`
	Rule string `json:"rule,omitempty"`
}

// Glossary is implemented by states whose game says what its names mean, for reports: the
// action classes (ActionClasser), the components (Tracker) and the values of its rules
// parameters. Each returns the zero Term for a name it does not know.
type Glossary interface {
	// ClassTerm is an action class: "fill" → {"a play that fills a limited space",
	// "DH-6"}.
	ClassTerm(class string) Term
	// ComponentTerm is a component: "slayer 3" → {"Dragon slayer of value 3", "DH-1"}.
	ComponentTerm(component string) Term
	// ParamTerm says what the rules parameter key set to value means: ("duoHand", 3) →
	// {"a hand of 3 cards", "DS-16"}.
	ParamTerm(key string, value float64) Term
}

// Describe is t as a reader sees it: "a play that fills a limited space (DH-6)"; the
// fallback when t is unknown.
func (t Term) Describe(fallback string) string {
	switch {
	case t.Text == "":
		return fallback
	case t.Rule == "":
		return t.Text
	}
	return t.Text + " (" + t.Rule + ")"
}
