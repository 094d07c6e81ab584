package engine

import "sync"

// The specification of each game travels with its package (engine/<game>/RULES.md,
// embedded with go:embed): tools show the rules a choice depends on without the shared
// rules directory beside the checkout.
var (
	rulesMu   sync.RWMutex
	rulesText = map[string]string{}
)

// RegisterRulesText records the text of a game's specification (its RULES.md); each game
// package calls it once from init.
func RegisterRulesText(game, text string) {
	rulesMu.Lock()
	defer rulesMu.Unlock()
	rulesText[game] = text
}

// RulesText returns the specification of a registered game ("" if it has none).
func RulesText(game string) string {
	rulesMu.RLock()
	defer rulesMu.RUnlock()
	return rulesText[game]
}

// RulesPath is where a game's specification lives in the source tree.
func RulesPath(game string) string { return "engine/" + game + "/RULES.md" }
