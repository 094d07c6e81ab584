package main

import (
	"context"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
)

// gameOptions are the flags that choose a game, its player count and its rules, shared by
// every command that plays.
type gameOptions struct {
	Game    string
	Players int
	Sets    []string
	Rules   string
	changed func(name string) bool // whether a flag was given on the command line
}

func (o *gameOptions) addFlags(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&o.Game, "game", "g", "dragonheart", "game to play (list: dragonlab games)")
	cmd.Flags().IntVarP(&o.Players, "players", "p", 0, "number of players (default: the game's smallest count of 2 or more)")
	cmd.Flags().StringArrayVar(&o.Sets, "set", nil, "set a rules parameter, key=value (JSON value); repeatable")
	cmd.Flags().StringVar(&o.Rules, "rules", "", "rules file (JSON object of parameters over the defaults)")
	o.changed = cmd.Flags().Changed
}

// given reports whether a flag of the command (any flag, not only the game flags) was on
// the command line, so that "--players 0" is a choice to check, not "unset".
func (o *gameOptions) given(name string) bool { return o.changed != nil && o.changed(name) }

// options are the game flags as the experiments take them.
func (o *gameOptions) options() experiment.Game {
	return experiment.Game{Name: o.Game, Players: o.Players, Sets: o.Sets, Rules: o.Rules,
		PlayersSet: o.given("players"), RulesSet: o.given("rules")}
}

// resolve looks the game up and builds validated parameters. Every failure is bad input.
func (o *gameOptions) resolve() (engine.Game, engine.Params, int, error) {
	g, p, players, err := o.options().Resolve()
	return g, p, players, asBadInput(err)
}

// parseAgents reads --agents: one spec per seat; empty means random in every seat.
func parseAgents(list string, players int) ([]agents.Factory, error) {
	fs, err := experiment.ParseAgents(list, players)
	return fs, asBadInput(err)
}

// specs are the specs of the agents, in order.
func specs(fs []agents.Factory) []string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Spec
	}
	return names
}

// stopSignals stop a run, which then keeps its finished games (and writes a final
// checkpoint): Ctrl-C, SIGTERM (Slurm, Kubernetes) and SIGHUP (the terminal or ssh
// session went away: the results must not depend on it).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// interruptible returns a context cancelled by one of stopSignals.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), stopSignals...)
}

// stderrIsTerminal reports whether progress bars make sense.
func stderrIsTerminal() bool {
	return term.IsTerminal(int(os.Stderr.Fd()))
}

// checkWritable fails early, before any game is played, if path cannot be written as a
// file (sim.CheckOutput: only regular files are replaced, symbolic links are written
// through, the directory must exist and be writable). "" means no file.
func checkWritable(path string) error {
	return asBadInput(sim.CheckOutput(path))
}

// checkOutputDir fails early if dir cannot hold output files (sim.CheckOutputDir).
func checkOutputDir(dir string) error {
	return asBadInput(sim.CheckOutputDir(dir))
}

// refuseEmpty refuses flags given explicitly with an empty value where empty is not a
// choice (it would otherwise read as "not given").
func refuseEmpty(cmd *cobra.Command, names ...string) error {
	for _, name := range names {
		f := cmd.Flags().Lookup(name)
		if f != nil && f.Changed && strings.TrimSpace(f.Value.String()) == "" {
			return badInput("--%s is empty: give a value, or leave the flag out", name)
		}
	}
	return nil
}
