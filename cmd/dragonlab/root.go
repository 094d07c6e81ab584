package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/sim"
	"dragonlab/sim/experiment"
)

// Exit statuses.
const (
	exitOK          = 0
	exitFailure     = 1 // something went wrong while working (disk full …)
	exitBadInput    = 2 // the user's input is wrong: one clear line says why
	exitInterrupted = 130
)

// usageError marks bad input: exit status 2, one line, nothing written.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func badInput(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

func asBadInput(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

// errInterrupted: the run was stopped by Ctrl-C; what was finished has been written.
var errInterrupted = experiment.ErrInterrupted

// newRootCmd builds the command tree. Each subcommand lives in its own file as an options
// struct plus a run function (the pattern of GitHub's gh CLI), so flag parsing and
// behaviour are tested apart.
func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "dragonlab",
		Short: "Balance analyzer for dragon-themed tabletop games",
		Long: `dragonlab plays very many games of Dragonheart, Draco, Red Hot Silly Dragon and
Dragon Scales between AI agents (random, greedy, IS-MCTS) on all cores, and turns the
outcomes into win rates, first-player advantage and skill reports with their uncertainty.`,
		Version:       sim.Version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.PersistentPreRunE = refuseEmptyGiven
	for _, add := range commands {
		root.AddCommand(add(stdout, stderr))
	}
	return root
}

// commands lists the constructors of the subcommands; each command file appends its own
// in an init function, so adding a command touches only its file.
var commands []func(stdout, stderr io.Writer) *cobra.Command

func execute(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(stderr, "dragonlab:", err)
		return exitInterrupted
	}
	var ue usageError
	// One line, and no raw control characters: messages quote text from files (a plan's
	// command line, the tool that wrote a directory), which must not drive the terminal.
	msg := sim.Printable(strings.TrimSpace(lineBreaks.ReplaceAllString(err.Error(), " ")))
	fmt.Fprintln(stderr, "dragonlab:", msg)
	if errors.As(err, &ue) || isCobraUsage(err) {
		return exitBadInput
	}
	return exitFailure
}

// lineBreaks are a message's line breaks with the blanks around them (cobra's "\n\nDid you
// mean this?\n\tceiling\n"): one space each, so the message reads as one line.
var lineBreaks = regexp.MustCompile(`[ \t]*\n\s*`)

// isCobraUsage recognises cobra's own argument errors (unknown command, wrong arg count).
func isCobraUsage(err error) bool {
	s := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "requires at most", "unknown flag", "unknown shorthand", "invalid argument"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}
