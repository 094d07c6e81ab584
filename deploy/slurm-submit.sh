#!/usr/bin/env bash
# Send any dragonlab experiment to a Slurm cluster: a job array plays the shards of its
# plan, then a merge job merges them and writes the report — the same results and report
# as one machine. See the README, "Large runs", for the step by step.
#
#   deploy/slurm-submit.sh --out /shared/big --shards 16 --cpus 8 --time 12:00:00 \
#       -- study --games 10000000
#   deploy/slurm-submit.sh --out /shared/r1 --shards 8 -- run --game draco --players 4 --games 100000000
#   deploy/slurm-submit.sh --out /shared/t --plan t.plan.json          # a plan file
#   deploy/slurm-submit.sh --resume --out /shared/big                  # continue / rerun cleanly
#
# What it does:
#   1. writes the plan (dragonlab plan COMMAND …) and claims OUT for it (run-plan --prepare):
#      a directory that holds another plan is refused by dragonlab itself;
#   2. submits the array: task k plays shard (k - first task id)/(task count) of every run
#      of OUT/plan.json with --workers $SLURM_CPUS_PER_TASK; --requeue, logs in OUT/logs
#      appended across requeues; a requeued or restarted task resumes from its checkpoints
#      and its log says so;
#   3. submits the merge job (--dependency=afterany on the array). It checks every shard:
#      failed or missing ones are requeued (scontrol requeue) and the merge resubmits itself
#      after them, at most --max-rounds times; then it fails naming the shard to rerun.
#      When every shard is done it runs `dragonlab merge OUT` (the results and the report).
#      Merging again is harmless.
#
# OUT/slurm/ holds this script's copy (what the jobs run), the settings (config.sh), each
# shard's exit status and the run's state (OUT/slurm/state: submitted, merging, waiting …,
# merged, failed: …). Every path is quoted: spaces are fine, newlines are not.
set -euo pipefail

me=slurm-submit
die() { echo "$me: $*" >&2; exit 2; }       # bad input: nothing submitted
fail() { echo "$me: $*" >&2; exit 1; }
now() { date '+%Y-%m-%d %H:%M:%S'; }
say() { echo "[$(now)] $*"; }

usage() {
  cat <<'EOF'
usage: slurm-submit.sh --out DIR [options] -- COMMAND [FLAGS…]
       slurm-submit.sh --out DIR [options] --plan PLAN.json
       slurm-submit.sh --out DIR --resume [options] [-- COMMAND [FLAGS…] | --plan PLAN.json]

COMMAND is any dragonlab experiment with its flags (run, study, tournament, ladder, skill,
sweep, ablate, luck), without --out/--shard/--workers: its plan is played as shards.

options (environment variable in brackets; on --resume the previous settings are kept):
  --out DIR             output directory, on a file system every node sees [OUTDIR]
  --shards N            array tasks, one shard each (default 4) [SHARDS]
  --cpus N              CPUs per task = dragonlab --workers (default 4) [CPUS_PER_TASK]
  --time T              time limit of each task (default 04:00:00) [TIME_LIMIT]
  --merge-time T        time limit of the merge job (default 01:00:00) [MERGE_TIME]
  --partition P         [PARTITION]   --account A [ACCOUNT]   --qos Q [QOS]
                        (passed to the array and to every merge job)
  --sbatch-arg ARG      one more sbatch option for every job, e.g. --sbatch-arg=--mem=8G
                        (repeatable)
  --dragonlab PATH      the dragonlab binary, on a shared path (default: dragonlab on the
                        PATH) [DRAGONLAB]
  --max-rounds N        times the merge may requeue failed shards (default 3) [MAX_ROUNDS]
  --checkpoint-every D  least time between two checkpoints of a run (default: dragonlab's,
                        30s) [CHECKPOINT_EVERY]
  --job-name NAME       (default dragonlab; the merge job is NAME-merge) [JOB_NAME]
  --array-base K        first array task id (default 0); the shard is the task id minus
                        K, the shard count the array's task count [ARRAY_BASE]
  --plan FILE           play this plan file (dragonlab plan …) instead of a command
  --resume              OUT holds this run already: continue it (finished shards are
                        reused, interrupted ones resume). Without --resume a non-empty OUT
                        is refused. With neither COMMAND nor --plan, OUT's plan is played.
EOF
}

