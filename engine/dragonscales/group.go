package dragonscales

import "math/bits"

// Cells are numbered row-major: A1=0, B1=1, C1=2, A2=3 … C3=8; a set of cells is a 9-bit mask.
const (
	colA = uint16(0b001_001_001) // cells A1, A2, A3
	colC = uint16(0b100_100_100) // cells C1, C2, C3
)

// neighbours is the set of cells sharing a full side with a cell of m (DS-1 adjacency).
func neighbours(m uint16) uint16 {
	return (((m << 1) &^ colA) | ((m >> 1) &^ colC) | (m << 3) | (m >> 3)) & full
}

// flood is the connected group of within that contains the cells of seed (a bitmask
// flood fill: no allocation).
func flood(seed, within uint16) uint16 {
	g := seed & within
	for {
		n := (g | neighbours(g)) & within
		if n == g {
			return g
		}
		g = n
	}
}

// largestGroupFill is the size of the largest connected group of m, by flood fill.
func largestGroupFill(m uint16) int {
	best := 0
	for m != 0 {
		g := flood(m&-m, m)
		if c := bits.OnesCount16(g); c > best {
			best = c
		}
		m &^= g
	}
	return best
}

// groupSize caches largestGroupFill for the 512 masks.
var groupSize = func() (t [512]uint8) {
	for m := range t {
		t[m] = uint8(largestGroupFill(uint16(m)))
	}
	return t
}()

// largestGroup is the size of the largest connected group of the cells in m.
func largestGroup(m uint16) int { return int(groupSize[m&full]) }
