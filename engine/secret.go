package engine

import (
	"fmt"
	"math/bits"
)

// Simultaneous is implemented by states whose rules have rounds of secret simultaneous
// choices (Red Hot's secret choice RH-9, Dragon Scales' throws DS-11 and hand variant
// DS-16): every seat of the round chooses once, the rules reveal all the choices
// together, and so no chooser knows what the others chose. The engine still asks the
// choosers one after another (in the order its rules parameter secretOrder says); this
// interface tells a searching agent that the decision now belongs to such a round, so
// that it can search the round as one simultaneous node (each seat choosing over its own
// actions, without the choices made earlier in the round) instead of as a sequence in
// which later choosers answer earlier ones.
type Simultaneous interface {
	// SecretRound reports whether the decision now is one of a round of secret
	// simultaneous choices. If so, seats is the set of the round's choosers (bit i for
	// seat i; ToMove is one of them) and chosen the subset that has chosen already: their
	// choices are pending, hidden from ToMove (and from every seat but the chooser) until
	// all are revealed. A round is over, and SecretRound false, once the choices are
	// revealed.
	SecretRound() (seats, chosen uint32, ok bool)
	// RewindRound takes back the pending choices of the round in progress, so that the
	// state is the round's start again, with its first chooser to move; a state not in
	// such a round is left as it is. The seat to move before the call could not see the
	// choices taken back, so what it knows is unchanged: a searching agent calls it on a
	// determinization of its seat's view, to search the whole round from its start.
	RewindRound()
}

// SecretRound is s's round of secret simultaneous choices, if the game marks one
// (Simultaneous) and it has at least two choosers: a round of one chooser is an ordinary
// decision (nobody is kept in the dark).
func SecretRound(s State) (seats, chosen uint32, ok bool) {
	sim, is := s.(Simultaneous)
	if !is {
		return 0, 0, false
	}
	seats, chosen, ok = sim.SecretRound()
	if !ok || bits.OnesCount32(seats) < 2 {
		return 0, 0, false
	}
	return seats, chosen, true
}

// Secret orders: the order in which the engine asks the choosers of a round of secret
// simultaneous choices (rules parameter secretOrder). The rules make the choices
// simultaneous, so no result may depend on it; it exists to check that none does.
const (
	SecretOrderSeat    = "seat"    // in seat order (from the round's first player, where the rules name one)
	SecretOrderReverse = "reverse" // in the reverse of that order
)

// SecretOrderDoc is the one-line documentation of the secretOrder parameter of a game
// whose rules name the given secret simultaneous choices.
func SecretOrderDoc(rules string) string {
	return rules + ": the order in which the engine asks the choosers of a round of secret simultaneous choices: " +
		"seat (seat order) or reverse; the choices stay secret until all are revealed, so no result may depend on it (a check, not a rule)"
}

// CheckSecretOrder validates a secretOrder value and reports whether it is reverse.
func CheckSecretOrder(v string) (reverse bool, err error) {
	switch v {
	case SecretOrderSeat:
		return false, nil
	case SecretOrderReverse:
		return true, nil
	}
	return false, fmt.Errorf("secretOrder: %q; want %s or %s", v, SecretOrderSeat, SecretOrderReverse)
}
