// Package stats is dragonlab's statistics layer: one estimate type and every estimator
// the reports use, each documented with its formula and its source, and tested against
// values computed independently (R, or the paper it comes from).
//
// The layout follows gonum's stat and stat/distuv: plain functions of plain numbers
// (counts, sums, sums of squares, integer histograms), no state, no I/O; the
// distributions themselves (normal, Student's t, chi-square, binomial) are gonum's
// stat/distuv and gonum's mathext.
//
// Every interval is two-sided at Level (95%) unless its function says otherwise, and
// every test is two-sided. Counts are whole games, deals or decisions; a win shared by k
// players counts 1/k, so win counts may be fractional.
//
// The estimators, by file:
//
//	estimate.go    Estimate (value, interval, count, method); Level, Alpha, the normal and t quantiles
//	proportion.go  Wilson and WilsonZ, Share (with a design effect), Agresti–Coull SE,
//	               Newcombe's difference, the pooled score test of two shares, PropZTest
//	binomial.go    the exact binomial test and the sign test
//	mean.go        mean, standard deviation and t interval from exact integer sums; HistSums
//	quantile.go    quantiles (R type 7) of sorted values and of integer histograms
//	chisquare.go   Pearson's goodness of fit, homogeneity of k shares, the trend test
//	pvalue.go      normal and t p-values, Holm's adjustment
//	paired.go      duplicate deals: sign test, deal-clustered share, head-to-head share
//	deff.go        the design effect of replayed deals
//	cluster.go     the ratio mean of clustered observations (seats of a deal, decisions of a game)
//	bt.go          Bradley–Terry (Luce) ratings with cluster-robust intervals
//	bootstrap.go   the binomial and multinomial resampling draws, percentile intervals
//	jackknife.go   the delete-one-group jackknife (luck accounting's batches of deals)
package stats
