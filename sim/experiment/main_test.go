package experiment

import (
	_ "dragonlab/agents/picktest" // the deterministic test agents some plans name
	_ "dragonlab/engine/all"      // the games the tests look up by name
)
