#!/usr/bin/env bash
# End-to-end test of deploy/slurm-submit.sh on a throwaway single-node Slurm cluster on
# localhost (`make test-slurm`; not part of `make test`). Needs root on a Debian machine:
# it installs slurmctld, slurmd, slurm-client and munge when they are missing, starts the
# daemons with a private configuration in a temporary directory, and stops what it started
# on exit (munged only if it was not already running). It asserts:
#
#   1. a single run (`run`) sent as 4 shards, with one task cancelled mid-run and then
#      requeued by hand, merges to the results file of the same run on one machine
#      (byte for byte outside its "run" key); the requeued task's log says it resumed;
#   2. the submit script refuses OUT again without --resume, and dragonlab refuses it for
#      another experiment or another dragonlab version with --resume; --resume of the finished run plays nothing new
#      and merges again to the same results (the merge is idempotent);
#   3. a small study sent as 4 shards gives the single machine's results, summary.json,
#      summary.csv and summary.md;
#   4. a task whose dragonlab is killed (kill -9) mid-run leaves its shard unfinished: the
#      merge job requeues it, and the end result is still identical;
#   5. with no recovery rounds left the merge job fails, naming the shard and the rerun;
#      `slurm-submit.sh --resume` then finishes the run with the same results.
#
# Environment: CASES (default "1 2 3 4 5"; 2 needs 1), GAMES (games of the single run, default 1200000), STUDY (the study's flags,
# default "--quick --only draco"; empty: the default study), KEEP=1 keeps the temporary directory.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GAMES=${GAMES:-1200000}
read -r -a STUDY <<<"${STUDY---quick --only draco}" # STUDY= : the default study
fail() { echo "test-slurm: FAIL: $*" >&2; exit 1; }
note() { echo "test-slurm: $*"; }
ok() { echo "test-slurm: ok: $*"; summary+=("ok: $*"); }
summary=()
want() { [[ " ${CASES:-1 2 3 4 5} " == *" $1 "* ]]; }

[[ $EUID == 0 ]] || fail "run as root (it starts slurmctld, slurmd and possibly munged)"
need=()
for c in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge jq:jq; do
  command -v "${c%%:*}" >/dev/null || need+=("${c#*:}")
