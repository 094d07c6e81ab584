package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"dragonlab/agents"
)

type agentsOptions struct{ out io.Writer }

func init() {
	commands = append(commands, func(stdout, _ io.Writer) *cobra.Command {
		o := &agentsOptions{out: stdout}
		return &cobra.Command{
			Use:   "agents",
			Short: "List the agent kinds, their options and defaults (the specs --agents accepts)",
			Long: `List the agent kinds that --agents accepts, with every option and its default.

An agent spec is a kind, optionally followed by options: kind:key=value,key=value.
In --agents, specs are separated by commas; a comma followed by key=value continues the
previous spec, so "mcts:iters=2000,c=0.7,random" is two agents. A wrapper's base spec is
written in parentheses when it has options: noisy:base=(mcts:iters=200,c=1),eps=0.2.
Options left out take their defaults. The oracle cheats (it searches the true hidden state): it is an upper
bound on skill, never a fair player.`,
			Example: `  dragonlab agents
  dragonlab run --game dragonheart --players 2 --agents mcts:iters=2000,c=0.7,random
  dragonlab run --game draco --players 3 --agents greedy:samples=8,mcts:ms=50,random
  dragonlab run --game redhot --players 2 --agents expert,noisy:base=(greedy),eps=0.3 --seating duplicate`,
			Args: cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error { return o.run() },
		}
	})
}

func (o *agentsOptions) run() error {
	for i, k := range agents.Kinds() {
		if i > 0 {
			fmt.Fprintln(o.out)
		}
		fmt.Fprintf(o.out, "%s — %s\n", k.Name, k.Doc)
		if len(k.Options) == 0 {
			fmt.Fprintln(o.out, "  no options")
			continue
		}
		tw := tabwriter.NewWriter(o.out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  option\tdefault\tmeaning")
		for _, opt := range k.Options {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", opt.Name, opt.Default, opt.Doc)
		}
		tw.Flush()
	}
	return nil
}
