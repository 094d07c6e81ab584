package plan

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"dragonlab/sim"
)

// IsDir reports whether dir is the output directory of a plan (it holds plan.json).
func IsDir(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, FileName))
	return err == nil && st.Mode().IsRegular()
}

// ReadDir reads the plan of an output directory.
func ReadDir(dir string) (*Plan, error) {
	file := filepath.Join(dir, FileName)
	if _, err := os.Stat(file); err != nil {
		return nil, inputErr("%s is not the output directory of a plan: no %s", dir, FileName)
	}
	p, err := Read(file)
	if err != nil {
		return nil, InputError{err}
	}
	return p, nil
}

// Merged is the outcome of MergeDir.
type Merged struct {
	// Results holds every run's results, merged exactly from its parts (or, for a run
	// without parts, the whole run's results file); nil for a run with nothing to merge
	// (only with partial).
	Results []*sim.Result
	// Complete is false when a part is missing or interrupted (only with partial).
	Complete bool
	// Shards is the shard count of the parts (0 when there are none or they differ).
	Shards int
	// Parts counts the part files merged.
	Parts int
}

var partRE = regexp.MustCompile(`^(.+)\.shard-(\d+)-of-(\d+)\.json$`)

type partFile struct {
	shard sim.Shard
	path  string
}

// MergeDir merges, for every run of the plan in dir, the parts that shards wrote into
// dir/parts into the run's results file (where a single-machine run writes it), exactly as
// the whole run would have given them. It checks every part against its run first and
// writes nothing unless every run merges: missing or interrupted shards are named (with
// the --shard to run again), unless partial, which merges what there is and marks it
// incomplete. A run without parts keeps the results a whole run wrote. A part may be a
// symbolic link to the file (parts gathered from elsewhere); it is followed.
func MergeDir(dir string, partial bool) (*Plan, *Merged, error) {
	return MergeDirs([]string{dir}, partial)
}

// MergeDirs is MergeDir over several output directories of one plan — the shards of a
// cluster job that each wrote into a directory of its own node, copied back — taking the
// parts of every directory: the merged results (and then the report) go into the first
// one. Every directory must hold the same plan.json (the same experiment, flags and
// dragonlab version), and a shard of a run may be in only one of them.
func MergeDirs(dirs []string, partial bool) (*Plan, *Merged, error) {
	if len(dirs) == 0 {
		return nil, nil, inputErr("no directory to merge")
	}
	dir := dirs[0]
	p, err := ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	for k, d := range dirs[1:] {
		q, err := ReadDir(d)
		if err != nil {
			return nil, nil, err
		}
		if !Same(q, p) {
			return nil, nil, inputErr("%s and %s hold different plans (%s; %s): merge takes the directories of the shards of one plan — run each with the same command and --shard i/n, or copy every shard's %s/ into one directory and merge that", dir, d, p.describe(), q.describe(), PartsDir)
		}
		for _, e := range dirs[:k+1] {
			if sameDir(e, d) {
				return nil, nil, inputErr("%s is given twice (as %s and %s)", d, e, d)
			}
		}
	}
	parts := make([][]partFile, len(p.Runs))
	counts := map[int]bool{}
	m := &Merged{Results: make([]*sim.Result, len(p.Runs)), Complete: true}
	from := map[string]string{} // run and shard → the part file
	for _, d := range dirs {
		found, err := partsIn(p, d)
		if err != nil {
			return nil, nil, err
		}
		for i, pfs := range found {
			for _, pf := range pfs {
				key := p.Runs[i].Name + " " + pf.shard.String()
				if other, dup := from[key]; dup {
					return nil, nil, inputErr("shard %s of run %s is in two directories (%s and %s): keep one", pf.shard, p.Runs[i].Name, other, pf.path)
				}
				from[key] = pf.path
				parts[i] = append(parts[i], pf)
				counts[pf.shard.Count] = true
				m.Parts++
			}
		}
	}
	if len(counts) == 1 {
		for n := range counts {
			m.Shards = n
		}
	}
	missing := map[int][]string{}    // shard index → runs
	incomplete := map[int][]string{} // shard index → runs
	var problems []string
	for i := range p.Runs {
		r := &p.Runs[i]
		cfg, err := p.Config(i, 0)
		if err != nil {
			return nil, nil, InputError{err}
		}
		if len(parts[i]) == 0 {
			// No parts: the results of a whole run, if it finished.
			if prev, err := sim.ReadResult(p.ResultPath(dir, i)); err == nil && sameRun(prev, cfg) && (prev.Complete || partial) {
				m.Results[i] = prev
				m.Complete = m.Complete && prev.Complete
				continue
			}
			if m.Shards > 0 {
				for k := 0; k < m.Shards; k++ {
					if _, n := (sim.Shard{Index: k, Count: m.Shards}).Range(r.Units); n > 0 {
						missing[k] = append(missing[k], r.Name)
					}
				}
			} else {
				problems = append(problems, fmt.Sprintf("run %s has neither parts nor finished results", r.Name))
			}
			m.Complete = false
			continue
		}
		sort.Slice(parts[i], func(a, b int) bool {
			pa, pb := parts[i][a].shard, parts[i][b].shard
			return pa.Count < pb.Count || pa.Count == pb.Count && pa.Index < pb.Index
		})
		var rs []*sim.Result
		have := map[int]bool{}
		for _, pf := range parts[i] {
			res, err := sim.ReadResult(pf.path)
			if err != nil {
				return nil, nil, InputError{err}
			}
			want := cfg
			want.Shard, want.TotalUnits = pf.shard, r.Units
			want.First, want.Units = pf.shard.Range(r.Units)
			if !sameRun(res, want) {
				return nil, nil, inputErr("%s is not shard %s of run %s of this plan", pf.path, pf.shard, r.Name)
			}
			if !res.Complete && m.Shards > 0 {
				incomplete[pf.shard.Index] = append(incomplete[pf.shard.Index], r.Name)
			}
			have[pf.shard.Index] = true
			rs = append(rs, res)
		}
		if m.Shards > 0 {
			for k := 0; k < m.Shards; k++ {
				if _, n := (sim.Shard{Index: k, Count: m.Shards}).Range(r.Units); n > 0 && !have[k] {
					missing[k] = append(missing[k], r.Name)
				}
			}
		}
		if (len(missing) > 0 || len(incomplete) > 0) && !partial {
			continue // reported together below
		}
		merged, err := sim.Merge(rs, partial)
		if err != nil {
			problems = append(problems, fmt.Sprintf("run %s: %v", r.Name, err))
			continue
		}
		merged.Run = mergedRunInfo(merged, rs)
		m.Results[i] = merged
		m.Complete = m.Complete && merged.Complete
	}
	if !partial {
		if msg := shardProblems(missing, incomplete, m.Shards); msg != "" {
			problems = append([]string{msg}, problems...)
		}
	}
	if len(problems) > 0 {
		return p, nil, inputErr("cannot merge %s: %s", strings.Join(dirs, ", "), strings.Join(problems, "; "))
	}
	if m.Parts == 0 && allNil(m.Results) {
		return p, nil, inputErr("nothing to merge in %s: no parts and no finished results", strings.Join(dirs, ", "))
	}
	// Everything merged: now write.
	if p.Results != "" {
		if err := os.MkdirAll(filepath.Join(dir, p.Results), 0o755); err != nil {
			return p, nil, fmt.Errorf("create %s: %w", filepath.Join(dir, p.Results), err)
		}
	}
	for i, r := range m.Results {
		if r == nil || len(parts[i]) == 0 {
			continue
		}
		if err := r.WriteFile(p.ResultPath(dir, i)); err != nil {
			return p, nil, err
		}
	}
	return p, m, nil
}

