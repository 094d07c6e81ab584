package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"dragonlab/engine"
	"dragonlab/sim/play"
)

// startPlay runs play in a child process in dir, its stdin a pipe the test writes to.
func startPlay(t *testing.T, dir string, args ...string) (*exec.Cmd, io.WriteCloser, *strings.Builder) {
	t.Helper()
	cmd := child(append([]string{"play", "--fast", "--hint-agent", "mcts:iters=30"}, args...)...)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, in, &out
}

// waitSteps waits until the save holds at least n decisions.
func waitSteps(t *testing.T, path string, n int) {
	t.Helper()
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		data, _ := os.ReadFile(path)
		if strings.Count(string(data), `"type":"step"`) >= n {
			return
		}
	}
	t.Fatalf("the save %s never held %d decisions", path, n)
}

// Issue 36 (2): kill -9 in the middle of a game leaves its save, every decision taken in
// it, no end line; --resume continues from the last decision.
func TestPlayKilledGameResumes(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.jsonl")
	cmd, in, _ := startPlay(t, dir, "--game", "dragonheart", "--agents", "human,random", "--seed", "5", "--save", save)
	io.WriteString(in, "1\n1\n1\n")
	waitSteps(t, save, 6)
	time.Sleep(100 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	sg, err := play.ReadSavedGame(save)
	if err != nil {
		t.Fatalf("the killed game's save: %v", err)
	}
	if sg.End != nil || len(sg.Actions) < 6 {
		t.Fatalf("the killed game's save holds %d decisions, end %v", len(sg.Actions), sg.End)
	}
	code, out, stderr := playScript(t, []string{"1"}, 100000, "--resume", save)
	if code != 0 || !strings.Contains(out, "Resumed after "+strconv.Itoa(len(sg.Actions))+" decisions") || !strings.Contains(out, "Game over") {
		t.Fatalf("exit %d %s\n%s", code, stderr, tail(out, 10))
	}
}

// Issue 36 (1): SIGTERM and SIGHUP stop a game without showing anything hidden from the
// player's seat (checked against the engine's view of the saved position) and suggest
// --resume.
func TestPlaySignalStopShowsNothingHidden(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		dir := t.TempDir()
		save := filepath.Join(dir, "g.jsonl")
		cmd, in, out := startPlay(t, dir, "--game", "dragonheart", "--agents", "human,random", "--seed", "6", "--save", save)
		io.WriteString(in, "1\n1\n")
		waitSteps(t, save, 4)
		time.Sleep(200 * time.Millisecond)
		cmd.Process.Signal(sig)
		cmd.Wait()
		sg, err := play.ReadSavedGame(save)
		if err != nil || sg.End == nil || sg.End.Finished {
			t.Fatalf("%v: the save: %v", sig, err)
		}
		seatView := play.DescribeView(sg.Final, 0)
		hidden := 0
		for _, l := range strings.Split(play.DescribeView(sg.Final, engine.Omniscient), "\n") {
			if l = strings.TrimSpace(l); l == "" || strings.Contains(seatView, l) {
				continue
			}
			hidden++
			if strings.Contains(out.String(), l) {
				t.Fatalf("%v: the stop shows %q, hidden from seat 0:\n%s", sig, l, tail(out.String(), 20))
			}
		}
		if hidden == 0 || strings.Contains(out.String(), "revealed") || !strings.Contains(out.String(), "dragonlab play --resume") {
			t.Fatalf("%v: %d hidden lines; the stop:\n%s", sig, hidden, tail(out.String(), 20))
		}
	}
}

// Issue 36 (2): two games started at the same moment with the same seed (no --save) leave
// two saves.
func TestPlaySimultaneousGamesLeaveTwoSaves(t *testing.T) {
	dir := t.TempDir()
	var cmds []*exec.Cmd
	for range 2 {
		cmd, in, _ := startPlay(t, dir, "--game", "dragonheart", "--agents", "human,random", "--seed", "998")
		io.WriteString(in, "1\nquit\ny\n")
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		cmd.Wait()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "dragonlab-dragonheart-seed998*.jsonl"))
	if len(files) != 2 {
		t.Fatalf("saves %v, want two", files)
	}
	for _, f := range files {
		if sg, err := play.ReadSavedGame(f); err != nil || len(sg.Actions) < 2 {
			t.Fatalf("%s: %v", f, err)
		}
	}
}