done
if ((${#need[@]})); then
  note "installing ${need[*]}"
  apt-get install -y --no-install-recommends "${need[@]}" >/dev/null ||
    { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${need[@]}" >/dev/null; }
fi

T=$(mktemp -d /tmp/dragonlab-slurm.XXXXXX)
W="$T/with space 100%" # every path of the runs has a space and a % in it: quoting is tested too
mkdir -p "$W" "$T/state" "$T/spool"
pids=()
started_munged=""
cleanup() {
  local code=$?
  set +e
  if [[ -n "${SLURM_CONF:-}" ]] && ((${#pids[@]})); then
    scancel --full --quiet -u root 2>/dev/null # only this private cluster's jobs
    for _ in $(seq 1 30); do [[ -z "$(squeue -h 2>/dev/null)" ]] && break; sleep 1; done
  fi
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do
    for _ in $(seq 1 20); do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$p" 2>/dev/null
  done
  if [[ -n "$started_munged" ]]; then kill "$started_munged" 2>/dev/null; fi
  if [[ "${KEEP:-}" == 1 ]]; then note "kept $T"; else rm -rf "$T"; fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# munge: use a running munged, else start one (and stop it at the end).
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
  if [[ ! -s /etc/munge/munge.key ]]; then
    mkdir -p /etc/munge
    if command -v mungekey >/dev/null; then mungekey --create --keyfile /etc/munge/munge.key; else dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none; fi
  fi
  chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
  mkdir -p /run/munge /var/lib/munge /var/log/munge && chown munge:munge /run/munge /var/lib/munge /var/log/munge
  runuser -u munge -- /usr/sbin/munged
  started_munged=$(cat /run/munge/munged.pid)
  munge -n </dev/null | unmunge >/dev/null || fail "munged does not work"
fi

# Free ports for this cluster (another Slurm may run on this machine).
port() {
  local p
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 20000))
    ss -Hltn "sport = :$p" 2>/dev/null | grep -q . || { echo "$p"; return; }
  done
  fail "no free port"
}
ctld_port=$(port)
slurmd_port=$(port)
[[ "$ctld_port" != "$slurmd_port" ]] || slurmd_port=$((ctld_port + 1))
cpus=$(nproc)
cat >"$T/slurm.conf" <<EOF
ClusterName=dragonlabtest
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobRequeue=1
MpiDefault=none
KillWait=5
MinJobAge=600
SchedulerParameters=sched_interval=2
NodeName=localhost CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$T/slurm.conf"
slurmctld -D -c -f "$SLURM_CONF" >"$T/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost -f "$SLURM_CONF" >"$T/slurmd.out" 2>&1 &
pids+=($!)
for i in $(seq 1 60); do
  [[ "$(sinfo -h -o %t 2>/dev/null)" == idle ]] && break
  ((i < 60)) || { tail -5 "$T/slurmctld.log" "$T/slurmd.log" >&2; fail "the cluster did not come up"; }
  sleep 1
done
note "single-node cluster up ($cpus CPUs, slurmctld port $ctld_port, config $SLURM_CONF)"

note "building dragonlab"
make -s -C "$here" build >/dev/null
BIN="$here/bin/dragonlab"
SUBMIT="$here/deploy/slurm-submit.sh"

# wait_done OUT: until the run's jobs have left the queue; prints OUT's state.
wait_done() {
  local out=$1 t0=$SECONDS
  while [[ -n "$(squeue -h -n dragonlab,dragonlab-merge 2>/dev/null)" ]]; do
    ((SECONDS - t0 < 1800)) || fail "$out: jobs still queued after 30 minutes"
    sleep 2
  done
  cat "$out/slurm/state"
}
# same_results A B: byte-identical outside the "run" key.
same_results() { cmp -s <(jq -S 'del(.run)' "$1") <(jq -S 'del(.run)' "$2"); }
# running_task OUT JOB BASE: a task of JOB (array ids from BASE) that is running and has
# written a checkpoint.
running_task() {
  local out=$1 job=$2 base=$3 t0=$SECONDS id k
  while ((SECONDS - t0 < 600)); do
    for id in $(squeue -h -j "$job" -t RUNNING -o %i 2>/dev/null); do
      k=$((${id#*_} - base))
      if compgen -G "$out/parts/*.shard-$k-of-4.ckpt.json" >/dev/null; then echo "$id"; return; fi
    done
    sleep 0.5
  done
  fail "no task of $job ran and checkpointed"
}
# kill_dragonlab TASK: kill -9 the dragonlab process of a running array task.
kill_dragonlab() {
  local jobid p pid=""
  jobid=$(scontrol show job -o "$1" | grep -o 'JobId=[0-9]*' | head -1)
  for p in $(scontrol listpids "${jobid#JobId=}" 2>/dev/null | awk 'NR > 1 {print $1}'); do
    [[ "$(cat "/proc/$p/comm" 2>/dev/null)" == dragonlab ]] && pid=$p
  done
  [[ -n "$pid" ]] || fail "no dragonlab process in task $1 ($jobid): $(scontrol listpids "${jobid#JobId=}" 2>&1)"
  note "kill -9 dragonlab (pid $pid) of task $1"
  kill -9 "$pid"
}
config() { bash -c 'source "$1/slurm/config.sh"; echo "${!2}"' _ "$1" "$2"; }

RUN=(run --game draco --players 4 --agents "random,random,random,random" --games "$GAMES" --seed 3)

# The single run on one machine (cases 1 and 4 compare with it).
t0=$SECONDS
"$BIN" "${RUN[@]}" --workers "$cpus" --quiet --out "$W/single.json" >/dev/null
t_single=$((SECONDS - t0))

# 1. A single run as 4 shards (array ids 1-4: the shard comes from the array), one task
#    cancelled mid-run and requeued by hand.
if want 1; then
  t0=$SECONDS
  out="$W/run 1"
  "$SUBMIT" --out "$out" --shards 4 --cpus 1 --time 20:00 --array-base 1 --checkpoint-every 1s \
    --dragonlab "$BIN" -- "${RUN[@]}"
  job=$(config "$out" C_ARRAY_JOB)
  victim=$(running_task "$out" "$job" 1)
  note "cancelling task $victim mid-run"
  scancel "$victim"
  for _ in $(seq 1 60); do
    st=$(scontrol show job -o "$victim" | grep -o 'JobState=[A-Z_]*')
    [[ "$st" == JobState=CANCELLED ]] && break
    sleep 0.5
  done
  [[ "$st" == JobState=CANCELLED ]] || fail "$victim: $st after scancel"
  scontrol requeue "$victim"
  note "requeued $victim"
  state=$(wait_done "$out")
  t_sharded=$((SECONDS - t0))
  [[ "$state" == merged ]] || fail "run: state $state; merge log: $(tail -5 "$out/logs/merge.log")"
  same_results "$W/single.json" "$out/results.json" || fail "run: merged results differ from the single-machine run"
  grep -q 'resuming after' "$out/logs/task-${victim#*_}.log" || fail "run: the requeued task's log does not say it resumed"
  ok "run, 4 shards (tasks 1-4), task $victim cancelled and requeued mid-run: merged results.json = single machine (outside \"run\"); its log says it resumed [one machine ${t_single}s, sharded ${t_sharded}s]"
fi

# 2. The output directory is defended; --resume of a finished run changes nothing.
if want 2; then
  code=0
  "$SUBMIT" --out "$out" --dragonlab "$BIN" -- "${RUN[@]}" 2>"$T/err" >/dev/null || code=$?
  # shellcheck disable=SC2015 # fail unless both hold
  [[ $code == 2 ]] && grep -q 'not empty: give --resume' "$T/err" || fail "a non-empty OUT without --resume: exit $code: $(cat "$T/err")"
  code=0
  "$SUBMIT" --out "$out" --resume --dragonlab "$BIN" -- run --game draco --players 3 --games 1000 2>"$T/err" >/dev/null || code=$?
  # shellcheck disable=SC2015 # fail unless both hold
  [[ $code == 2 ]] && grep -q 'belongs to another plan' "$T/err" || fail "--resume with another experiment: exit $code: $(cat "$T/err")"
  go build -C "$here" -ldflags "-X dragonlab/sim.Version=0.0.0-other" -o "$T/dragonlab-other" ./cmd/dragonlab
  code=0
  "$SUBMIT" --out "$out" --resume --dragonlab "$T/dragonlab-other" 2>"$T/err" >/dev/null || code=$?
  # shellcheck disable=SC2015 # fail unless both hold
  [[ $code == 2 ]] && grep -q 'was started by dragonlab .* and this is dragonlab 0.0.0-other' "$T/err" || fail "--resume with another version: exit $code: $(cat "$T/err")"
  [[ "$(config "$out" C_ARRAY_JOB)" == "$job" ]] || fail "a refused submission changed OUT"
  cp "$out/results.json" "$T/before.json"
  "$SUBMIT" --out "$out" --resume >/dev/null
  state=$(wait_done "$out")
  [[ "$state" == merged ]] || fail "resume: state $state"
  same_results "$T/before.json" "$out/results.json" || fail "resume: the results changed"
  grep -q '0 played, 0 resumed, 1 already done' "$out/logs/task-1.log" || fail "resume: a finished shard was played again"
  ok "OUT refused without --resume (exit 2), for another plan and for another dragonlab version (by dragonlab, exit 2); --resume of the finished run replayed nothing and merged to the same results"
fi

# 3. A small study as 4 shards.
if want 3; then
  t0=$SECONDS
  "$BIN" study "${STUDY[@]}" --workers "$cpus" --quiet --out "$W/study single" >/dev/null 2>&1
  t_study1=$((SECONDS - t0))
  t0=$SECONDS
  out="$W/study 4"
  "$SUBMIT" --out "$out" --shards 4 --cpus 1 --time 20:00 --dragonlab "$BIN" -- study "${STUDY[@]}" >/dev/null
  state=$(wait_done "$out")
  t_study4=$((SECONDS - t0))
  [[ "$state" == merged ]] || fail "study: state $state; merge log: $(tail -5 "$out/logs/merge.log")"
  n=0
  for f in "$W/study single/results/"*.json; do
    same_results "$f" "$out/results/${f##*/}" || fail "study: ${f##*/} differs"
    n=$((n + 1))
  done
  for f in summary.json summary.csv summary.md; do
    cmp -s "$W/study single/$f" "$out/$f" || fail "study: $f differs"
  done
  ok "study ${STUDY[*]:-(the default study)}, 4 shards: $n results files, summary.json, summary.csv and summary.md = single machine [one machine ${t_study1}s, sharded ${t_study4}s]"
fi

# 4. A task's dragonlab killed (kill -9) mid-run: the merge job requeues it.
if want 4; then
  out="$W/run 2"
  "$SUBMIT" --out "$out" --shards 4 --cpus 1 --time 20:00 --checkpoint-every 1s --dragonlab "$BIN" -- "${RUN[@]}" >/dev/null
  job=$(config "$out" C_ARRAY_JOB)
  victim=$(running_task "$out" "$job" 0)
  kill_dragonlab "$victim"
  state=$(wait_done "$out")
  [[ "$state" == merged ]] || fail "kill: state $state; merge log: $(tail -5 "$out/logs/merge.log")"
  grep -q "requeued shard ${victim#*_}/4" "$out/logs/merge.log" || fail "kill: the merge job did not requeue shard ${victim#*_}"
  grep -q 'resuming after' "$out/logs/task-${victim#*_}.log" || fail "kill: the requeued task did not resume"
  same_results "$W/single.json" "$out/results.json" || fail "kill: merged results differ from the single-machine run"
  ok "run, 4 shards, dragonlab of task $victim killed -9: the merge job requeued shard ${victim#*_}/4, it resumed, merged results.json = single machine"
fi

# 5. No recovery rounds left (--max-rounds 0): the merge job fails naming the shard to
#    rerun; `slurm-submit.sh --resume` reruns it and merges to the same results.
if want 5; then
  out="$W/run 3"
  "$SUBMIT" --out "$out" --shards 4 --cpus 1 --time 20:00 --checkpoint-every 1s --max-rounds 0 --dragonlab "$BIN" -- "${RUN[@]}" >/dev/null
  job=$(config "$out" C_ARRAY_JOB)
  victim=$(running_task "$out" "$job" 0)
  kill_dragonlab "$victim"
  state=$(wait_done "$out")
  k=${victim#*_}
  [[ "$state" == "failed: shard(s) $k of 4 unfinished after 0 recovery rounds" ]] || fail "max-rounds 0: state $state"
  grep -q "shard(s) $k/4 did not finish and the 0 recovery rounds .*--resume --out '$out'.*--shard $k/4 " "$out/logs/merge.log" || fail "max-rounds 0: the merge log does not name shard $k/4 and the rerun"
  [[ ! -e "$out/results.json" ]] || fail "max-rounds 0: a failed merge wrote results"
  "$SUBMIT" --out "$out" --resume >/dev/null
  state=$(wait_done "$out")
  [[ "$state" == merged ]] || fail "max-rounds 0, resumed: state $state"
  grep -q 'resuming after' "$out/logs/task-$k.log" || fail "max-rounds 0: the resubmitted shard did not resume"
  same_results "$W/single.json" "$out/results.json" || fail "max-rounds 0, resumed: merged results differ from the single-machine run"
  ok "--max-rounds 0, task $victim killed: the merge job failed naming shard $k/4 and the rerun; slurm-submit.sh --resume resumed it and merged to the same results"
fi

echo
echo "test-slurm: PASS (Slurm $(sinfo --version | awk '{print $2}'), $cpus CPUs, draco 4p $GAMES games)"
printf '  %s\n' "${summary[@]}"
