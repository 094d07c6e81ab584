package stats

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"dragonlab/sim"
)

// Bradley–Terry ratings, generalised to games of more than two players with Luce's choice
// model for the winner (Bradley & Terry 1952; Luce 1959; Hunter 2004, "MM algorithms for
// generalized Bradley–Terry models", Ann. Statist. 32(1), sec. 5): agent i has strength
// π_i = exp(θ_i), and when i sits alone against `field` copies of agent j, the share of the
// wins that goes to i is
//
//	q = π_i / (π_i + field·π_j) = logistic(θ_i − θ_j − ln field).
//
// For two players (field 1) this is the Bradley–Terry model. The fit is a logistic
// regression with an offset, so it can be checked against R's glm: with one row per
// comparison, a design column per agent but the first (x = e_i − e_j) and offset −ln field,
//
//	glm(cbind(w, t - w) ~ 0 + X + offset(off), family = binomial)
//
// gives the same θ and, from the observed Fisher information, the same standard errors.
// A shared win counts 1/k, as everywhere in dragonlab (a quasi-likelihood; the point
// estimates and information are the same formulas).

// EloScale converts natural-log strengths to Elo points: a difference of 400 Elo is a
// ratio of strengths of 10.
const EloScale = 400 / math.Ln10

// Comparison is the record of one pairing: agent I alone against Field copies of agent J.
type Comparison struct {
	I, J  int
	Field int     // seats held by J: players − 1
	Wins  float64 // I's total win share
	// Trials is the total win share given out in these games (games minus games that
	// nobody won).
	Trials float64
	// Deals, if set, is sim's Paired histogram of the pairing (I's share per duplicate
	// deal, in sixtieths) over Rotations games per deal; it gives the cluster-robust
	// variance. Without it, the games are taken as independent.
	Deals     sim.Hist
	Rotations int
}

// Ratings is a fitted model.
type Ratings struct {
	Names []string `json:"names"`
	// Theta are the log-strengths with the first agent as the reference (θ_0 = 0) and
	// ThetaSE their model-based standard errors (observed Fisher information), as R's glm
	// reports them (ThetaSE[0] = 0).
	Theta   []float64 `json:"theta"`
	ThetaSE []float64 `json:"thetaSE"`
	// ThetaRobustSE are the cluster-robust standard errors (sandwich, HC0, with the
	// duplicate deal as the cluster; R: sandwich::vcovHC(glm on one row per deal, "HC0")).
	ThetaRobustSE []float64 `json:"thetaRobustSE"`
	// Elo are the ratings on the Elo scale, centred on the agents' mean (0), with their
	// standard errors and 95% intervals (Wald, from Cov).
	Elo   []float64  `json:"elo"`
	EloSE []float64  `json:"eloSE"`
	CI    []Estimate `json:"ci"`
	// Cov is the covariance of Elo: the model-based covariance multiplied by Dispersion.
	Cov [][]float64 `json:"cov"`
	// Dispersion is max(1, the largest ratio of the cluster-robust (deal-level sandwich,
	// HC0) variance of a rating to its model-based variance): games on the same deal are
	// not independent, and the intervals must not pretend they are.
	Dispersion float64 `json:"dispersion"`
	// VirtualDraws is the prior used: that many drawn games added to every pairing (0
	// unless the maximum-likelihood ratings are infinite because some agents won, or
	// lost, every game against the others).
	VirtualDraws float64 `json:"virtualDraws"`
	LogLik       float64 `json:"logLik"`
	// Order ranks the agents, strongest first.
	Order []int `json:"order"`
}

// FitOptions tunes FitBradleyTerry.
type FitOptions struct {
	// VirtualDraws forces a prior of that many drawn games per pairing; 0 fits the
	// maximum-likelihood ratings and falls back to one virtual draw only when they diverge.
	VirtualDraws float64
}

// maxTheta bounds credible log-strength differences (a ratio of e^12, 5,200 Elo): beyond
// it the likelihood has no maximum (separation).
const maxTheta = 12