# ---------------------------------------------------------------------------------------
# Settings shared by the three modes: kept in OUT/slurm/config.sh as C_* variables.

settings=(C_DRAGONLAB C_OUTDIR C_SHARDS C_CPUS C_TIME C_MERGE_TIME C_PARTITION C_ACCOUNT
  C_QOS C_MAX_ROUNDS C_CKPT_EVERY C_JOB_NAME C_BASE C_SBATCH_ARGS C_ARRAY_JOB C_MERGE_JOB)

load_config() { # DIR
  local file="$1/slurm/config.sh"
  [[ -f "$file" ]] || fail "$1 has no slurm/config.sh: it was not submitted by this script"
  # shellcheck disable=SC1090
  source "$file"
}

save_config() { # atomically: tasks may read it while the merge job rewrites it
  local file="$C_OUTDIR/slurm/config.sh"
  # declare -g: the modes load it inside a function.
  declare -p "${settings[@]}" | sed -E 's/^declare -(-|([a-zA-Z]+)) /declare -g\2 /' >"$file.tmp.$$"
  mv -f "$file.tmp.$$" "$file"
}

set_state() { echo "$*" >"$C_OUTDIR/slurm/state.tmp.$$" && mv -f "$C_OUTDIR/slurm/state.tmp.$$" "$C_OUTDIR/slurm/state"; }

# sbatch options every job of the run gets: partition, account, QoS, the extra options.
common_sbatch() {
  common=(--chdir "$C_OUTDIR" --open-mode=append --requeue)
  [[ -n "$C_PARTITION" ]] && common+=(--partition "$C_PARTITION")
  [[ -n "$C_ACCOUNT" ]] && common+=(--account "$C_ACCOUNT")
  [[ -n "$C_QOS" ]] && common+=(--qos "$C_QOS")
  common+=("${C_SBATCH_ARGS[@]}")
  return 0
}

# Slurm expands %-patterns in --output: a literal % in the directory is written %%.
log_pattern() { local d="$C_OUTDIR/logs"; printf '%s/%s' "${d//%/%%}" "$1"; }
task_log() { printf '%s' "$C_OUTDIR/logs/task-$((C_BASE + $1)).log"; }

submit_merge() { # ROUND DEPENDENCY → prints the job id
  local round=$1 dep=$2 out
  common_sbatch
  out=$(sbatch --parsable "${common[@]}" --job-name "$C_JOB_NAME-merge" --dependency "$dep" \
    --cpus-per-task 1 --time "$C_MERGE_TIME" --output "$(log_pattern merge.log)" \
    "$C_OUTDIR/slurm/slurm-submit.sh" --merge-job "$C_OUTDIR" "$round") || return 1
  echo "${out%%;*}"
}

