package main

import (
	"context"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"dragonlab/agents"
	"dragonlab/engine"
)

// gameOptions are the flags that choose a game, its player count and its rules, shared by
// every command that plays.
type gameOptions struct {
	Game    string
	Players int
	Sets    []string
	Rules   string
}

func (o *gameOptions) addFlags(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&o.Game, "game", "g", "dragonheart", "game to play (list: dragonlab games)")
	cmd.Flags().IntVarP(&o.Players, "players", "p", 0, "number of players (default: the game's smallest count of 2 or more)")
	cmd.Flags().StringArrayVar(&o.Sets, "set", nil, "set a rules parameter, key=value (JSON value); repeatable")
	cmd.Flags().StringVar(&o.Rules, "rules", "", "rules file (JSON object of parameters over the defaults)")
}

// resolve looks the game up and builds validated parameters. Every failure is bad input.
func (o *gameOptions) resolve() (engine.Game, engine.Params, int, error) {
	g, err := engine.Lookup(o.Game)
	if err != nil {
		return g, nil, 0, asBadInput(err)
	}
	players := o.Players
	if players == 0 {
		players = max(g.MinPlayers, min(2, g.MaxPlayers))
	}
	if err := g.CheckPlayers(players); err != nil {
		return g, nil, 0, asBadInput(err)
	}
	p := g.DefaultParams()
	if o.Rules != "" {
		if err := engine.LoadParams(g, p, o.Rules); err != nil {
			return g, nil, 0, asBadInput(err)
		}
	}
	for _, s := range o.Sets {
		if err := engine.SetParam(g, p, s); err != nil {
			return g, nil, 0, asBadInput(err)
		}
	}
	if err := p.Validate(players); err != nil {
		return g, nil, 0, badInput("%s rules: %v", g.Name, err)
	}
	return g, p, players, nil
}

// parseAgents reads --agents: one spec per seat, or a single spec for every seat when
// allowSingle; empty means random in every seat.
func parseAgents(list string, players int) ([]agents.Factory, error) {
	if strings.TrimSpace(list) == "" {
		list = repeatSpec("random", players)
	}
	fs, err := agents.ParseList(list)
	if err != nil {
		return nil, asBadInput(err)
	}
	if len(fs) != players {
		return nil, badInput("%d agents given (%s) for %d players: give one agent per seat, comma-separated", len(fs), list, players)
	}
	return fs, nil
}

// interruptible returns a context cancelled by Ctrl-C or SIGTERM.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// stderrIsTerminal reports whether progress bars make sense.
func stderrIsTerminal() bool {
	return term.IsTerminal(int(os.Stderr.Fd()))
}

// checkWritable fails early, before any game is played, if path cannot be written.
func checkWritable(path string) error {
	if path == "" || path == "-" {
		return nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".dragonlab-check-*")
	if err != nil {
		return badInput("cannot write %s: %v", path, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}