// FitBradleyTerry fits the ratings of the named agents from the comparisons by Newton's
// method with the exact Hessian (see minimize).
func FitBradleyTerry(names []string, comps []Comparison, opts FitOptions) (*Ratings, error) {
	k := len(names)
	if k < 2 {
		return nil, errors.New("ratings need at least two agents")
	}
	for _, c := range comps {
		if c.I < 0 || c.I >= k || c.J < 0 || c.J >= k || c.I == c.J || c.Field < 1 || c.Trials < 0 || c.Wins < 0 || c.Wins > c.Trials+1e-9 {
			return nil, fmt.Errorf("invalid comparison %+v", c)
		}
	}
	if !Connected(k, comps) {
		return nil, errors.New("ratings need every agent connected to the others by played games")
	}
	prior := opts.VirtualDraws
	theta, ll, err := fitTheta(k, comps, prior)
	if prior == 0 && (err != nil || maxAbs(theta) > maxTheta) {
		prior = 1
		theta, ll, err = fitTheta(k, comps, prior)
	}
	if err != nil {
		return nil, err
	}
	r := &Ratings{Names: names, Theta: theta, VirtualDraws: prior, LogLik: ll}
	if err := r.covariances(comps); err != nil {
		return nil, err
	}
	r.Order = make([]int, k)
	for i := range r.Order {
		r.Order[i] = i
	}
	sort.SliceStable(r.Order, func(a, b int) bool { return r.Elo[r.Order[a]] > r.Elo[r.Order[b]] })
	return r, nil
}

func maxAbs(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

// Connected reports whether the comparison graph links all k agents (union–find over the
// comparisons with games).
func Connected(k int, comps []Comparison) bool {
	parent := make([]int, k)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, c := range comps {
		if c.Trials > 0 {
			parent[find(c.I)] = find(c.J)
		}
	}
	root := find(0)
	for i := 1; i < k; i++ {
		if find(i) != root {
			return false
		}
	}
	return true
}

// eta is the linear predictor of a comparison: θ_I − θ_J − ln Field.
func eta(theta []float64, c Comparison) float64 {
	return theta[c.I] - theta[c.J] - math.Log(float64(c.Field))
}

// logistic and the logs of q and 1 − q, stable for large |η|.
func logistic(e float64) float64 { return 1 / (1 + math.Exp(-e)) }
func logQ(e float64) float64     { return -math.Log1p(math.Exp(-e)) }
func log1mQ(e float64) float64   { return -math.Log1p(math.Exp(e)) }

// fitTheta maximises the log-likelihood over θ_1..θ_{k−1} (θ_0 = 0) and returns the full
// θ and the log-likelihood (without the prior's terms).
func fitTheta(k int, comps []Comparison, prior float64) ([]float64, float64, error) {
	full := make([]float64, k)
	set := func(x []float64) {
		full[0] = 0
		copy(full[1:], x)
	}
	data := func(c Comparison) (w, t float64) { return c.Wins + prior/2, c.Trials + prior }
	p := problem{
		Func: func(x []float64) float64 {
			set(x)
			f := 0.0
			for _, c := range comps {
				w, t := data(c)
				e := eta(full, c)
				f -= w*logQ(e) + (t-w)*log1mQ(e)
			}
			return f
		},
		Grad: func(grad, x []float64) {
			set(x)
			for i := range grad {
				grad[i] = 0
			}
			for _, c := range comps {
				w, t := data(c)
				r := w - t*logistic(eta(full, c))
				if c.I > 0 {
					grad[c.I-1] -= r
				}
				if c.J > 0 {
					grad[c.J-1] += r
				}
			}
		},
		Hess: func(h *mat.SymDense, x []float64) {
			set(x)
			n, _ := h.Dims()
			for i := 0; i < n; i++ {
				for j := i; j < n; j++ {
					h.SetSym(i, j, 0)
				}
			}
			for _, c := range comps {
				_, t := data(c)
				q := logistic(eta(full, c))
				addOuter(h, c, t*q*(1-q))
			}
		},
	}
	x, err := minimize(p, make([]float64, k-1))
	if err != nil {
		return nil, 0, err
	}
	set(x)
	theta := append([]float64(nil), full...)
	ll := 0.0
	for _, c := range comps {
		e := eta(theta, c)
		ll += c.Wins*logQ(e) + (c.Trials-c.Wins)*log1mQ(e)
	}
	return theta, ll, nil
}

// addOuter adds v·x xᵀ to h for the comparison's design vector x = e_I − e_J (without
// the reference agent 0).
func addOuter(h *mat.SymDense, c Comparison, v float64) {
	idx := [2]int{c.I - 1, c.J - 1}
	sgn := [2]float64{1, -1}
	for a := 0; a < 2; a++ {
		for b := 0; b < 2; b++ {
			i, j := idx[a], idx[b]
			if i < 0 || j < 0 || i > j {
				continue
			}
			h.SetSym(i, j, h.At(i, j)+v*sgn[a]*sgn[b])
		}
	}
}

// covariances fills the standard errors, the dispersion and the Elo covariance.
func (r *Ratings) covariances(comps []Comparison) error {
	k := len(r.Names)
	m := k - 1
	info := mat.NewSymDense(m, nil)
	meat := mat.NewSymDense(m, nil)
	for _, c := range comps {
		t := c.Trials + r.VirtualDraws
		q := logistic(eta(r.Theta, c))
		addOuter(info, c, t*q*(1-q))
		addOuter(meat, c, dealScoreSS(c, q))
	}
	var chol mat.Cholesky
	if ok := chol.Factorize(info); !ok {
		return errors.New("rating fit: the information matrix is singular")
	}
	var vModel mat.SymDense
	if err := chol.InverseTo(&vModel); err != nil {
		return fmt.Errorf("rating fit: %w", err)
	}
	var tmp, vRobust mat.Dense
	tmp.Mul(&vModel, meat)
	vRobust.Mul(&tmp, &vModel)

	r.ThetaSE, r.ThetaRobustSE = make([]float64, k), make([]float64, k)
	for i := 1; i < k; i++ {
		r.ThetaSE[i] = math.Sqrt(vModel.At(i-1, i-1))
		r.ThetaRobustSE[i] = math.Sqrt(math.Max(0, vRobust.At(i-1, i-1)))
	}
	// Embed in k dimensions (agent 0 fixed) and centre: C = I − 11ᵀ/k.
	center := func(v mat.Matrix) *mat.Dense {
		full := mat.NewDense(k, k, nil)
		for i := 1; i < k; i++ {
			for j := 1; j < k; j++ {
				full.Set(i, j, v.At(i-1, j-1))
			}
		}
		c := mat.NewDense(k, k, nil)
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				v := -1.0 / float64(k)
				if i == j {
					v += 1
				}
				c.Set(i, j, v)
			}
		}
		var a, out mat.Dense
		a.Mul(c, full)
		out.Mul(&a, c.T())
		out.Scale(EloScale*EloScale, &out)
		return &out
	}
	cm, cr := center(&vModel), center(&vRobust)
	r.Dispersion = 1
	for i := 0; i < k; i++ {
		if cm.At(i, i) > 0 {
			r.Dispersion = math.Max(r.Dispersion, cr.At(i, i)/cm.At(i, i))
		}
	}
	mean := 0.0
	for _, t := range r.Theta {
		mean += t / float64(k)
	}
	r.Cov = make([][]float64, k)
	r.Elo, r.EloSE, r.CI = make([]float64, k), make([]float64, k), make([]Estimate, k)
	for i := 0; i < k; i++ {
		r.Cov[i] = make([]float64, k)
		for j := 0; j < k; j++ {
			r.Cov[i][j] = r.Dispersion * cm.At(i, j)
		}
		r.Elo[i] = EloScale * (r.Theta[i] - mean)
		r.EloSE[i] = math.Sqrt(math.Max(0, r.Cov[i][i]))
		r.CI[i] = Normal(r.Elo[i], r.EloSE[i], Z95)
	}
	return nil
}

