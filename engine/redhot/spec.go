package redhot

import (
	_ "embed"

	"dragonlab/engine"
)

// rulesText is this game's specification, a copy of shared/rules/redhot.md kept in the
// package (a test checks the copy where the shared directory exists).
//
//go:embed RULES.md
var rulesText string

func init() { engine.RegisterRulesText("redhot", rulesText) }
