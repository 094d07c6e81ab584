package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"dragonlab/reports/format"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	"dragonlab/sim/tune"
)

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &experiment.Tune{}
		game := &gameOptions{}
		x := &execOptions{}
		cmd := &cobra.Command{
			Use:   "tune --game G --players N [--agents LEVEL] [--levers a,b,…|auto] [--target fair=2,length=60±10%,…] [--budget 40000|30m]",
			Short: "Find the smallest rule change that meets the targets, then certify it on fresh games",
			Long: `Search the levers of the rules for the smallest change (fewest parameters changed, then the
smallest distance) that meets the targets under self-play at the measuring level, then
replay the best candidate and the original rules on fresh deals never used in the search,
with family-wise 95% intervals over every target and seat. The rules are tested first,
then the changes in cost order: the first that meets the targets is the answer. Only a change whose certified
intervals lie inside the targets "meets the targets"; otherwise the report gives the best
found, what it reaches and what is missing.

Levers (--levers, comma-separated; default auto):
  auto               the game's declared levers (dragonlab games lists them)
  handSize=4..8      a rules parameter with a range (lo..hi or lo..hi:step)
  seatBonus          every seat's starting points (declared range): one parameter, a vector
  seatBonus[2]=0..3  one seat's starting points
  treasure[0]=4..8   an element of a list; deck.troll[2]=1..3 inside an object
  track23[5]=0..4    Draco: the value of square 5 of the 2–3 player track
Whole-number parameters take whole values. Starting points that differ by the same amount
for every seat are the same rules and are searched once.

Targets (--target, comma-separated or repeated; default fair=2):
  fair=P          every seat within ±P points of the fair win share
  fair=P@a,b      the same at each level of play named (random, casual, greedy, expert,
                  or all): the certification replays every candidate at each
  length=L±x%     a game lasts L decisions on average, within x%
  skill>=K        at least K levels of play told apart (random, casual, greedy, the agent)
  luck<=S         the luck share at most S (40% or 0.4)

Luck: where the game has a frozen value function (dragonlab luck-model), every game keeps
each seat's luck (the chance events' part of its result, mean zero), and the seats'
advantages are luck-adjusted — the same expectation, less variance, so fewer games for the
same certificate; --raw judges the raw win shares.

Search: round 0 plays the rules and every one-lever change on the same deals (common random
numbers; what it has no room for is screened next, before any combination); each later round plays the candidates left on new shared deals, drops those
significantly worse deal by deal than a change no larger, halves the rest and adds
combinations an additive model predicts to meet the targets. --budget is games (search and
certification) or a CPU time (user + sys, e.g. 30m). Every round is a plan built from the
flags and the rounds before it, played into OUT/round-K: running the same command into the
same OUT resumes; --shard i/n plays one shard of the current round, dragonlab merge OUT
merges it, and the command again plays the next round.

Writes into --out: tune.json, round-K/ (each round's plan and results), report.pdf,
report.html, summary.md and summary.json, whose "proposal" holds the change (only the
parameters that change, with their new values), whether it is certified, each target's
certified estimate and interval, and the games of the search and the certification.`,
			Example: `  dragonlab tune --game draco --players 2 --agents expert:iters=200 --out draco-tune
  dragonlab tune --game draco --players 2 --levers seatBonus,handSize=5..7 --budget 30m
  dragonlab tune --game redhot --players 4 --target fair=2 --budget 60000
  dragonlab tune --game dragonheart --levers dragonBonus=0..6 --target length=40±10%
  dragonlab tune --game draco --players 2 --budget 200000 --shard auto/16 --out big && dragonlab merge big`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				if err := refuseEmpty(cmd, "shard", "budget", "out"); err != nil {
					return err
				}
				if err := refuseZeroGiven(cmd, "rounds", "certify", "max-changed"); err != nil {
					return err
				}
				o.Game = game.options()
				o.Command = canonicalCommand(cmd, "tune")
				ts, err := o.Setup()
				if err != nil {
					return asBadInput(err)
				}
				sh, err := x.check(cmd)
				if err != nil {
					return err
				}
				ctx := planHooks.ctx
				if ctx == nil {
					var stop context.CancelFunc
					ctx, stop = interruptible()
					defer stop()
				}
				to := experiment.TuneOptions{Options: plan.Options{Dir: x.Out, Shard: sh, Workers: x.Workers, CheckpointEvery: x.CkptEvry,
					AfterRun: planHooks.afterRun, OnCheckpoint: planHooks.onCheckpoint}}
				if !x.Quiet {
					to.Log = stderr
					var finish func()
					to.OnRound = func(r *tune.Round, p *plan.Plan) {
						if finish != nil {
							finish()
						}
						fmt.Fprintf(stderr, "round %d (%s): %s — %s, %s deals each, %s\n", r.Index, r.Kind, r.Why,
							format.Plural(int64(len(r.Entries)), "candidate"), format.Count(r.Deals), format.Plural(p.Games(), "game"))
						finish = progressView(&to.Options, stderr)
					}
					defer func() {
						if finish != nil {
							finish()
						}
					}()
				}
				return asPlanError(experiment.PlayTune(ctx, ts, to, stdout, stderr))
			},
		}
		game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "expert", "the measuring level: one agent spec, which plays every seat")
		f.StringSliceVar(&o.Levers, "levers", nil, "levers to turn, comma-separated: auto (the game's), key=lo..hi[:step], seatBonus, seatBonus[s]=lo..hi, list[i]=lo..hi")
		f.StringArrayVar(&o.Targets, "target", nil, "targets: fair=P, length=L±x%, skill>=K, luck<=S (comma-separated or repeated; default fair=2)")
		f.StringVar(&o.Budget, "budget", experiment.DefaultTuneBudget, "games for the search and the certification, or a CPU time (user+sys) such as 30m")
		f.Int64Var(&o.Certify, "certify", 0, "deals of each certification run (default: sized so a fair seat is certified within 0.4 of the fair target, at most 60% of the budget)")
		f.IntVar(&o.Rounds, "rounds", tune.DefaultRounds, "search rounds at most (round 0 screens the one-lever changes)")
		f.IntVar(&o.MaxChanged, "max-changed", 0, "parameters a candidate may change (default: the levers, at most 3)")
		f.BoolVar(&o.Raw, "raw", false, "judge the raw win shares, not the luck-adjusted ones (by default a game with a frozen value function keeps every seat's luck: a control variate that cuts the games a certificate needs)")
		f.Uint64Var(&o.Seed, "seed", 1, "run seed: the search's and the certification's deals derive from it")
		x.addFlags(cmd, "tune")
		return cmd
	})
}
