package play

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"dragonlab/engine"
)

// hiddenLines are the lines of the whole game's description that seat cannot see: every
// line of the omniscient view that is not a line of the seat's own view.
func hiddenLines(s engine.State, seat int) []string {
	mine := map[string]bool{}
	for _, l := range strings.Split(DescribeView(s, seat), "\n") {
		mine[strings.TrimSpace(l)] = true
	}
	var out []string
	for _, l := range strings.Split(DescribeView(s, engine.Omniscient), "\n") {
		if l = strings.TrimSpace(l); l != "" && !mine[l] {
			out = append(out, l)
		}
	}
	return out
}

// Issue 36 (1): a stop that can be resumed — quit, the end of the input — shows nothing
// the person's seat cannot see: no line of the engine's omniscient view that the seat's
// view lacks (the other hand, the piles), no deal of the other seats; it suggests
// --resume. The game's end reveals everything.
func TestAResumableStopShowsNothingHidden(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		specs   []string
		script  []string
		seed    uint64
	}{
		{"dragonheart", 2, []string{Human, "random"}, []string{"1", "1", "1", "quit", "y"}, 11},
		{"draco", 3, []string{"random", Human, "random"}, []string{"1", "1", "quit", "y"}, 11},
		{"dragonscales", 1, []string{Human}, []string{"1"}, 15}, // the input ends
		{"redhot", 2, []string{Human, "random"}, []string{"1", "1", "1", "1"}, 11},
	} {
		dir := t.TempDir()
		con := &scriptConsole{lines: tc.script, limit: len(tc.script), w: 80}
		ps := newTestSession(t, tc.game, tc.players, tc.seed, tc.specs, con, filepath.Join(dir, "g.jsonl"))
		ps.Play()
		out := con.out.String()
		seat := ps.me()
		final := ps.gameAt(len(ps.steps))
		if final.Terminal() {
			t.Fatalf("%s: the game ended: the test needs a stop", tc.game)
		}
		hidden := hiddenLines(final, seat)
		if len(hidden) == 0 {
			t.Fatalf("%s: nothing is hidden from seat %d: the check would compare nothing", tc.game, seat)
		}
		for _, l := range hidden {
			if strings.Contains(out, l) {
				t.Fatalf("%s: the stop shows %q, hidden from seat %d:\n%s", tc.game, l, seat, out)
			}
		}
		for _, l := range NarrateDeal(mustProbe(t, ps), ps.gameSeed, engine.Omniscient) {
			if l = strings.TrimSpace(l); !strings.Contains(strings.Join(ps.dealLines(seat), "\n"), l) && strings.Contains(out, l) {
				t.Fatalf("%s: the stop shows the hidden deal line %q", tc.game, l)
			}
		}
		if strings.Contains(out, "revealed") || !strings.Contains(out, "--resume") {
			t.Fatalf("%s: the stop reveals or does not suggest --resume:\n%s", tc.game, out)
		}
	}
}

func mustProbe(t *testing.T, ps *Session) engine.State {
	t.Helper()
	probe, err := ps.Game.New(ps.Params, ps.Players)
	if err != nil {
		t.Fatal(err)
	}
	return probe
}

// Issue 36 (1): reveal shows the whole game at once when confirmed, marks the save, and a
// resume says the game was revealed.
func TestRevealMarksTheSave(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.jsonl")
	con := &scriptConsole{lines: []string{"1", "reveal", "y", "1"}, limit: 4, w: 80}
	ps := newTestSession(t, "dragonheart", 2, 3, []string{Human, "random"}, con, save)
	ps.Play()
	if !strings.Contains(con.out.String(), "The whole game revealed") {
		t.Fatalf("reveal showed nothing:\n%s", con.out.String())
	}
	sg, err := ReadSavedGame(save)
	if err != nil || sg.Revealed < 0 {
		t.Fatalf("the save is not marked: %v %d", err, sg.Revealed)
	}
	con = &scriptConsole{lines: []string{"1"}, limit: 1, w: 80}
	rs, err := Resume(sg, Config{Hint: ps.Hint, Save: save}, con)
	if err != nil {
		t.Fatal(err)
	}
	rs.Play()
	if !strings.Contains(con.out.String(), "this game was revealed") {
		t.Fatalf("the resume does not say the game was revealed:\n%s", con.out.String())
	}
}

