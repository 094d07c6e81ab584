package agents

import "dragonlab/engine"

// Random plays uniformly over the legal actions (the spec's canonical list, so two
// implementations that follow the spec agree on random-play statistics).
type Random struct {
	buf [MaxActions]engine.Action
}

// Act picks one legal action uniformly.
func (r *Random) Act(s engine.State, rng *engine.RNG) engine.Action {
	legal := s.Legal(r.buf[:0])
	return legal[rng.IntN(len(legal))]
}

func init() {
	RegisterKind(Kind{
		Name: "random",
		Doc:  "uniform over the legal actions",
		Build: func(map[string]string) (func() Agent, error) {
			return func() Agent { return &Random{} }, nil
		},
	})
}
