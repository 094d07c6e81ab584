package main

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// "Given" and "unset" are different things for every flag: a flag on the command line
// with an empty value (--levers '', --file '', --set '') is a choice the user made, and
// no command reads it as "not given" (which would silently run the default instead).
// Every command's flags go through refuseEmptyGiven before the command runs: a given
// flag whose value is empty, or a list with an empty element, is refused in one line.

// emptyHandled are the flags (command path and flag) whose commands refuse an empty value
// with a message of their own.
var emptyHandled = map[string]bool{
	"dragonlab play --save": true,
}

// refuseEmptyGiven refuses every flag given with an empty value (blank, an empty list, or
// a list with a blank element).
func refuseEmptyGiven(cmd *cobra.Command, _ []string) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err != nil || emptyHandled[cmd.CommandPath()+" --"+f.Name] {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			list := sv.GetSlice()
			if len(list) == 0 {
				err = badInput("--%s is empty: give a value, or leave the flag out", f.Name)
			}
			for _, v := range list {
				if strings.TrimSpace(v) == "" {
					err = badInput("--%s has an empty value: give a value, or leave the flag out", f.Name)
					return
				}
			}
			return
		}
		if strings.TrimSpace(f.Value.String()) == "" {
			err = badInput("--%s is empty: give a value, or leave the flag out", f.Name)
		}
	})
	return err
}

// refuseZeroGiven refuses the named number flags given as 0 or less: their default of 0
// stands for a choice made for the user ("sized from the targets", "the base's own"), so
// an explicit 0 would otherwise silently mean that default instead of what it says.
func refuseZeroGiven(cmd *cobra.Command, names ...string) error {
	for _, name := range names {
		f := cmd.Flags().Lookup(name)
		if f == nil || !f.Changed {
			continue
		}
		if n, err := strconv.ParseInt(f.Value.String(), 10, 64); err == nil && n <= 0 {
			return badInput("--%s %d: want a positive number (leave the flag out for its default)", name, n)
		}
	}
	return nil
}

// refuseGiven refuses the first of the named flags given, with why it does not belong:
// a flag of one form of a command given in its other form.
func refuseGiven(cmd *cobra.Command, why string, names ...string) error {
	for _, name := range names {
		if given(cmd, name) {
			return badInput("--%s %s", name, why)
		}
	}
	return nil
}