// Issue 36 (2): the save grows with the game — after every decision the file holds it,
// without an end line — so a game killed mid-way (simulated: the file as it was before
// the stop, with a line cut in the middle of its writing) resumes from its last decision,
// and played on it ends exactly as the game never interrupted.
func TestAKilledGameResumesFromItsLastDecision(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	con := &scriptConsole{lines: []string{"1"}, limit: 1 << 20, w: 80}
	ps := newTestSession(t, "draco", 3, 21, []string{Human, "greedy", "random"}, con, whole)
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	full, err := ReadSavedGame(whole)
	if err != nil || !full.Final.Terminal() {
		t.Fatalf("the whole game: %v", err)
	}

	killed := filepath.Join(dir, "killed.jsonl")
	var snapshot []byte
	con = &scriptConsole{lines: []string{"1"}, limit: 1 << 20, w: 80}
	ps = newTestSession(t, "draco", 3, 21, []string{Human, "greedy", "random"}, con, killed)
	con.onRead = func(n int) {
		if n == 6 { // mid-game, before the sixth answer: the file as kill -9 would leave it
			snapshot, _ = os.ReadFile(killed)
		}
	}
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	if len(snapshot) == 0 || strings.Contains(string(snapshot), `"type":"end"`) {
		t.Fatalf("mid-game the save holds %d bytes (an end line: %v)", len(snapshot), strings.Contains(string(snapshot), `"type":"end"`))
	}
	torn := append(snapshot, `{"type":"step","step":`...) // a decision in progress
	if err := os.WriteFile(killed, torn, 0o644); err != nil {
		t.Fatal(err)
	}
	sg, err := ReadSavedGame(killed)
	if err != nil {
		t.Fatalf("the killed game does not read back: %v", err)
	}
	decided := strings.Count(string(snapshot), `"type":"step"`)
	if len(sg.Actions) != decided || sg.End != nil || decided < 5 {
		t.Fatalf("the killed game holds %d decisions (want %d, at least 5)", len(sg.Actions), decided)
	}
	con = &scriptConsole{lines: []string{"1"}, limit: 1 << 20, w: 80}
	rs, err := Resume(sg, Config{Hint: ps.Hint, Save: killed}, con)
	if err != nil {
		t.Fatal(err)
	}
	if rs.resumed != decided {
		t.Fatalf("resumed after %d decisions, want %d", rs.resumed, decided)
	}
	if err := rs.Play(); err != nil {
		t.Fatal(err)
	}
	again, err := ReadSavedGame(killed)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Actions) != len(full.Actions) {
		t.Fatalf("the resumed game has %d decisions, the whole one %d", len(again.Actions), len(full.Actions))
	}
	for i := range again.Actions {
		if again.Actions[i] != full.Actions[i] {
			t.Fatalf("decision %d differs from the game never interrupted", i+1)
		}
	}
}

// Issue 36 (2): games started at the same moment with the same seed each take their own
// save: none is lost.
func TestSimultaneousGamesLeaveTheirOwnSaves(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "dragonlab-dragonheart-seed998")
	const n = 8
	var wg sync.WaitGroup
	names := make([]string, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := CreateSave(base, false)
			if err != nil {
				errs[i] = err
				return
			}
			names[i] = f.Name()
			f.WriteString(strconv.Itoa(i))
			f.Close()
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for i, name := range names {
		if errs[i] != nil || seen[name] {
			t.Fatalf("game %d: %v, save %q (taken twice: %v)", i, errs[i], name, seen[name])
		}
		seen[name] = true
		if data, _ := os.ReadFile(name); string(data) != strconv.Itoa(i) {
			t.Fatalf("%s holds %q, not game %d's", name, data, i)
		}
	}
	if _, err := CreateSave(names[0], true); err == nil {
		t.Fatalf("an exact save name that exists was taken again")
	}
}

// Issue 36 (4): hint at a secret choice (Red Hot's RH-9, the duel's DS-16) gives the mixed
// policy — each option's probability, summing to 100% — and the round's value, from a
// search of the seat's own view.
func TestHintAtASecretChoiceIsAMixedPolicy(t *testing.T) {
	pct := regexp.MustCompile(`\) [^,—]*? (\d+)%`)
	for _, tc := range []struct {
		game    string
		players int
	}{{"redhot", 2}, {"dragonscales", 2}} {
		con := &scriptConsole{w: 80}
		ps := newTestSession(t, tc.game, tc.players, 5, []string{Human, "random"}, con, "")
		if tc.game == "dragonscales" {
			p, err := engine.ParseParams(ps.Game, []byte(`{"duoHand":3}`))
			if err != nil {
				t.Fatal(err)
			}
			ps.Params = p
			if err := ps.deal(); err != nil {
				t.Fatal(err)
			}
		}
		found := false
		for k := 0; k < 200 && !ps.s.Terminal(); k++ {
			legal := ps.s.Legal(nil)
			if _, _, secret := engine.SecretRound(ps.s); secret && ps.s.ToMove() == 0 && len(legal) > 1 {
				texts := make([]string, len(legal))
				for i, a := range legal {
					texts[i] = ps.s.ActionText(a)
				}
				hint := ps.hintText(legal, texts)
				sum := 0
				for _, m := range pct.FindAllStringSubmatch(strings.Split(hint, "The round's value")[0], -1) {
					v, _ := strconv.Atoi(m[1])
					sum += v
				}
				if sum != 100 || !strings.Contains(hint, "The round's value for you") {
					t.Fatalf("%s: the hint's policy sums to %d%%: %s", tc.game, sum, hint)
				}
				found = true
				break
			}
			ps.apply(ps.s.ToMove(), legal[0])
		}
		if !found {
			t.Fatalf("%s: no secret choice of seat 0 reached", tc.game)
		}
	}
}

// Issue 36 (6): every option can be previewed with ? N, however long the list (Draco 5p
// lists a dozen cards in columns, without previews).
func TestEveryOptionCanBePreviewed(t *testing.T) {
	con := &scriptConsole{w: 80, h: 24}
	ps := newTestSession(t, "draco", 5, 4, []string{Human, "random", "random", "random", "random"}, con, "")
	legal := ps.s.Legal(nil)
	texts := make([]string, len(legal))
	for i, a := range legal {
		texts[i] = ps.s.ActionText(a)
	}
	if len(legal) < 6 {
		t.Fatalf("only %d options: the test needs a long list", len(legal))
	}
	for i, a := range legal {
		want := ps.s.(engine.Previewer).Preview(a)
		got, msg := ps.answer(0, "? "+strconv.Itoa(i+1), legal, texts)
		if got != -1 || want == "" || !strings.Contains(msg, texts[i]+": "+want) {
			t.Fatalf("? %d: %q, want the engine's preview %q", i+1, msg, want)
		}
	}
}
