#!/usr/bin/env bash
# A Slurm job array: task i plays shard i of n (--shard auto/n reads SLURM_ARRAY_TASK_ID),
# then a dependent job merges the parts.
#   sbatch deploy/slurm-array.sh            # submits the array and the merge
#SBATCH --job-name=dragonlab
#SBATCH --array=0-7
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
#SBATCH --output=dragonlab-%A_%a.log
set -euo pipefail

SHARDS=8
OUT=${OUT:-$PWD/results}
DRAGONLAB=${DRAGONLAB:-dragonlab}
RUN_ARGS=(--game draco --players 4 --games 100000000 --seed 1)

if [[ -z "${SLURM_ARRAY_TASK_ID:-}" ]]; then
  echo "submit with sbatch" >&2
  exit 2
fi
mkdir -p "$OUT"
i=$SLURM_ARRAY_TASK_ID
ck="$OUT/ck-$i.json"
# A requeued task continues where it stopped.
"$DRAGONLAB" run "${RUN_ARGS[@]}" --shard "auto/$SHARDS" --quiet \
  --checkpoint "$ck" --resume-if-exists --out "$OUT/part-$i.json"

# The last task to finish is not known in advance: submit the merge once, from task 0,
# as a job that waits for the whole array.
if [[ "$i" == 0 ]]; then
  sbatch --dependency="afterok:${SLURM_ARRAY_JOB_ID}" --job-name=dragonlab-merge \
    --wrap "$DRAGONLAB merge $OUT/part-*.json --out $OUT/all.json"
fi
