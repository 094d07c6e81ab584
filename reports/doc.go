// Package reports holds no code: its subpackages turn results files into statistics,
// charts and reports, grouped by the question they answer. Dependencies point down the
// list and never up to a parent directory:
//
//	runreport, designer    the reports: `dragonlab report` and the study's designer report,
//	                       compositions of the question analyses
//	fairness               Is it fair? seats, first-player advantage
//	skill                  Does skill matter? tournaments, Bradley–Terry ratings, ladders
//	luck                   How much does the deal decide? the luck share, same-deal wins
//	value                  What decides games? components, restricted play
//	feel                   How does it feel? the game-feel metrics, game length
//	change                 What to change? sweeps, compensation
//	stats                  the statistics layer: one Estimate type and every estimator
//	format, chart          how numbers read and how charts look
//	doc, htmlcheck         the report model and its writers (PDF, HTML, Markdown, CSV,
//	                       JSON); the HTML checker of the tests
//
// Every interval is 95%. Seats are numbered from 0, as in the rules and sim (seat 0
// moves first).
package reports
