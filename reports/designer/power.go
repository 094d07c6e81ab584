package designer

import "dragonlab/sim/stats"

// Power by design: every question has a target precision (Target); a stage whose interval
// is wider has not settled its question, and the report says about how many more games
// of that stage would settle it (moreGames). The list is in summary.json ("settle"), for
// `study --settle DIR` to play exactly those games and update the report.

// Settle is one stage that has not settled its question.
type Settle struct {
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	Players int    `json:"players"`
	// Question is "fair", "luck" or "matters".
	Question string `json:"question"`
	// Stage names the stage in words ("self-play at expert", "restricted play at greedy:
	// fill"); File is its results file, relative to the report.
	Stage string `json:"stage"`
	File  string `json:"file"`
	// Games is about how many more games of the stage would settle the question (deals ×
	// plays for a self-play stage, deals × seats for restricted play); Target the
	// half-width aimed at and Half the half-width now, in win share.
	Games  int64   `json:"games"`
	Target float64 `json:"target"`
	Half   float64 `json:"half"`
}

// settle lists the configuration's stages that have not settled their question.
func (a *Answer) settle(g *Game) []Settle {
	if a.Measure < 0 {
		return nil
	}
	c, tg := a.cfg, a.cfg.target()
	la := a.Levels[a.Measure]
	file := c.Levels[a.Measure].File
	base := Settle{Game: g.Game, Variant: g.Variant, Players: a.Players}
	var out []Settle
	add := func(question, stage, file string, games int64, half, target float64) {
		if m := stats.MoreGames(games, half, target); m > 0 {
			s := base
			s.Question, s.Stage, s.File, s.Games, s.Half, s.Target = question, stage, file, m, half, target
			out = append(out, s)
		}
	}
	at := "self-play at " + la.Level
	switch {
	case la.Success != nil:
		add("fair", at, file, la.Games, la.Success.HalfWidth(), tg.Seat)
	case len(la.Seats) > 0:
		// The games page 1 says would settle it (judgeFair: the half-width each seat needs),
		// of the self-play at the level that answers (fairLevel: the level below where it
		// answers, at its own cost).
		fa := a.Levels[a.FairAt]
		if fa.Wide || fa.Favoured {
			if fc := a.Glance.Fair; fc.More > 0 {
				s := base
				s.Question, s.Stage, s.File, s.Games, s.Half, s.Target = "fair", "self-play at "+fa.Level, c.Levels[a.FairAt].File, fc.More, maxHalf(fa.Seats), tg.Seat
				if m := a.gapMore(); m > 0 && m < s.Games {
					// The cheaper step first: enough games of the measuring level for the gap
					// to the level below to tell whether that level may answer (fairLevel).
					s.Games, s.Half, s.Target = m, a.FairGap.Half, a.FairGap.Reach
				}
				out = append(out, s)
			}
		}
	}
	if acc := a.measured(); acc != nil && acc.Share.HasInterval() {
		add("luck", "luck accounting at "+acc.Level, file, acc.Games, acc.Share.HalfWidth(), tg.Luck)
	} else if la.Luck != nil {
		add("luck", at, file, la.Games, la.Luck.HalfWidth(), tg.Luck)
	}
	// What matters: when no action class measurably matters, the widest classes.
	for k, ab := range a.Ablation {
		settled := false
		for _, r := range ab.Rows {
			if r.Tested && r.PHolm < stats.Alpha {
				settled = true
			}
		}
		if settled || k >= len(c.Ablation) {
			continue
		}
		for _, row := range c.Ablation[k].Rows {
			if row.Result == nil || len(row.Forbid) == 0 {
				continue
			}
			for _, r := range ab.Rows {
				if r.Class == row.Forbid[0] && r.Tested {
					add("matters", "restricted play at "+ab.Level+": "+a.words.class(r.Class), row.File, row.Result.Games, r.Worth.HalfWidth(), tg.Worth)
				}
			}
		}
	}
	return out
}
