//go:build !unix

package plan

import (
	"errors"
	"os"
)

var errLocked = errors.New("locked")

// flock: no advisory locks on this system; one writer per directory is then the user's.
func flock(*os.File, bool) error { return nil }
