package draco

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// RULES.md is the exact text of shared/rules/draco.md (skipped where that directory is not
// beside the checkout), and it is what the package embeds.
func TestRulesCopyMatchesSharedSpec(t *testing.T) {
	if engine.RulesText("draco") != rulesText || rulesText == "" {
		t.Fatal("the embedded specification is not registered")
	}
	enginetest.CheckRulesCopy(t, "draco")
}
