//go:build unix

package experiment

import "syscall"

// cpuTimeAvailable says whether cpuSeconds measures (CPU-time budgets of tune).
const cpuTimeAvailable = true

// cpuSeconds is the CPU time (user + system) this process has used so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}
