// Package plantest has helpers for tests that edit plans as JSON, the way a user (or an
// attacker) edits plan.json by hand.
package plantest

// Set sets the value at path (object keys and array indices) in a decoded JSON value;
// a nil value deletes an object key.
func Set(cur any, value any, path []any) {
	for i, k := range path {
		last := i == len(path)-1
		switch k := k.(type) {
		case string:
			obj := cur.(map[string]any)
			if last {
				if value == nil {
					delete(obj, k)
				} else {
					obj[k] = value
				}
				return
			}
			cur = obj[k]
		case int:
			arr := cur.([]any)
			if last {
				arr[k] = value
				return
			}
			cur = arr[k]
		}
	}
}
