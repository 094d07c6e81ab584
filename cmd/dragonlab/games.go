package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"dragonlab/engine"
)

type gamesOptions struct{ out io.Writer }

func init() {
	commands = append(commands, func(stdout, _ io.Writer) *cobra.Command {
		o := &gamesOptions{out: stdout}
		return &cobra.Command{
			Use:   "games",
			Short: "List the games, their player counts, where their rules are and every rules parameter with its default",
			Example: `  dragonlab games
  dragonlab run --game draco --players 4 --set handSize=6`,
			Args: cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error { return o.run() },
		}
	})
}

func (o *gamesOptions) run() error {
	for i, g := range engine.Games() {
		if i > 0 {
			fmt.Fprintln(o.out)
		}
		players := fmt.Sprintf("%d-%d players", g.MinPlayers, g.MaxPlayers)
		if g.MinPlayers == g.MaxPlayers {
			players = fmt.Sprintf("%d players", g.MinPlayers)
		}
		fmt.Fprintf(o.out, "%s — %s (%s, rules %s-n)\n", g.Name, g.Title, players, g.Spec)
		// The specification travels with the code: engine/<game>/RULES.md.
		fmt.Fprintf(o.out, "  rules: %s\n", engine.RulesPath(g.Name))
		tw := tabwriter.NewWriter(o.out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  parameter\tdefault\tmeaning")
		for _, kv := range engine.ParamValues(g.DefaultParams()) {
			v := kv.Value
			if len(v) > 60 {
				v = v[:57] + "..."
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", kv.Key, v, g.ParamDocs[kv.Key])
		}
		tw.Flush()
		// The levers dragonlab tune turns with --levers auto.
		var levers []string
		for _, l := range g.Levers {
			s := fmt.Sprintf("%s=%s..%s", l.Path, strconv.FormatFloat(l.Lo, 'g', -1, 64), strconv.FormatFloat(l.Hi, 'g', -1, 64))
			if len(l.Players) > 0 {
				s += fmt.Sprintf(" (%s players)", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(l.Players)), ","), "[]"))
			}
			levers = append(levers, s)
		}
		if len(levers) > 0 {
			fmt.Fprintf(o.out, "  levers (tune --levers auto): %s\n", strings.Join(levers, ", "))
		}
	}
	return nil
}
