package doc

import (
	"encoding/json"
	"math"

	"dragonlab/sim/stats"
)

// Estimate writes a stats.Estimate in summary.json as {"value", "lo", "hi"}, null where a
// number is unknown (NaN or infinite): the shape of the stage and designer reports. The
// estimate's methods and fields are its own.
type Estimate struct{ stats.Estimate }

type estimateJSON struct {
	Value Number `json:"value"`
	Lo    Number `json:"lo"`
	Hi    Number `json:"hi"`
}

// MarshalJSON implements json.Marshaler.
func (e Estimate) MarshalJSON() ([]byte, error) {
	return json.Marshal(estimateJSON{Number(e.Value), Number(e.Lo), Number(e.Hi)})
}

// UnmarshalJSON implements json.Unmarshaler (null reads as NaN).
func (e *Estimate) UnmarshalJSON(data []byte) error {
	var v struct{ Value, Lo, Hi *float64 }
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	get := func(p *float64) float64 {
		if p == nil {
			return math.NaN()
		}
		return *p
	}
	e.Estimate = stats.Estimate{Value: get(v.Value), Lo: get(v.Lo), Hi: get(v.Hi)}
	return nil
}

// EstimateN writes a stats.Estimate in summary.json with its count, as the luck and
// restricted-play summaries do: {"value", "ci": {"lo", "hi"}, "n", "hasCI"}, hasCI false
// when no interval was computed (an unknown bound is then written as the value).
type EstimateN struct{ stats.Estimate }

type estimateNJSON struct {
	Value float64        `json:"value"`
	CI    stats.Estimate `json:"ci"`
	N     int64          `json:"n"`
	HasCI bool           `json:"hasCI"`
}

// MarshalJSON implements json.Marshaler.
func (e EstimateN) MarshalJSON() ([]byte, error) {
	ci := e.Estimate
	if math.IsNaN(ci.Lo) || math.IsNaN(ci.Hi) {
		ci.Lo, ci.Hi = e.Value, e.Value
	}
	return json.Marshal(estimateNJSON{Value: e.Value, CI: ci, N: e.N, HasCI: e.HasInterval()})
}

// UnmarshalJSON implements json.Unmarshaler; an estimate read with hasCI has the method
// "read".
func (e *EstimateN) UnmarshalJSON(data []byte) error {
	var v estimateNJSON
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	e.Estimate = stats.Estimate{Value: v.Value, Lo: v.CI.Lo, Hi: v.CI.Hi, N: v.N}
	if v.HasCI {
		e.Method = "read"
	}
	return nil
}
