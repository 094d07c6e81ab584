package sim

import (
	"runtime"
	"syscall"
	"testing"
)

// threadCPU is the CPU time of the calling OS thread (RUSAGE_THREAD): on a shared, busy
// machine it measures the work done, where wall time also counts the waits for a core.
func threadCPU() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// cpuLoop runs body b.N times on a locked thread and reports CPU ns per unit of work.
func cpuLoop(b *testing.B, body func(i int), work func() int64, unit string) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w0 := work()
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		body(i)
	}
	c := threadCPU() - c0
	b.StopTimer()
	if d := work() - w0; d > 0 {
		b.ReportMetric(float64(c)/float64(d), "cpu-ns/"+unit)
	}
}
