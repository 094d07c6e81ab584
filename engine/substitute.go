package engine

// Substituter is implemented by states whose setup can be changed for one seat by one copy
// of one component: the seat starts with one more copy of it in place of an average one
// (delta +1), or with one fewer, replaced by an average one (delta -1). "Starts with"
// is the game's own setup — its own deck, its opening hand, its item set — and each game
// documents what it means in its rules' terms. "An average one" is a component of the same
// kind (a card, an item, an adventurer) drawn uniformly from what the seat starts with
// (other than the component itself), so that the comparison with the unchanged deal reads
// "one more X instead of a typical card" and a component that is no better than the rest
// measures about 0.
//
// The draw of the average one comes from SubstitutionRNG(seed), a stream apart from the
// game's chance stream: a substituted deal is the unchanged deal in everything else (the
// other seats' hands and piles, the order of every pile, every later draw or roll), so the
// two play as common random numbers. The setting lives in the value state (a copy keeps
// it), costs Reset one branch when off, and Reset with the setting off deals exactly the
// game it always dealt.
type Substituter interface {
	// Substitutes names the components that can be substituted for the state's rules and
	// player count: a fixed list (the names of Tracker components where they match), empty
	// when the game gives the seats nothing of their own to start with.
	Substitutes() []string
	// SetSubstitution makes every following Reset deal seat one more (delta +1) or one
	// fewer (delta -1) copy of component c (an index into Substitutes); delta 0 turns it
	// off. It takes effect at the next Reset.
	SetSubstitution(seat, c, delta int)
	// Substituted reports whether the last Reset changed the deal: false when the setting
	// is off, and when the deal had nothing to change (one fewer copy of a card the seat's
	// opening hand does not hold, one more of a card none is left of to take).
	Substituted() bool
}

// substitutionSalt separates the substitution stream from every other stream derived from
// a game seed (agents use DeriveSeed(seed, 1+seat+8·rotation)).
const substitutionSalt = 0x5ab5717000000001

// SubstitutionRNG is the random stream a Substituter draws "the average one" from, for the
// game dealt from seed: the same for every game, apart from the game's chance stream.
func SubstitutionRNG(seed uint64) RNG { return NewRNG(DeriveSeed(seed, substitutionSalt)) }
