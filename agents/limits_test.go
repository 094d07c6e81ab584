package agents

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// nested wraps random in depth levels of noisy:base=(…).
func nested(depth int) string {
	return strings.Repeat("noisy:base=(", depth) + "noisy:base=random" + strings.Repeat(")", depth)
}

// Unbounded inputs: specs nest at most MaxNesting levels; deeper ones are refused with a
// message that says so, from a spec or from a list of specs.
func TestSpecNestingIsLimited(t *testing.T) {
	if _, err := Parse(nested(MaxNesting)); err != nil {
		t.Fatalf("a spec nested %d deep: %v", MaxNesting, err)
	}
	for _, parse := range []func(string) error{
		func(s string) error { _, err := Parse(s); return err },
		func(s string) error { _, err := ParseList(s + ",random"); return err },
	} {
		err := parse(nested(MaxNesting + 1))
		if err == nil || !strings.Contains(err.Error(), "more than 16 levels deep") {
			t.Fatalf("a spec nested %d deep: %v", MaxNesting+1, err)
		}
	}
}

// allocated is the memory f allocates, and how long it takes.
func allocated(f func()) (uint64, time.Duration) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, took
}

// Parsing is linear in the spec's length: a spec nested thousands of levels deep (26 kB
// at depth 2000 took 0.7 s and 170 MB before) and a spec of megabytes at the deepest
// allowed nesting cost a few times their size, and their error messages stay short.
func TestSpecParsingIsLinear(t *testing.T) {
	long := strings.Repeat("9", 4<<20)
	for _, c := range []struct{ what, spec string }{
		{"2000 levels deep", nested(2000)},
		{"200000 levels deep", nested(200000)},
		{"a 4 MB option at the deepest nesting", strings.Replace(nested(MaxNesting), "noisy:base=random", "mcts:iters="+long, 1)},
		{"a 4 MB kind at the deepest nesting", strings.Replace(nested(MaxNesting), "noisy:base=random", long, 1)},
	} {
		var err error
		bytes, took := allocated(func() { _, err = ParseList(c.spec + ",random") })
		if err == nil {
			t.Fatalf("%s: accepted", c.what)
		}
		if limit := uint64(8*len(c.spec)) + 1<<20; bytes > limit || took > 20*time.Second { // bytes is the exact check; the clock is loose so a loaded machine passes
			t.Errorf("%s (%d bytes): parsing allocated %d bytes in %v", c.what, len(c.spec), bytes, took)
		}
		if n := len(err.Error()); n > 8<<10 {
			t.Errorf("%s: an error message of %d bytes", c.what, n)
		}
	}
}

// FuzzParse: any text given as agents (a flag, a plan or design file) parses without a
// panic, within the nesting limit, and an accepted spec's canonical form parses to itself.
func FuzzParse(f *testing.F) {
	for _, s := range append(fairSpecs, "oracle:iters=50", "restrict:base=(mcts:iters=20),forbid=a+b",
		"noisy:base=(softmax:base=(greedy:samples=2),t=0.5),eps=0.2", nested(MaxNesting), nested(MaxNesting+1),
		"mcts:iters=100,c=1,random", "noisy:base=(mcts:iters=200,c=1),eps=0.2,greedy", "((", "a:b=(c:d=(e)),f") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		fs, err := ParseList(list)
		if err != nil {
			return
		}
		for _, fa := range fs {
			g, err := Parse(fa.Spec)
			if err != nil || g.Spec != fa.Spec {
				t.Fatalf("canonical %q parses to %q, %v", fa.Spec, g.Spec, err)
			}
			if strings.Count(fa.Spec, "(") > 0 && balanced(fa.Spec) != nil {
				t.Fatalf("canonical %q is not balanced within the limit", fa.Spec)
			}
		}
	})
}

// The limit holds for the canonical form too, which files store: a bare base with
// options (greedy) is put in parentheses when spelled out, one level deeper.
func TestCanonicalSpecStaysWithinTheNestingLimit(t *testing.T) {
	deep := strings.Replace(nested(MaxNesting), "noisy:base=random", "noisy:base=greedy", 1)
	if _, err := Parse(deep); err == nil || !strings.Contains(err.Error(), "spelled out") {
		t.Fatalf("a spec whose canonical form nests %d deep: %v", MaxNesting+1, err)
	}
	ok := strings.Replace(nested(MaxNesting-1), "noisy:base=random", "noisy:base=greedy", 1)
	f, err := Parse(ok)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(f.Spec); err != nil {
		t.Fatalf("the canonical form does not parse again: %v", err)
	}
}
