package agents

import (
	"syscall"
	"unsafe"
)

// threadCPU is the CPU time of the calling OS thread in nanoseconds
// (CLOCK_THREAD_CPUTIME_ID): on a shared, busy machine it measures the work done, where
// wall time also counts the waits for a core.
func threadCPU() int64 {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}
