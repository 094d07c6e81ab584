//go:build !unix

package experiment

const cpuTimeAvailable = false

func cpuSeconds() float64 { return 0 }
