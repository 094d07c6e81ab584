//go:build !linux

package agents

// threadCPU is not measured here (the benchmarks then report no CPU time).
func threadCPU() int64 { return -1 }
