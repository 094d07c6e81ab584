package sim

import (
	"fmt"
)

// MaxRidge bounds the per-sample ridge penalty: the penalty is multiplied by the number of
// samples, and far above any feature's scale it only shrinks every weight to zero (and an
// infinite one makes the system singular after every game was played).
const MaxRidge = 1e6

// CheckRidge checks a fit's ridge penalty: finite, from 0 to MaxRidge. The command checks
// it before playing; FitValue again, before its first game.
func CheckRidge(r float64) error {
	if !(r >= 0 && r <= MaxRidge) {
		return fmt.Errorf("--ridge %v: want a number from 0 to %g", r, float64(MaxRidge))
	}
	return nil
}
