package dragonscales

import (
	_ "embed"

	"dragonlab/engine"
)

// rulesText is this game's specification, a copy of shared/rules/dragonscales.md kept in the
// package (a test checks the copy where the shared directory exists).
//
//go:embed RULES.md
var rulesText string

// valueFile is this game's frozen value function for luck accounting (engine.Game.Value):
// fitted by dragonlab luck-model fit, never changed otherwise.
//
//go:embed value.json
var valueFile []byte

func init() { engine.RegisterRulesText("dragonscales", rulesText) }
