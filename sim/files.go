package sim

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Every file dragonlab writes (results, checkpoints, reports, charts) goes through
// WriteFileAtomic, and every command checks its output paths with CheckOutput or
// CheckOutputDir before it plays a game, so a bad path costs nothing.
//
// The rules, the same everywhere:
//   - a file is written to a temporary name in its directory and renamed over the target,
//     so a kill never leaves half a file;
//   - it is created with mode 0644 minus the umask (results live in shared project
//     directories; os.CreateTemp would make it 0600);
//   - only a regular file is ever replaced: a directory, device, FIFO or socket at the
//     path is refused (as root, renaming over /dev/full would replace the device node);
//   - a symbolic link is written through: its target is replaced and the link stays.
//     A link to something that is not a regular file, or to nothing, is refused.

// outputTarget resolves the file that writing path would replace: path itself, or the
// target of a symbolic link. It refuses anything that is not a regular file.
func outputTarget(path string) (string, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, nil
	}
	if err != nil {
		return "", fmt.Errorf("cannot write %s: %v", path, err)
	}
	target := path
	if fi.Mode()&fs.ModeSymlink != 0 {
		resolved, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", fmt.Errorf("cannot write %s: it is a symbolic link to a file that does not exist (%v)", path, unwrapPath(err))
		}
		if fi, err = os.Stat(resolved); err != nil {
			return "", fmt.Errorf("cannot write %s: %v", path, err)
		}
		target = resolved
	}
	if err := regular(path, fi); err != nil {
		return "", err
	}
	return target, nil
}

// regular refuses a file that is not a regular file, saying what it is.
func regular(path string, fi fs.FileInfo) error {
	m := fi.Mode()
	what := ""
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		what = "a device"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	default:
		what = "not a regular file"
	}
	return fmt.Errorf("cannot write %s: it is %s; dragonlab only replaces regular files", path, what)
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// CheckOutput fails, before any work, if WriteFileAtomic could not write path: a
// non-regular file or a dangling link is there, or its directory is missing or not
// writable. "" (no output) passes.
func CheckOutput(path string) error {
	if path == "" {
		return nil
	}
	target, err := outputTarget(path)
	if err != nil {
		return err
	}
	f, name, err := createTemp(filepath.Dir(target), ".dragonlab-check")
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	}
	f.Close()
	return os.Remove(name)
}

// CheckOutputDir fails, before any work, if dir cannot hold output files: something
// other than a directory is there, or it cannot be created or written. It creates
// nothing (a report directory is made only once everything rendered).
func CheckOutputDir(dir string) error {
	if dir == "" {
		return fmt.Errorf("the output directory name is empty")
	}
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return fmt.Errorf("cannot write into %s: it is not a directory", dir)
	case err == nil:
		return CheckOutput(filepath.Join(dir, ".dragonlab-check"))
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot write into %s: %v", dir, unwrapPath(err))
	}
	// Missing: its closest existing ancestor must be a writable directory.
	parent := filepath.Dir(dir)
	for parent != dir {
		fi, err := os.Stat(parent)
		if err == nil {
			if !fi.IsDir() {
				return fmt.Errorf("cannot create %s: %s is not a directory", dir, parent)
			}
			return CheckOutput(filepath.Join(parent, ".dragonlab-check"))
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot create %s: %v", dir, unwrapPath(err))
		}
		dir, parent = parent, filepath.Dir(parent)
	}
	return nil
}

// createTemp creates a new file next to the target with mode 0644 (minus the umask,
// which the kernel applies), unlike os.CreateTemp's 0600.
func createTemp(dir, prefix string) (*os.File, string, error) {
	for range 100 {
		var b [8]byte
		rand.Read(b[:])
		name := filepath.Join(dir, prefix+"-"+hex.EncodeToString(b[:])+".tmp")
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
	return nil, "", fmt.Errorf("cannot create a temporary file in %s", dir)
}

// WriteFileAtomic writes data to path through a temporary file in the same directory,
// synced and then renamed, with the rules above (mode 0644 minus umask, regular files
// only, symbolic links written through).
func WriteFileAtomic(path string, data []byte) error {
	target, err := outputTarget(path)
	if err != nil {
		return err
	}
	tmp, name, err := createTemp(filepath.Dir(target), "."+filepath.Base(target))
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(name) // a no-op after the rename
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync() // the rename must not publish a file whose data is not on disk
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, target)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