// partsIn lists, by run of p, the shard parts in dir/parts. Checkpoints and temporary
// files are skipped; a symbolic link is followed, and one that leads nowhere (or anything
// but a regular file under a part's name) is an error rather than a "missing" shard.
func partsIn(p *Plan, dir string) ([][]partFile, error) {
	parts := make([][]partFile, len(p.Runs))
	entries, err := os.ReadDir(filepath.Join(dir, PartsDir))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, inputErr("read %s: %v", filepath.Join(dir, PartsDir), err)
	}
	for _, e := range entries {
		name := e.Name()
		sm := partRE.FindStringSubmatch(name)
		if sm == nil || strings.HasPrefix(name, ".") {
			continue // checkpoints, temporary files
		}
		path := filepath.Join(dir, PartsDir, name)
		if !e.Type().IsRegular() {
			st, err := os.Stat(path)
			switch {
			case err != nil && e.Type()&fs.ModeSymlink != 0:
				target, _ := os.Readlink(path)
				return nil, inputErr("%s is a symbolic link to %s, which cannot be read (%v): copy the part there, or fix the link", path, target, errors.Unwrap(err))
			case err != nil:
				return nil, inputErr("%s: %v", path, err)
			case !st.Mode().IsRegular():
				return nil, inputErr("%s is not a results file (%s)", path, describeMode(st.Mode()))
			}
		}
		i := p.Index(sm[1])
		if i < 0 {
			return nil, inputErr("%s is not a part of this plan (no run %s)", path, sm[1])
		}
		idx, err1 := strconv.Atoi(sm[2])
		n, err2 := strconv.Atoi(sm[3])
		if err1 != nil || err2 != nil || n < 1 || idx >= n {
			return nil, inputErr("%s: malformed shard in the file name", path)
		}
		parts[i] = append(parts[i], partFile{sim.Shard{Index: idx, Count: n}, path})
	}
	return parts, nil
}

// describeMode names a kind of file that is not a regular one.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

// sameDir reports whether two paths name the same directory.
func sameDir(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

func allNil(rs []*sim.Result) bool {
	for _, r := range rs {
		if r != nil {
			return false
		}
	}
	return true
}

// shardProblems says which shards are missing or interrupted, and what to run.
func shardProblems(missing, incomplete map[int][]string, n int) string {
	var msgs []string
	for _, what := range []struct {
		m         map[int][]string
		verb, run string
	}{{missing, "missing", "run it"}, {incomplete, "interrupted", "run it again (it resumes from its checkpoint)"}} {
		var idx []int
		for k := range what.m {
			idx = append(idx, k)
		}
		sort.Ints(idx)
		for _, k := range idx {
			runs := what.m[k]
			which := runs[0]
			if len(runs) > 1 {
				which = fmt.Sprintf("%d runs, e.g. %s", len(runs), runs[0])
			}
			msgs = append(msgs, fmt.Sprintf("shard %d/%d is %s (%s): %s with --shard %d/%d", k, n, what.verb, which, what.run, k, n))
		}
	}
	if len(msgs) == 0 {
		return ""
	}
	return strings.Join(msgs, "; ") + " (or merge with --partial, marked incomplete)"
}
