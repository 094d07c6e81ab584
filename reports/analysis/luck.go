package analysis

import (
	"dragonlab/reports/luck"
	"dragonlab/sim/experiment"
)

func analyzeLuck(a *experiment.Analysis) ([]string, error) {
	var o experiment.LuckOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	var levels []luck.Level
	for i, name := range o.Replay {
		levels = append(levels, luck.Level{Agent: o.Levels[i], File: a.File(name), Result: a.Result(name)})
	}
	var duels []luck.Duel
	for _, d := range o.Duels {
		duels = append(duels, luck.Duel{Stronger: d.Stronger, Weaker: d.Weaker, File: a.File(d.Run), Result: a.Result(d.Run)})
	}
	l, err := luck.AnalyzeExperiment(meta(a, o.Meta), o.Replays, levels, duels)
	if err != nil {
		return nil, err
	}
	if o.NoLuck != "" {
		l.Notes = append(l.Notes, "No luck accounting: "+o.NoLuck+".")
	}
	l.Print(a.Stdout)
	return l.Write(a.Dir)
}