# The state of a job (array task JOB_K) in the controller, empty once it has forgotten it.
job_state() {
  local line
  line=$(scontrol show job -o "$1" 2>/dev/null) || return 0
  line=${line#*JobState=}
  echo "${line%% *}"
}

# ---------------------------------------------------------------------------------------
# Array task: one shard of every run of the plan.

task_mode() {
  load_config "$1"
  : "${SLURM_ARRAY_TASK_ID:?not an array task}" "${SLURM_ARRAY_TASK_MIN:?}" "${SLURM_ARRAY_TASK_COUNT:?}"
  # The shard comes from the array itself, never from a number written down elsewhere:
  # --array=0-7, 1-8 or 100-107 all give shards 0/8 … 7/8.
  local n=$SLURM_ARRAY_TASK_COUNT i=$((SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN))
  if ((i < 0 || i >= n)); then
    fail "task id $SLURM_ARRAY_TASK_ID is not in the dense array ${SLURM_ARRAY_TASK_MIN}-$((SLURM_ARRAY_TASK_MIN + n - 1)): submit with --array=K-(K+N-1)"
  fi
  local status="$C_OUTDIR/slurm/status/shard-$i-of-$n" workers=${SLURM_CPUS_PER_TASK:-1}
  rm -f "$status"
  local again=""
  ((${SLURM_RESTART_COUNT:-0} > 0)) && again=", requeued ${SLURM_RESTART_COUNT}×: resumes from its checkpoints"
  say "shard $i/$n: task ${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID} on $(hostname), $workers CPUs$again"
  local args=(run-plan "$C_OUTDIR/plan.json" --shard "$i/$n" --workers "$workers" --out "$C_OUTDIR")
  [[ -n "$C_CKPT_EVERY" ]] && args+=(--checkpoint-every "$C_CKPT_EVERY")
  local code=0
  "$C_DRAGONLAB" "${args[@]}" || code=$?
  echo "$code" >"$status.tmp.$$" && mv -f "$status.tmp.$$" "$status"
  say "shard $i/$n: exit status $code"
  exit "$code"
}

# ---------------------------------------------------------------------------------------
# Merge job: check the shards, requeue the failed ones (bounded), or merge and report.

merge_mode() {
  load_config "$1"
  local round=$2 n=$C_SHARDS
  set_state "merging (round $round, job ${SLURM_JOB_ID:-?})"
  say "merge round $round of at most $((C_MAX_ROUNDS + 1)): checking $n shards of $C_OUTDIR"
  local i code id st waiting=() failed=() bad=() lost=()
  for ((i = 0; i < n; i++)); do
    code=$(cat "$C_OUTDIR/slurm/status/shard-$i-of-$n" 2>/dev/null || echo none)
    [[ "$code" == 0 ]] && continue
    id="${C_ARRAY_JOB}_$((C_BASE + i))"
    st=$(job_state "$id")
    case "$st" in
      PENDING | RUNNING | REQUEUED | REQUEUE_HOLD | REQUEUE_FED | CONFIGURING | COMPLETING | SUSPENDED | RESIZING | SIGNALING | STAGE_OUT)
        say "shard $i/$n (task $id) is $st: waiting for it"
        waiting+=("$id") ;;
      *)
        say "shard $i/$n (task $id, ${st:-forgotten by slurmctld}) did not finish: exit status $code, log $(task_log "$i")"
        if [[ "$code" == 2 ]]; then bad+=("$i"); elif [[ -z "$st" ]]; then lost+=("$i"); else failed+=("$i"); fi ;;
    esac
  done
  if ((${#bad[@]} > 0)); then
    set_state "failed: bad input in shard(s) ${bad[*]} of $n"
    fail "shard(s) $(shards "${bad[@]}") stopped on bad input (exit status 2): requeueing cannot help; read the log, fix the cause, then $(rerun "${bad[@]}")"
  fi
  if ((${#failed[@]} + ${#lost[@]} + ${#waiting[@]} == 0)); then
    say "every shard is done: dragonlab merge $C_OUTDIR"
    local mcode=0
    "$C_DRAGONLAB" merge "$C_OUTDIR" || mcode=$?
    if ((mcode != 0)); then
      set_state "failed: dragonlab merge exit status $mcode (see logs/merge.log)"
      fail "dragonlab merge failed (exit status $mcode): its message above names what to rerun"
    fi
    set_state "merged"
    say "merged: results and report in $C_OUTDIR"
    return 0
  fi
  if ((${#lost[@]} > 0)); then
    set_state "failed: shard(s) ${lost[*]} of $n cannot be requeued"
    fail "shard(s) $(shards "${lost[@]}") failed and slurmctld no longer knows their tasks (MinJobAge): $(rerun "${lost[@]}")"
  fi
  if ((${#failed[@]} > 0 && round > C_MAX_ROUNDS)); then
    set_state "failed: shard(s) ${failed[*]} of $n unfinished after $C_MAX_ROUNDS recovery rounds"
    fail "shard(s) $(shards "${failed[@]}") did not finish and the $C_MAX_ROUNDS recovery rounds (--max-rounds) are used up: read their logs, then $(rerun "${failed[@]}")"
  fi
  for i in "${failed[@]}"; do
    id="${C_ARRAY_JOB}_$((C_BASE + i))"
    if ! scontrol requeue "$id"; then
      set_state "failed: cannot requeue shard $i of $n"
      fail "cannot requeue task $id (shard $i/$n): $(rerun "${failed[@]}")"
    fi
    say "requeued shard $i/$n (task $id): it resumes from its checkpoints"
    waiting+=("$id")
  done
  local dep job
  dep="afterany:$(IFS=:; echo "${waiting[*]}")"
  job=$(submit_merge $((round + 1)) "$dep") || fail "cannot resubmit the merge job: submit it by hand: sbatch --dependency=$dep … '$C_OUTDIR/slurm/slurm-submit.sh' --merge-job '$C_OUTDIR' $((round + 1))"
  C_MERGE_JOB=$job
  save_config
  set_state "waiting for shard(s) of tasks ${waiting[*]} (merge job $job, round $((round + 1)))"
  say "merge resubmitted as job $job after ${waiting[*]}"
}

shards() { local s=() i; for i in "$@"; do s+=("$i/$C_SHARDS"); done; echo "${s[*]}"; }

# How to rerun shards by hand, once the merge job has given up.
rerun() {
  local i cmds=""
  for i in "$@"; do cmds+="dragonlab run-plan '$C_OUTDIR/plan.json' --shard $i/$C_SHARDS --out '$C_OUTDIR'; "; done
  echo "rerun with deploy/slurm-submit.sh --resume --out '$C_OUTDIR' (finished shards are reused), or by hand: ${cmds}dragonlab merge '$C_OUTDIR'"
}

# ---------------------------------------------------------------------------------------
# Submit.

submit_mode() {
  local o_out="" o_shards="" o_cpus="" o_time="" o_mtime="" o_part="" o_acct="" o_qos=""
  local o_bin="" o_rounds="" o_ckpt="" o_name="" o_base="" o_plan="" resume=0 have_extra=0
  local -a o_extra=() command=() prev_extra=()
  local opt val inline
  while (($#)); do
    opt=$1 val="" inline=0
    shift
    if [[ "$opt" == --*=* ]]; then val=${opt#*=} opt=${opt%%=*} inline=1; fi
    case "$opt" in
      --out | --shards | --cpus | --time | --merge-time | --partition | --account | --qos | --sbatch-arg | \
        --dragonlab | --max-rounds | --checkpoint-every | --job-name | --array-base | --plan)
        if ((!inline)); then
          (($#)) || die "$opt needs a value"
          val=$1
          shift
        fi ;;
      -h | --help | --resume) ((!inline)) || die "$opt takes no value" ;;
    esac
    case "$opt" in
      -h | --help) usage; exit 0 ;;
      --out) o_out=$val ;;
      --shards) o_shards=$val ;;
      --cpus) o_cpus=$val ;;
      --time) o_time=$val ;;
      --merge-time) o_mtime=$val ;;
      --partition) o_part=$val ;;
      --account) o_acct=$val ;;
      --qos) o_qos=$val ;;
      --sbatch-arg) o_extra+=("$val") have_extra=1 ;;
      --dragonlab) o_bin=$val ;;
      --max-rounds) o_rounds=$val ;;
      --checkpoint-every) o_ckpt=$val ;;
      --job-name) o_name=$val ;;
      --array-base) o_base=$val ;;
      --plan) o_plan=$val ;;
      --resume) resume=1 ;;
      --) command=("$@"); break ;;
      -*) die "unknown option $opt (see --help)" ;;
      *) command=("$opt" "$@"); break ;;
    esac
  done

  # The settings: option, else environment variable, else (on --resume) the previous
  # submission's, else the default.
  C_OUTDIR=${o_out:-${OUTDIR:-}}
  [[ -n "$C_OUTDIR" ]] || die "--out DIR is required (the output directory, on a file system every node sees)"
  [[ "$C_OUTDIR" != *$'\n'* ]] || die "--out: a path with a newline is not supported"
  C_OUTDIR=$(realpath -m -- "$C_OUTDIR")
  local out=$C_OUTDIR
  local -A prev=()
  if ((resume)) && [[ -f "$out/slurm/config.sh" ]]; then
    local v
    load_config "$out"
    for v in "${settings[@]}"; do [[ "$v" == C_SBATCH_ARGS ]] || prev[$v]=${!v-}; done
    prev_extra=("${C_SBATCH_ARGS[@]}")
  fi
  C_OUTDIR=$out
  pick() { # OPTION ENV PREVIOUS DEFAULT
    if [[ -n "$1" ]]; then echo "$1"; elif [[ -n "$2" ]]; then echo "$2"; elif [[ -n "$3" ]]; then echo "$3"; else echo "$4"; fi
  }
  C_SHARDS=$(pick "$o_shards" "${SHARDS:-}" "${prev[C_SHARDS]:-}" 4)
  C_CPUS=$(pick "$o_cpus" "${CPUS_PER_TASK:-}" "${prev[C_CPUS]:-}" 4)
  C_TIME=$(pick "$o_time" "${TIME_LIMIT:-}" "${prev[C_TIME]:-}" 04:00:00)
  C_MERGE_TIME=$(pick "$o_mtime" "${MERGE_TIME:-}" "${prev[C_MERGE_TIME]:-}" 01:00:00)
  C_PARTITION=$(pick "$o_part" "${PARTITION:-}" "${prev[C_PARTITION]:-}" "")
  C_ACCOUNT=$(pick "$o_acct" "${ACCOUNT:-}" "${prev[C_ACCOUNT]:-}" "")
  C_QOS=$(pick "$o_qos" "${QOS:-}" "${prev[C_QOS]:-}" "")
  C_MAX_ROUNDS=$(pick "$o_rounds" "${MAX_ROUNDS:-}" "${prev[C_MAX_ROUNDS]:-}" 3)
  C_CKPT_EVERY=$(pick "$o_ckpt" "${CHECKPOINT_EVERY:-}" "${prev[C_CKPT_EVERY]:-}" "")
  C_JOB_NAME=$(pick "$o_name" "${JOB_NAME:-}" "${prev[C_JOB_NAME]:-}" dragonlab)
  C_BASE=$(pick "$o_base" "${ARRAY_BASE:-}" "${prev[C_BASE]:-}" 0)
  local bin
  bin=$(pick "$o_bin" "${DRAGONLAB:-}" "${prev[C_DRAGONLAB]:-}" dragonlab)
  if ((have_extra)); then C_SBATCH_ARGS=("${o_extra[@]}"); else C_SBATCH_ARGS=("${prev_extra[@]}"); fi
  C_ARRAY_JOB="" C_MERGE_JOB=""

  [[ "$C_SHARDS" =~ ^[1-9][0-9]{0,5}$ ]] || die "--shards must be a positive integer, not '$C_SHARDS'"
  [[ "$C_CPUS" =~ ^[1-9][0-9]{0,4}$ ]] || die "--cpus must be a positive integer, not '$C_CPUS'"
  [[ "$C_MAX_ROUNDS" =~ ^[0-9]{1,3}$ ]] || die "--max-rounds must be a non-negative integer, not '$C_MAX_ROUNDS'"
  [[ "$C_BASE" =~ ^[0-9]{1,7}$ ]] || die "--array-base must be a non-negative integer, not '$C_BASE'"
  [[ -n "$C_TIME" && -n "$C_MERGE_TIME" ]] || die "--time and --merge-time must not be empty"
  [[ -n "$C_JOB_NAME" && "$C_JOB_NAME" != *[[:space:]]* ]] || die "--job-name must be one word"
  local x
  for x in "${C_SBATCH_ARGS[@]}"; do
    case "$x" in
      --array* | -a* | --dependency* | -d* | --output* | -o* | --error* | -e* | --open-mode* | --cpus-per-task* | -c* | --chdir* | -D* | --job-name* | -J*)
        die "--sbatch-arg $x: this script sets that option itself (see --help)" ;;
      -*) ;;
      *) die "--sbatch-arg $x: give one sbatch option, e.g. --sbatch-arg=--mem=8G" ;;
    esac
  done
  if [[ "$bin" == */* ]]; then
    C_DRAGONLAB=$(realpath -m -- "$bin")
  else
    C_DRAGONLAB=$(command -v -- "$bin") || die "no $bin on the PATH: give --dragonlab PATH (on a shared file system)"
  fi
  [[ -x "$C_DRAGONLAB" && -f "$C_DRAGONLAB" ]] || die "$C_DRAGONLAB is not an executable file"
  command -v sbatch >/dev/null || die "sbatch is not on the PATH: run this on a Slurm login node"
  if ((${#command[@]} > 0)) && [[ -n "$o_plan" ]]; then
    die "give either a COMMAND or --plan FILE, not both"
  fi
  for x in "${command[@]}"; do
    case "$x" in
      --out | --out=* | -o | -o?* | --shard | --shard=* | --workers | --workers=* | -w | -w?* | --from | --from=*)
        die "the command must not set $x: the script gives --out, --shard and --workers (its --out, --shards, --cpus)" ;;
    esac
  done

  # The output directory: new, empty, or (with --resume) the directory of this very run.
  if [[ -e "$out" && ! -d "$out" ]]; then die "--out $out is not a directory"; fi
  local active="" j
  if ((resume)); then
    [[ -f "$out/plan.json" ]] || die "--resume: $out holds no run to resume (no plan.json)"
    for j in ${prev[C_ARRAY_JOB]:-} ${prev[C_MERGE_JOB]:-}; do
      [[ -n "$(squeue -h -j "$j" -o %i 2>/dev/null || true)" ]] && active+=" $j"
    done
    [[ -z "$active" ]] || die "$out is still being worked on by job(s)$active: wait for them (squeue), or scancel them first"
    if [[ -n "${prev[C_SHARDS]:-}" && "${prev[C_SHARDS]}" != "$C_SHARDS" ]] && compgen -G "$out/parts/*.shard-*" >/dev/null; then
      die "$out was started with ${prev[C_SHARDS]} shards: resume with --shards ${prev[C_SHARDS]} (or start a new directory)"
    fi
  elif [[ -d "$out" && -n "$(ls -A -- "$out")" ]]; then
    die "$out is not empty: give --resume to continue the run it holds, or choose a new output directory"
  fi

  # The plan: written by dragonlab from the command (or the given file, or OUT's own), then
  # OUT is claimed for it — dragonlab refuses a directory that holds another plan.
  local plan
  tmp=$(mktemp -d)
  trap 'rm -rf -- "$tmp"' EXIT
  if ((${#command[@]} > 0)); then
    plan="$tmp/plan.json"
    "$C_DRAGONLAB" plan "${command[@]}" --out "$plan" >/dev/null || exit $?
  elif [[ -n "$o_plan" ]]; then
    plan=$o_plan
  elif ((resume)); then
    plan="$out/plan.json"
  else
    die "give the experiment: -- COMMAND [FLAGS…] (e.g. -- study --quick) or --plan FILE"
  fi
  "$C_DRAGONLAB" run-plan "$plan" --prepare --out "$out" || exit $?
  mkdir -p -- "$out/logs" "$out/slurm/status"
  rm -f -- "$out/slurm/status/"shard-* # this submission's tasks say how they ended
  cp -f -- "${BASH_SOURCE[0]}" "$out/slurm/slurm-submit.sh.tmp" && mv -f -- "$out/slurm/slurm-submit.sh.tmp" "$out/slurm/slurm-submit.sh"
  chmod +x "$out/slurm/slurm-submit.sh"
  save_config

  # The array, then the merge after it.
  local jobout last=$((C_BASE + C_SHARDS - 1))
  common_sbatch
  jobout=$(sbatch --parsable "${common[@]}" --job-name "$C_JOB_NAME" --array "$C_BASE-$last" \
    --cpus-per-task "$C_CPUS" --time "$C_TIME" --output "$(log_pattern "task-%a.log")" \
    "$out/slurm/slurm-submit.sh" --task "$out") || fail "sbatch refused the array (its message is above); nothing was submitted"
  C_ARRAY_JOB=${jobout%%;*}
  save_config
  if ! C_MERGE_JOB=$(submit_merge 1 "afterany:$C_ARRAY_JOB"); then
    fail "the array is job $C_ARRAY_JOB but sbatch refused the merge job: scancel $C_ARRAY_JOB, or submit it by hand: sbatch --dependency=afterany:$C_ARRAY_JOB … '$out/slurm/slurm-submit.sh' --merge-job '$out' 1"
  fi
  save_config
  set_state "submitted: array job $C_ARRAY_JOB, merge job $C_MERGE_JOB"
  cat <<EOF
submitted $C_SHARDS shards as array job $C_ARRAY_JOB (tasks $C_BASE-$last, $C_CPUS CPUs, $C_TIME each) and the merge as job $C_MERGE_JOB
output:   $out  (plan.json, parts/, then the results and the report)
watch:    squeue -j $C_ARRAY_JOB,$C_MERGE_JOB    cat '$out/slurm/state'    tail -f '$out/logs/'*.log
recover:  a failed task is requeued by the merge job (up to $C_MAX_ROUNDS rounds); by hand: scontrol requeue ${C_ARRAY_JOB}_K
EOF
}

case "${1:-}" in
  --task) (($# == 2)) || fail "usage: --task OUTDIR"; task_mode "$2" ;;
  --merge-job) (($# == 3)) || fail "usage: --merge-job OUTDIR ROUND"; merge_mode "$2" "$3" ;;
  *) submit_mode "$@" ;;
esac
