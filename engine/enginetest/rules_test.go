package enginetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The RULES.md check finds shared/rules in an ancestor, fails on any difference and is
// skipped where no ancestor has it.
func TestCompareRulesCopy(t *testing.T) {
	root := t.TempDir()
	pkg := filepath.Join(root, "repo", "engine", "toy")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(pkg, "RULES.md"), "# Toy\n- TY-1 one rule\n")
	if found, err := compareRulesCopy(pkg, "toy"); found || err != nil {
		t.Fatalf("no shared directory: found %v, err %v; want a skip", found, err)
	}
	write(filepath.Join(root, "shared", "rules", "toy.md"), "# Toy\n- TY-1 one rule\n")
	if found, err := compareRulesCopy(pkg, "toy"); !found || err != nil {
		t.Fatalf("same text: found %v, err %v", found, err)
	}
	write(filepath.Join(root, "shared", "rules", "toy.md"), "# Toy\n- TY-1 one rule, changed\n")
	if _, err := compareRulesCopy(pkg, "toy"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("a changed spec is not reported: %v", err)
	}
}
