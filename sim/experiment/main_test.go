package experiment

import _ "dragonlab/engine/all" // the games the tests look up by name
