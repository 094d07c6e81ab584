# dragonlab — see README.md. Everything here needs only Go (modules come from the proxy).
VERSION ?= 0.1.0
LDFLAGS := -X dragonlab/sim.Version=$(VERSION)
BIN := bin/dragonlab

.PHONY: build demo test vet bench fmt clean test-slurm check-k8s

build:
	go build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/dragonlab

# The main job: the designer's report on every game and player count (README "The study"):
# study/report.pdf, study/report.html, summary.md/csv/json, charts/ and results/.
demo: build
	$(BIN) study --out study

# vet + every test (a few minutes at most on 2 cores).
test: vet
	go test -count=1 ./...

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || (echo "gofmt needed:"; gofmt -l .; exit 1)
	go vet ./...

# The cluster path end to end, as root on a Debian machine (installs slurmctld, slurmd,
# slurm-client and munge if missing; starts and stops a private single-node cluster):
# shards, a cancelled and a killed task, requeue, merge = one machine. Not part of `test`.
test-slurm:
	deploy/test-slurm.sh

# The Kubernetes manifests parsed and their pods played here with the binary (python3-yaml).
check-k8s: build
	python3 deploy/check-k8s.py $(BIN)

bench:
	go test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin study
