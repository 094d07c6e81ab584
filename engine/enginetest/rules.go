package enginetest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// CheckRulesCopy checks that the game package's RULES.md (in the current directory, the
// package's when run by go test) is byte for byte the specification in shared/rules/<game>.md.
// The shared directory is found by walking up from the package to the first directory that
// contains shared/rules; where there is none (a checkout on its own) the check is skipped.
func CheckRulesCopy(t *testing.T, game string) {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	found, err := compareRulesCopy(dir, game)
	if err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Skip("no shared/rules directory above the package: nothing to compare RULES.md with")
	}
}

// compareRulesCopy compares dir/RULES.md with shared/rules/<game>.md in dir or its nearest
// ancestor that has shared/rules; found is false when no ancestor has it.
func compareRulesCopy(dir, game string) (found bool, err error) {
	local, err := os.ReadFile(filepath.Join(dir, "RULES.md"))
	if err != nil {
		return false, fmt.Errorf("the package has no RULES.md: %w", err)
	}
	for {
		if st, err := os.Stat(filepath.Join(dir, "shared", "rules")); err == nil && st.IsDir() {
			spec := filepath.Join(dir, "shared", "rules", game+".md")
			want, err := os.ReadFile(spec)
			if err != nil {
				return true, err
			}
			if !bytes.Equal(local, want) {
				return true, fmt.Errorf("RULES.md differs from %s: copy it again (cp %s RULES.md)\n%s", spec, spec, firstDiff(string(want), string(local)))
			}
			return true, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false, nil
		}
		dir = parent
	}
}
