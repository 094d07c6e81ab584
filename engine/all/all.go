// Package all registers every game: import it for its side effect. Adding a game is one
// line here.
package all

import (
	_ "dragonlab/engine/draco"
	_ "dragonlab/engine/dragonscales"
	_ "dragonlab/engine/redhot"
)
