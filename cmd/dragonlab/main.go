// Command dragonlab plays many games of four dragon-themed tabletop games between AI agents
// and reports whether they are fair and whether skill matters.
package main

import (
	"os"

	_ "dragonlab/engine/all"
)

func main() {
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}
