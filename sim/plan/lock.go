package plan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"dragonlab/sim"
)

// One writer per output directory. Two processes writing into one directory would
// overwrite each other's checkpoints and results (and one would die on the other's
// temporary file), so every writer — a whole plan, a merge, a settle, a tune — holds the
// directory's lock while it writes, and a second writer is refused in one line naming the
// holder. The shards of one plan write disjoint parts into one directory at the same
// time, so a shard holds the directory's lock shared (with the other shards; never with
// a whole writer) and its own shard's lock exclusively (never two copies of one shard).
//
// The lock is an flock(2) on a lock file in the directory, not a file created with
// O_EXCL: the kernel releases it when its process ends however it ends (killed,
// out of memory, the machine's task preempted), so a stale lock from a dead process never
// blocks, and nothing has to guess whether a recorded process is still alive (a PID may
// be reused, or belong to another machine of a cluster). The file holds the holder's PID,
// host and command, only to name it; its content is never trusted for the lock itself.

// LockFile is the lock file of an output directory.
const LockFile = ".dragonlab.lock"

// Lock is a writer's hold on an output directory.
type Lock struct{ files []*os.File }

// Release lets the directory go (the lock files stay: removing one could let two writers
// lock two different files of the same name).
func (l *Lock) Release() {
	if l == nil {
		return
	}
	for _, f := range l.files {
		f.Close()
	}
	l.files = nil
}

// shardLockFile is shard sh's own lock file.
func shardLockFile(sh sim.Shard) string {
	return fmt.Sprintf(".dragonlab-shard-%d-of-%d.lock", sh.Index, sh.Count)
}

// LockDir takes dir (which must exist) for a writer: exclusively, or for a shard (Count > 0)
// shared with the other shards and its own shard exclusively. A directory held by another
// writer, or that cannot be written, is bad input (InputError) naming why.
func LockDir(dir string, sh sim.Shard) (*Lock, error) {
	if err := sim.CheckOutput(filepath.Join(dir, LockFile)); err != nil {
		return nil, InputError{err}
	}
	l := &Lock{}
	if err := l.take(dir, LockFile, sh.Count == 0); err != nil {
		return nil, err
	}
	if sh.Count > 0 {
		if err := l.take(dir, shardLockFile(sh), true); err != nil {
			l.Release()
			return nil, err
		}
	}
	return l, nil
}

// take locks dir/name (exclusive or shared), recording this process in it when exclusive.
func (l *Lock) take(dir, name string, exclusive bool) error {
	path := filepath.Join(dir, name)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return InputError{fmt.Errorf("cannot write %s: %v", dir, err)}
	}
	if err := flock(f, exclusive); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return InputError{fmt.Errorf("%s is being written by another dragonlab (%s): wait for it to end, or choose another output directory", dir, holders(dir, name))}
		}
		return InputError{fmt.Errorf("cannot lock %s: %v", path, err)}
	}
	if exclusive {
		host, _ := os.Hostname()
		f.Truncate(0)
		f.WriteAt([]byte(fmt.Sprintf("pid %d on %s: %s\n", os.Getpid(), host, strings.Join(os.Args, " "))), 0)
	}
	l.files = append(l.files, f)
	return nil
}

// holders names the processes that hold the locks of dir that name conflicts with: the
// writers recorded in the lock files held exclusively (a shard's own lock: its copy; the
// directory's: a whole writer, or every shard writing).
func holders(dir, name string) string {
	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		n := e.Name()
		if n != LockFile && !(name == LockFile && strings.HasPrefix(n, ".dragonlab-shard-") && strings.HasSuffix(n, ".lock")) && n != name {
			continue
		}
		path := filepath.Join(dir, n)
		if !heldExclusively(path) {
			continue
		}
		data, _ := os.ReadFile(path)
		if s := sim.Printable(strings.TrimSpace(string(data))); s != "" {
			names = append(names, s)
		}
	}
	if len(names) == 0 {
		return "a process that has not said which"
	}
	return strings.Join(names, "; ")
}

// heldExclusively reports whether another process holds path exclusively (a shared lock
// of it cannot be taken).
func heldExclusively(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return errors.Is(flock(f, false), errLocked)
}
