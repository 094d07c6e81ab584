package experiment

import "fmt"

// checkCeiling checks a ceiling trace's options: a skill ladder (checkSkill, which also
// ties every rung's budget to its agent's iterations) whose rungs are budgets, each twice
// the one below: the analysis reads every step as one doubling.
func checkCeiling(c *checker) error {
	if err := checkSkill(c); err != nil {
		return err
	}
	var o SkillOptions
	if err := c.p.DecodeOptions(&o); err != nil {
		return err
	}
	for i, r := range o.Rungs {
		if r.Budget <= 0 {
			return fmt.Errorf("rungs[%d]: no budget: every rung of a ceiling trace is a budget", i)
		}
		if i > 0 && r.Budget != 2*o.Rungs[i-1].Budget {
			return fmt.Errorf("rungs[%d]: budget %v is not twice the budget %v below it", i, r.Budget, o.Rungs[i-1].Budget)
		}
	}
	return nil
}
