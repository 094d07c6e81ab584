# dragonlab — see README.md. Everything here needs only Go (modules come from the proxy).
VERSION ?= 0.1.0
LDFLAGS := -X dragonlab/sim.Version=$(VERSION)
BIN := bin/dragonlab

.PHONY: build demo test vet bench fmt clean

build:
	go build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/dragonlab

# The main job (for now: one million random Dragonheart games and their summary).
demo: build
	$(BIN) run --game dragonheart --players 2 --agents random,random --games 1000000 --seed 1 --out results.json

# vet + every test (a few minutes at most on 2 cores).
test: vet
	go test -count=1 ./...

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || (echo "gofmt needed:"; gofmt -l .; exit 1)
	go vet ./...

bench:
	go test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin study