// dealScoreSS is Σ_d (s_d − R·q)², the sum of squared per-deal scores of a comparison,
// with s_d I's share on deal d and R the trials per deal; without deals, the binomial
// variance t·q(1−q) of independent games.
func dealScoreSS(c Comparison, q float64) float64 {
	deals := c.Deals.Total()
	if deals == 0 || c.Rotations < 1 {
		return c.Trials * q * (1 - q)
	}
	r := c.Trials / float64(deals)
	ss := 0.0
	for i, n := range c.Deals.Counts {
		if n == 0 {
			continue
		}
		s := float64(c.Deals.Lo+int64(i)) / 60
		d := s - r*q
		ss += float64(n) * d * d
	}
	return ss
}

// Diff compares agents i and j: the Elo difference, its standard error and the two-sided
// p-value of the Wald test that they are equally strong.
func (r *Ratings) Diff(i, j int) (d, se, p float64) {
	d = r.Elo[i] - r.Elo[j]
	se = math.Sqrt(math.Max(0, r.Cov[i][i]+r.Cov[j][j]-2*r.Cov[i][j]))
	if se == 0 {
		return d, 0, 1
	}
	return d, se, NormalP(d / se)
}

// Expected is the head-to-head win share of agent i against agent j that the ratings
// predict for a two-player game.
func (r *Ratings) Expected(i, j int) float64 {
	return 1 / (1 + math.Pow(10, -(r.Elo[i]-r.Elo[j])/400))
}

// problem is a smooth convex function with its gradient and Hessian (the shape of
// gonum/optimize.Problem).
type problem struct {
	Func func(x []float64) float64
	Grad func(grad, x []float64)
	Hess func(h *mat.SymDense, x []float64)
}
