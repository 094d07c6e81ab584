//go:build unix

package sim

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func umask() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

// Files are created with 0644 minus the umask; only regular files are replaced;
// symbolic links are written through.
func TestWriteFileAtomicModesAndTargets(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.json")
	if err := WriteFileAtomic(path, []byte("x")); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := st.Mode().Perm(); mode != 0o644&^umask() {
		t.Fatalf("mode %v, want %v", mode, os.FileMode(0o644&^umask()))
	}
	// Through a symbolic link: the target changes, the link stays.
	target := filepath.Join(dir, "target.json")
	os.WriteFile(target, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := CheckOutput(link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(target); string(data) != "new" {
		t.Fatalf("the link's target holds %q", data)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the symbolic link was replaced")
	}
	// Refused up front and at write time: a directory, a FIFO, a device, a dangling link,
	// a link to a directory, a missing directory.
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.json")
	os.Symlink(filepath.Join(dir, "nowhere.json"), dangling)
	dirLink := filepath.Join(dir, "dirlink")
	os.Symlink(dir, dirLink)
	targets := map[string]string{
		"directory":         dir,
		"fifo":              fifo,
		"dangling link":     dangling,
		"link to directory": dirLink,
		"missing directory": filepath.Join(dir, "none", "r.json"),
	}
	// A device node of our own (the numbers of /dev/full), not a system one: if this test
	// ever failed it must not replace a real device.
	dev := filepath.Join(dir, "full")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err == nil {
		targets["device"] = dev
	} else {
		t.Logf("no device node test: %v", err)
	}
	for name, p := range targets {
		if err := CheckOutput(p); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: CheckOutput(%s) = %v", name, p, err)
		}
		if err := WriteFileAtomic(p, []byte("x")); err == nil {
			t.Errorf("%s: written", name)
		}
	}
	if fi, err := os.Lstat(dev); targets["device"] != "" && (err != nil || fi.Mode()&os.ModeDevice == 0) {
		t.Fatal("the device node was replaced")
	}
	if err := CheckOutputDir(path); err == nil {
		t.Error("a file accepted as an output directory")
	}
	if err := CheckOutputDir(filepath.Join(dir, "new", "sub")); err != nil {
		t.Errorf("a directory to create refused: %v", err)
	}
	if err := CheckOutputDir(filepath.Join(path, "sub")); err == nil {
		t.Error("a directory under a file accepted")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp"))
	if len(left) > 0 {
		t.Fatalf("temporary files left behind: %v", left)
	}
}
