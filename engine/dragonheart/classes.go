package dragonheart

import "dragonlab/engine"

// Action classes (engine.ActionClasser): one per card type, "play-<type>" (DH-5), then
//
//   - choose-treasure, choose-petrified: the Princess's choice (DH-11);
//   - choose-princess, choose-troll: the choice of a Hero play that fills the space (DH-13);
//   - several: a play of more than one card (DH-5);
//   - fill: a play that fills a limited space and so triggers its action (DH-6, DH-13);
//   - sail: a play that fills the Ship space and completes a voyage (DH-13, DH-15);
//   - take-figurine: a Princess play choosing the Petrified dragons while that space holds
//     a card, which takes them and the Dragon figurine (or keeps it, DH-11).
//
// Every play is in exactly one play-<type> class; the others overlap it.
const (
	clChooseTreasure = numTypes + iota
	clChoosePetrified
	clChoosePrincess
	clChooseTroll
	clSeveral
	clFill
	clSail
	clTakeFigurine
	numClasses
)

var classNames = func() []string {
	out := make([]string, 0, numClasses)
	for _, w := range typeWords {
		out = append(out, "play-"+w)
	}
	return append(out, "choose-treasure", "choose-petrified", "choose-princess", "choose-troll",
		"several", "fill", "sail", "take-figurine")
}()

var _ engine.ActionClasser = (*State)(nil)

// ActionClasses names the classes (the same for every rules variant).
func (s *State) ActionClasses() []string { return classNames }

var _ engine.ChoiceClasser = (*State)(nil)

// ChoiceClasses are the Princess's and the Hero's choices and taking the figurine: each
// play of them has a twin playing the same cards with the other choice (DH-11, DH-13).
// Every other class decides which cards leave the hand.
func (s *State) ChoiceClasses() uint64 {
	return 1<<clChooseTreasure | 1<<clChoosePetrified | 1<<clChoosePrincess | 1<<clChooseTroll | 1<<clTakeFigurine
}

// ActionClass is the set of classes of a, legal in s.
func (s *State) ActionClass(a engine.Action) uint64 {
	t := int(a >> typeShift & 15)
	if t >= numTypes {
		return 0
	}
	c := uint64(1) << t
	switch ch := a >> choiceShift & 3; {
	case t == tPrincess && ch == choiceA:
		c |= 1 << clChooseTreasure
	case t == tPrincess && ch == choiceB:
		c |= 1 << clChoosePetrified
		if s.boardN[tPetrified] > 0 {
			c |= 1 << clTakeFigurine
		}
	case t == tHero && ch == choiceA:
		c |= 1 << clChoosePrincess
	case t == tHero && ch == choiceB:
		c |= 1 << clChooseTroll
	}
	k := 0
	for x := uint32(a) & (1<<typeShift - 1); x != 0; x >>= 4 {
		k += int(x & 15)
	}
	if k > 1 {
		c |= 1 << clSeveral
	}
	if capacity := int(s.r.capacity[t]); capacity > 0 && int(s.boardN[t])+k == capacity {
		c |= 1 << clFill
		if t == tShip {
			c |= 1 << clSail
		}
	}
	return c
}
