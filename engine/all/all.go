// Package all registers every game: import it for its side effect. Adding a game is one
// line here.
package all

import (
	// one blank import per game, e.g. _ "dragonlab/engine/dragonheart"
	_ "dragonlab/engine/draco"
	_ "dragonlab/engine/dragonheart"
	_ "dragonlab/engine/dragonscales"
	_ "dragonlab/engine/redhot"
)
