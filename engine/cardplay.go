package engine

// CardPlay is implemented by games in which a seat's turn plays one card of a public kind
// from a hidden hand (Draco: DR-7 plays a card, DR-15 makes every played card public and
// the hands hidden). It lets an honest agent infer something of another seat's hand from
// the card it played: the agent keeps a world of its own (a Determinize for its seat) of
// the position the other seat played from, evaluates what each card would have given that
// seat there (public information: positions and scores, not the hand), and weighs the
// worlds it determinizes now by how likely the observed play was with the hand each world
// gives that seat.
type CardPlay interface {
	// LastPlay compares the receiver with before, a state of the same game and players
	// some moves earlier (an agent passes a world it determinized of its own earlier
	// position). When exactly one card was played in between, by the seat to move in
	// before, and nothing was discarded, it returns that seat, the card's kind, the number
	// of cards the seat has drawn since, and true; otherwise ok is false. It reads only
	// what every seat sees of the receiver (positions, stacks, hand sizes, discards, the
	// number of each kind of card out of the hands and the pile), so an agent may call it
	// on the true state it decides in.
	LastPlay(before State) (seat int, kind uint8, drew int, ok bool)
	// Hand appends seat's hand, as card kinds in ascending order, to buf. The hands of the
	// other seats are hidden: an agent reads them only in worlds it determinized.
	Hand(seat int, buf []uint8) []uint8
	// SetHand replaces seat's hand by kinds (as many cards as the hand holds now, kinds
	// the game has) and leaves everything else, the pile included, as it is: a scratch
	// world for evaluating what the seat could have played, not a game to play on.
	SetHand(seat int, kinds []uint8)
	// PlayKind is the kind of the card that action a plays, or false for an action that
	// plays no card.
	PlayKind(a Action) (uint8, bool)
}
