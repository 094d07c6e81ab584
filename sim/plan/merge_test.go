package plan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/sim"
)

// playShards plays shard k/n of p into dir, for each k in ks.
func playShards(t *testing.T, p *Plan, dir string, n int, ks ...int) {
	t.Helper()
	for _, k := range ks {
		out, err := Execute(context.Background(), p, Options{Dir: dir, Shard: sim.Shard{Index: k, Count: n}, Workers: 1})
		if err != nil || !out.Complete {
			t.Fatalf("shard %d/%d: %v", k, n, err)
		}
	}
}

// Issue 27, item 10: a part that is a symbolic link (gathered from elsewhere) is followed,
// not reported as a missing shard; a link that leads nowhere is named as such.
func TestMergeFollowsASymlinkedPart(t *testing.T) {
	p := testPlan(t)
	dir, elsewhere := t.TempDir(), t.TempDir()
	playShards(t, p, dir, 2, 0, 1)
	part := p.PartPath(dir, 0, sim.Shard{Index: 1, Count: 2})
	moved := filepath.Join(elsewhere, filepath.Base(part))
	if err := os.Rename(part, moved); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(moved, part); err != nil {
		t.Fatal(err)
	}
	_, m, err := MergeDir(dir, false)
	if err != nil || !m.Complete || m.Parts != 2*len(p.Runs) {
		t.Fatalf("merge with a symlinked part: %v %+v", err, m)
	}
	os.Remove(moved)
	_, _, err = MergeDir(dir, false)
	if err == nil || !strings.Contains(err.Error(), "symbolic link") || strings.Contains(err.Error(), "missing") {
		t.Fatalf("merge with a broken link: %v", err)
	}
}

// Issue 27, "also": the shards of one plan played into several directories (one per node)
// merge from all of them at once, into the first, exactly as the whole plan; directories
// of different plans, a directory given twice and a shard present twice are refused.
func TestMergeDirsGathersTheShardsOfOnePlan(t *testing.T) {
	p := testPlan(t)
	whole := t.TempDir()
	if _, err := Execute(context.Background(), p, Options{Dir: whole, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	d := []string{t.TempDir(), t.TempDir(), t.TempDir()}
	for k := range d {
		playShards(t, p, d[k], 3, k)
	}
	q, m, err := MergeDirs(d, false)
	if err != nil || !m.Complete || m.Shards != 3 {
		t.Fatalf("merge of three directories: %v %+v", err, m)
	}
	for i := range q.Runs {
		if a, b := stripRun(t, p.ResultPath(whole, i)), stripRun(t, p.ResultPath(d[0], i)); a != b {
			t.Errorf("run %s: merged from three directories differs from the whole run", q.Runs[i].Name)
		}
	}
	// Another plan (other options) in one of the directories.
	other := testPlan(t)
	other.Runs[0].Seed++
	od := t.TempDir()
	if _, err := Execute(context.Background(), other, Options{Dir: od, Shard: sim.Shard{Index: 0, Count: 3}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dirs []string
		want string
	}{
		{[]string{d[0], od}, "different plans"},
		{[]string{d[0], d[1], d[1] + "/."}, "given twice"},
	} {
		if _, _, err := MergeDirs(c.dirs, false); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.dirs, err, c.want)
		}
	}
	playShards(t, p, d[1], 3, 2) // shard 2/3 now in d[1] and d[2]
	if _, _, err := MergeDirs(d, false); err == nil || !strings.Contains(err.Error(), "two directories") {
		t.Errorf("a shard in two directories: %v", err)
	}
}
