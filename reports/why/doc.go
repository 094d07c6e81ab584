// Package why turns the runner's "why" aggregates into statistics a designer can act on:
// which components go with winning (HSReplay/17lands win rates and IWD), what each action
// is worth (restricted play, Jaffe et al. 2012), how a game feels (Browne 2008 and the
// Ludii metrics) and how much of the outcome the deal fixes (the luck share).
//
// Every function is pure: integer aggregates in, plain result structs out (numbers with
// 95% intervals, the count behind each, p-values with Holm's adjustment, one-line
// sentences), plus gonum/plot charts and simple tables. Nothing is NaN: a number that
// cannot be estimated is 0 with a flag saying so (Estimate.HasCI, Diff.Tested,
// AblationRow.Tested, VarianceParts.Defined).
//
// Win shares count a win alone as 1 and a k-way shared win (a draw among k seats) as
// 1/k, over all games the agent played; the runner keeps them in sixtieths so that they
// stay integers.
//
// The analyses and their report content:
//
//	Components(agg, agents, opts) → *ComponentStats   ComponentContent(s, label, chart, top)
//	GameFeel(agg, metrics)        → *Feel             FeelContent(f, label, chartPrefix)
//	Luck(replays)                 → *LuckStats        LuckContent(l, sameDeal, label, chart)
//	SameDealWins(duplicateResult) → *SameDeal         (its Sentence goes into LuckContent)
//	Ablation(base, byClass)       → *AblationTable    AblationContent(t, label, chart)
//
// Each Content holds sentences (most important first), Tables (header and rows of
// formatted cells), *reports.Chart values and notes (method, definitions, caveats).
package why
