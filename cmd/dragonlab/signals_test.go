package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"dragonlab/sim"
)

// TestMainProcess runs dragonlab's realMain in a child process, as the real binary does:
// with the signal handling of main (SIGPIPE ignored), which execute alone does not set up.
func TestMainProcess(t *testing.T) {
	if os.Getenv("DRAGONLAB_MAIN") != "1" {
		t.Skip("only as a child process")
	}
	os.Exit(realMain(strings.Split(os.Getenv("DRAGONLAB_ARGS"), "\x1f")))
}

// child prepares dragonlab args in a child process (see TestMainProcess).
func child(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestMainProcess$")
	cmd.Env = append(os.Environ(), "DRAGONLAB_MAIN=1", "DRAGONLAB_ARGS="+strings.Join(args, "\x1f"))
	return cmd
}

// closedPipe returns the write end of a pipe whose read end is already closed: every
// write to it fails with EPIPE (and raises SIGPIPE), like `dragonlab … | true`.
func closedPipe(t *testing.T) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	t.Cleanup(func() { w.Close() })
	return w
}

// exitCode is the child's exit status, or -1 when a signal killed it (which the test
// reports by name).
func exitCode(t *testing.T, err error) int {
	t.Helper()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			t.Errorf("killed by %v", ws.Signal())
			return -1
		}
		return exit.ExitCode()
	}
	t.Fatal(err)
	return -1
}

// Issue 27, item 1: `dragonlab run … | true` — stdout closed by its reader — still writes
// the results file and exits normally; the printing just stops.
func TestClosedStdoutStillWritesResults(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t.json")
	cmd := child("run", "--games", "3000", "-w", "1", "-q", "--out", out)
	cmd.Stdout = closedPipe(t)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if code := exitCode(t, cmd.Run()); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	r, err := sim.ReadResult(out)
	if err != nil {
		t.Fatalf("no results after a closed stdout: %v", err)
	}
	if !r.Complete || r.Games != 3000 {
		t.Fatalf("results: complete %v, %d games", r.Complete, r.Games)
	}
}

// With both stdout and stderr closed (progress lines go to stderr), an experiment still
// plays and writes its results and report.
func TestClosedStdoutAndStderrStillWriteTheReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	cmd := child("tournament", "--game", "dragonheart", "--agents", "random,greedy", "--games", "40", "-w", "1", "--out", dir)
	cmd.Stdout, cmd.Stderr = closedPipe(t), closedPipe(t)
	if code := exitCode(t, cmd.Run()); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, f := range []string{"plan.json", "summary.json", "report.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("closed stdout and stderr: %v", err)
		}
	}
}

// A hang-up (SIGHUP: the terminal or the ssh session went away) stops an experiment like
// Ctrl-C: exit 130, the finished runs kept, the run in progress written (incomplete) with
// a checkpoint of the same games, so that running the command again resumes it.
func TestSIGHUPKeepsFinishedRunsAndCheckpoints(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	args := []string{"tournament", "--game", "dragonheart", "--agents", "random,greedy,mcts:iters=30", "--games", "4000", "-w", "1", "-q",
		"--checkpoint-every", "1ns", "--out", dir}
	cmd := child(args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the first run is finished and the second has a checkpoint.
	var first string
	var ckpts []string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		done, _ := filepath.Glob(filepath.Join(dir, "pair-1-*-vs-2-*.json"))
		ckpts, _ = filepath.Glob(filepath.Join(dir, "parts", "pair-1-*-vs-3-*.ckpt.json"))
		if len(done) == 1 && len(ckpts) == 1 {
			first = done[0]
			break
		}
	}
	if first == "" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no finished run and checkpoint within a minute; stderr %q", stderr.String())
	}
	cmd.Process.Signal(syscall.SIGHUP)
	if code := exitCode(t, cmd.Wait()); code != exitInterrupted {
		t.Fatalf("SIGHUP: exit %d, want %d; stderr %q", code, exitInterrupted, stderr.String())
	}
	if r, err := sim.ReadResult(first); err != nil || !r.Complete {
		t.Fatalf("the run finished before the hang-up is lost: %v", err)
	}
	part := strings.TrimSuffix(filepath.Join(dir, filepath.Base(ckpts[0])), ".ckpt.json") + ".json"
	r, err := sim.ReadResult(part)
	if err != nil {
		t.Fatalf("the run in progress is not written: %v", err)
	}
	c, err := sim.ReadResult(ckpts[0])
	if err != nil {
		t.Fatalf("the checkpoint of the run in progress is lost: %v", err)
	}
	if r.Complete || c.Games != r.Games {
		t.Fatalf("interrupted run: complete %v, %d games; its checkpoint %d games", r.Complete, r.Games, c.Games)
	}
}

// Issue 27, item 3: SIGINT and SIGTERM stop a run within a second even inside one search
// decision of 100,000,000 iterations, and write the results (here: no finished game).
func TestSignalStopsALongDecision(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		out := filepath.Join(t.TempDir(), "t.json")
		cmd := child("run", "--agents", "mcts:iters=100000000,random", "--games", "2", "-w", "1", "--out", out)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second) // well inside the first decision
		sent := time.Now()
		cmd.Process.Signal(sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatalf("%v: still running 20 s after the signal", sig)
		}
		took := time.Since(sent)
		if code := exitCode(t, err); code != exitInterrupted {
			t.Fatalf("%v: exit %d, stderr %q", sig, code, stderr.String())
		}
		if took > 3*time.Second { // a second, with room for a loaded machine
			t.Errorf("%v: the run ended %v after the signal", sig, took)
		}
		t.Logf("%v: stopped %v after the signal", sig, took.Round(time.Millisecond))
		r, err := sim.ReadResult(out)
		if err != nil {
			t.Fatal(err)
		}
		if r.Complete || r.Games != 0 {
			t.Fatalf("%v: results complete %v with %d games, want the interrupted run with none", sig, r.Complete, r.Games)
		}
	}
}
