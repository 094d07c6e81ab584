package luck

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"

	"dragonlab/engine"
	"dragonlab/engine/value"
	"dragonlab/reports/format"
	"dragonlab/sim/stats"
)

// Two measures of chance's weight, on the same deals at the same level: the luck share
// along the game (luck accounting, whose value function may be blind to part of what
// chance does: it then measures too little) and the share of the outcome's spread fixed
// by the deal when the same bots replay it (which counts the bots' reactions to the deal
// as the deal's, and chance that follows the play — which card comes after which move —
// as not the deal's). Where their intervals overlap they agree. Where they do not, the
// luck share is stated as a lower bound, "at least" its interval's lower end (a value
// function can miss chance's weight, not invent it), with the reason the two differ.

// Agreement compares the luck share along the game with the deal-fixed share of the same
// run's replays.
type Agreement struct {
	Along stats.Estimate `json:"along"` // luck accounting's share
	Dealt stats.Estimate `json:"dealt"` // the replays' deal-fixed share
	// Agree: the intervals overlap. AtLeast: they do not, so the luck share is stated as
	// at least Along.Lo; Reason says why they differ.
	Agree   bool   `json:"agree"`
	AtLeast bool   `json:"atLeast"`
	Reason  string `json:"reason"`
}

// Comparable reports whether both shares have finite intervals (a run too small for the
// jackknife or the bootstrap has none: nothing to compare).
func Comparable(along, dealt stats.Estimate) bool {
	for _, x := range []float64{along.Value, along.Lo, along.Hi, dealt.Value, dealt.Lo, dealt.Hi} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return along.HasInterval() && dealt.HasInterval()
}

// Compare checks the two shares against each other.
func Compare(along, dealt stats.Estimate) Agreement {
	a := Agreement{Along: along, Dealt: dealt}
	switch {
	case along.Lo <= dealt.Hi && dealt.Lo <= along.Hi:
		a.Agree = true
		a.Reason = fmt.Sprintf("the replays of the same deals agree: the deal fixes %s of the spread", format.PctIv(dealt))
	case dealt.Lo > along.Hi:
		a.AtLeast = true
		a.Reason = fmt.Sprintf("the replays of the same deals fix %s of the spread on the deal, more than luck accounting finds (%s): its value function does not see all that chance does, so the luck share is a lower bound",
			format.PctIv(dealt), format.PctIv(along))
	default:
		a.AtLeast = true
		a.Reason = fmt.Sprintf("the replays of the same deals fix only %s of the spread on the deal, less than the luck along the game (%s): the bots' own randomness counts as not the deal's, and chance that follows the play (which card or die comes after which move) is not the same in every replay of a deal, so the deal-fixed share undercounts chance; the luck share is stated as a lower bound all the same",
			format.PctIv(dealt), format.PctIv(along))
	}
	return a
}

// Share is the luck share as a report states it: "41% [38, 43]", or "at least 38%"
// where the replays of the same deals disagree with it.
func (a Agreement) Share() string {
	if a.AtLeast {
		return "at least " + format.Pct(a.Along.Lo)
	}
	return format.PctIv(a.Along)
}

// Sentence is the comparison in one sentence.
func (a Agreement) Sentence() string {
	return fmt.Sprintf("Luck share %s: %s.", a.Share(), a.Reason)
}

// ValueFit is the held-out fit of the value function ref names, when it is the game's
// built-in one (the file whose bytes have ref's hash) and the file records it; nil
// otherwise (another file, or a file fitted before held-out fits were recorded).
func ValueFit(ref value.Ref, players int) *value.Model {
	g, err := engine.Lookup(ref.Game)
	if err != nil || g.Value == nil {
		return nil
	}
	sum := sha256.Sum256(g.Value)
	if hex.EncodeToString(sum[:]) != ref.SHA256 {
		return nil
	}
	var f value.File
	if json.NewDecoder(bytes.NewReader(g.Value)).Decode(&f) != nil {
		return nil
	}
	for i := range f.Models {
		if m := &f.Models[i]; m.Players == players && m.HeldOut != nil {
			return m
		}
	}
	return nil
}

// FitWords is a value function's held-out fit in a few words: "glm, held-out log-loss
// 0.557, R² 0.23"; "held-out fit not recorded" without one.
func FitWords(m *value.Model) string {
	if m == nil || m.HeldOut == nil {
		return "held-out fit not recorded"
	}
	return fmt.Sprintf("%s, held-out log-loss %s, R² %s", m.Form(), format.Num(m.HeldOut.LogLoss, 3), format.Num(m.HeldOut.R2, 2))
}
