package experiment

import (
	"sort"
	"sync"
)

// Registry holds named things registered by the program's own wiring (a question's plan
// side here, its report side in reports/designer), sorted by name. A name registered twice
// panics: registration is the program's wiring, not input.
type Registry[T interface{ Name() string }] struct {
	mu   sync.Mutex
	list []T
	// Kind names what it holds in the panic ("experiment: question").
	Kind string
}

// Register adds x and returns the function that takes it out again (for tests).
func (r *Registry[T]) Register(x T) (unregister func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, o := range r.list {
		if o.Name() == x.Name() {
			panic(r.Kind + " " + x.Name() + " registered twice")
		}
	}
	r.list = append(r.list, x)
	sort.Slice(r.list, func(i, j int) bool { return r.list[i].Name() < r.list[j].Name() })
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		for i, o := range r.list {
			if o.Name() == x.Name() {
				r.list = append(r.list[:i:i], r.list[i+1:]...)
				return
			}
		}
	}
}

// All are the registered things, by name.
func (r *Registry[T]) All() []T {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]T(nil), r.list...)
}
