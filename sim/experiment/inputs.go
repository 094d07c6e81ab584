package experiment

// NoTimeBudget refuses an agent spec with a time budget (ms=), also in a wrapper's base,
// for what (the flag or plan field): the one check of every input whose results must
// reproduce, shared by the commands outside the plans (luck-model fit).
func NoTimeBudget(what, spec string) error { return noTimeBudget(what, spec) }
