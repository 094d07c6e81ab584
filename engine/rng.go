package engine

import "math/bits"

// RNG is a small value random generator (xoshiro256**), embedded in game states so that
// copying a state copies its chance stream and Reseed makes a fork diverge.
type RNG struct{ s [4]uint64 }

// SplitMix64 advances x and returns the next output of the splitmix64 sequence.
func SplitMix64(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// DeriveSeed is a pure function of (seed, index): game i of a run with seed s is seeded
// DeriveSeed(s, i), whatever the number of workers or the shard split.
func DeriveSeed(seed, index uint64) uint64 {
	x := seed ^ 0x6a09e667f3bcc909
	SplitMix64(&x)
	x ^= index * 0xd1b54a32d192ed03
	return SplitMix64(&x)
}

// NewRNG returns a generator seeded from seed (through splitmix64, as the xoshiro authors
// recommend, so that nearby seeds give unrelated streams).
func NewRNG(seed uint64) RNG {
	var r RNG
	r.Seed(seed)
	return r
}

// Seed reseeds the generator.
func (r *RNG) Seed(seed uint64) {
	x := seed
	for i := range r.s {
		r.s[i] = SplitMix64(&x)
	}
}

// Uint64 returns 64 random bits.
func (r *RNG) Uint64() uint64 {
	s := &r.s
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// IntN returns a uniform integer in [0, n) without modulo bias (Lemire's method).
// n must be positive.
func (r *RNG) IntN(n int) int {
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniform float in [0, 1).
func (r *RNG) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}
