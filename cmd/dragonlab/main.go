// Command dragonlab plays many games of four dragon-themed tabletop games between AI agents
// and reports whether they are fair and whether skill matters.
package main

import (
	"os"
	"os/signal"
	"syscall"

	_ "dragonlab/engine/all"       // the games register themselves
	_ "dragonlab/reports/analysis" // every experiment kind's report side (sim plays, reports write)
)

func main() {
	os.Exit(realMain(os.Args[1:]))
}

// realMain is the program as a process sees it: the terminal may go away at any moment
// and the results must not go with it.
func realMain(args []string) int {
	// A closed stdout or stderr (`dragonlab run … | head -1`, a reader that quits) would
	// otherwise kill the process with SIGPIPE at its next line of output, before the
	// results are written. Ignored, a write to a closed pipe fails with EPIPE: the
	// printing code ignores the error ("stop printing") and the work goes on. A hang-up
	// (SIGHUP) stops a run like Ctrl-C (stopSignals).
	signal.Ignore(syscall.SIGPIPE)
	return execute(args, os.Stdout, os.Stderr)
}
