package engine

import (
	"fmt"
	"testing"
)

func TestLeverValues(t *testing.T) {
	l := Lever{Path: "x", Lo: 3, Hi: 7, Step: 2}
	if got := fmt.Sprint(l.Values()); got != "[3 5 7]" {
		t.Errorf("values %s", got)
	}
	seat := Lever{Path: "seatBonus", Lo: 0, Hi: 6, Step: 1}
	for n, want := range map[int]string{1: "[]", 2: "[-6 -5 -4 -3 -2 -1 1 2 3 4 5 6]", 3: "[-3 -2 -1 1 2 3]", 4: "[-2 -1 1 2]", 5: "[-1 1]"} {
		if got := fmt.Sprint(seat.FamilyValues(n)); got != want {
			t.Errorf("%dp family %s, want %s", n, got, want)
		}
	}
	if !(LeverValues{Path: "seatBonus"}).Family() || (LeverValues{Path: "seatBonus[1]"}).Family() {
		t.Error("the family is seatBonus alone")
	}
}
