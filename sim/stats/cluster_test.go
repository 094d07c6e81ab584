package stats

import (
	"math"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

// clusterData are observations by cluster (an empty cluster included).
var clusterData = [][]int64{{3, -1, 0}, {}, {2}, {-4, 5}, {1, 1, 1, 1}, {0, 0}, {6}}

func clusterSums(data [][]int64) sim.ClusterSums {
	var c sim.ClusterSums
	for _, obs := range data {
		var t int64
		for _, x := range obs {
			t += x
		}
		c.Add(t, int64(len(obs)))
	}
	return c
}

// TestClusterRatioAgainstLinearization: the estimate and its interval from the sums equal
// those computed directly from the observations, by the linearization of the ratio (the
// influence z_i = Σ_j (x_ij − r)/N of each cluster, variance n/(n−1)·Σ(z_i − z̄)²) —
// another route to the same formula, the one R's survey package takes — and Student's t
// with n − 1 = 6 degrees of freedom, t = 2.4469118511449692 (R: qt(0.975, 6)).
func TestClusterRatioAgainstLinearization(t *testing.T) {
	var n, N, sum float64
	for _, obs := range clusterData {
		n++
		for _, x := range obs {
			N++
			sum += float64(x)
		}
	}
	r := sum / N
	z := make([]float64, 0, len(clusterData))
	zbar := 0.0
	for _, obs := range clusterData {
		zi := 0.0
		for _, x := range obs {
			zi += (float64(x) - r) / N
		}
		z = append(z, zi)
		zbar += zi / n
	}
	v := 0.0
	for _, zi := range z {
		v += (zi - zbar) * (zi - zbar)
	}
	se := math.Sqrt(n / (n - 1) * v)
	e := ClusterRatio(clusterSums(clusterData), 0.5)
	statstest.Near(t, "value", e.Value, r/2, 1e-15)
	statstest.Near(t, "lo", e.Lo, (r-2.4469118511449692*se)/2, 1e-9)
	statstest.Near(t, "hi", e.Hi, (r+2.4469118511449692*se)/2, 1e-9)
	if e.N != 13 || e.Method != "cluster t" {
		t.Errorf("N %d, method %q", e.N, e.Method)
	}
	statstest.Near(t, "p", ClusterRatioP(clusterSums(clusterData)), TTwoSided(r/se, 6), 1e-12)
}

// TestClusterRatioByHand: three clusters {1, 2}, {}, {−1}: r = 2/3, residuals 5/3, 0,
// −5/3, SE = √(3/2 · 50/9)/3 = √(25/3)/3.
func TestClusterRatioByHand(t *testing.T) {
	e := ClusterRatio(clusterSums([][]int64{{1, 2}, {}, {-1}}), 1)
	se := math.Sqrt(25.0/3) / 3
	q := 4.302652729911275 // R: qt(0.975, 2)
	statstest.Near(t, "value", e.Value, 2.0/3, 1e-15)
	statstest.Near(t, "lo", e.Lo, 2.0/3-q*se, 1e-9)
	statstest.Near(t, "hi", e.Hi, 2.0/3+q*se, 1e-9)
}

// TestClusterRatioEdges: no observation, one cluster, no spread.
func TestClusterRatioEdges(t *testing.T) {
	if e := ClusterRatio(clusterSums([][]int64{{}, {}}), 1); !math.IsNaN(e.Value) || e.HasInterval() || ClusterRatioP(clusterSums([][]int64{{}, {}})) != 1 {
		t.Errorf("no observation: %+v", e)
	}
	if e := ClusterRatio(clusterSums([][]int64{{3, 5}}), 1); e.Value != 4 || e.HasInterval() {
		t.Errorf("one cluster: %+v", e)
	}
	lone := clusterSums([][]int64{{}, {3, 5}, {}})
	if e := ClusterRatio(lone, 1); e.Value != 4 || e.HasInterval() || ClusterRatioP(lone) != 1 {
		t.Errorf("every observation in one cluster of three: %+v, p %v", e, ClusterRatioP(lone))
	}
	same := clusterSums([][]int64{{2}, {2, 2}, {2}})
	if e := ClusterRatio(same, 1); e.Value != 2 || e.Lo != 2 || e.Hi != 2 || ClusterRatioP(same) != 0 {
		t.Errorf("no spread: %+v, p %v", e, ClusterRatioP(same))
	}
	if p := ClusterRatioP(clusterSums([][]int64{{0}, {0, 0}})); p != 1 {
		t.Errorf("all zero: p %v", p)
	}
}
