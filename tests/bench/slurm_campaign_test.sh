#!/usr/bin/env bash
# A small mutation campaign on a single-node Slurm cluster started here, from Debian's slurm-wlm
# and munge: bench/campaign.sbatch as a two-task job array, one shard per task, then the shards
# merged by bench/campaign.py. Skipped (exit 77) where Slurm or munge is absent, or where this
# machine does not let their daemons start (their logs are printed).
#
# usage: slurm_campaign_test.sh TRIAGE ROOT
set -uo pipefail
triage="$1"
root="$2"
skip() {
  echo "SKIPPED: $*"
  exit 77
}
for tool in munged slurmctld slurmd sbatch sinfo; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (Debian: munge, slurm-wlm)"
done

work="$(mktemp -d /tmp/triage-slurm-XXXXXX)"
chmod 755 "$work"
cleanup() {
  for pid in "$work"/slurmd.pid "$work"/slurmctld.pid "$work"/munge/pid; do
    [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null
  done
  sleep 1
  rm -rf "$work"
}
trap cleanup EXIT
show_logs() {
  for log in "$work"/munge/log "$work"/slurmctld.log "$work"/slurmd.log; do
    [ -f "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }
  done
}

# munge: its own key and socket; munged insists on a private key and a reachable socket directory.
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/out"
chmod 711 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 600 "$work/munge/munge.key"
munged --force --socket="$work/munge/sock" --key-file="$work/munge/munge.key" \
  --log-file="$work/munge/log" --pid-file="$work/munge/pid" --seed-file="$work/munge/seed" ||
  { show_logs; skip "munged does not start here"; }

# Ports above the defaults and chosen per run, so a real cluster or a parallel run is not touched.
port=$((20000 + RANDOM % 20000))
node="$(hostname)"
user="$(id -un)"
cat >"$work/slurm.conf" <<EOF
ClusterName=triagetest
SlurmctldHost=$node
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge/sock
CredType=cred/munge
SlurmUser=$user
SlurmdUser=$user
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$node CPUs=2 State=UNKNOWN
PartitionName=triage Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"
slurmctld -f "$SLURM_CONF" -i || { show_logs; skip "slurmctld does not start here"; }
slurmd -f "$SLURM_CONF" || { show_logs; skip "slurmd does not start here"; }
for _ in $(seq 30); do
  sinfo -h -o %t 2>/dev/null | grep -qE '^idle' && break
  sleep 1
done
sinfo -h -o %t 2>/dev/null | grep -qE '^idle' || { show_logs; skip "the local node never became idle"; }

# Six mutants of one program, two array tasks: three mutants each, then merged.
program="$root/bench/programs/max_of_two_calls.c"
export TRIAGE_BIN="$triage" TRIAGE_ROOT="$root" CAMPAIGN_LIMIT=6
if ! timeout 600 sbatch --wait --array=0-1 --chdir="$work/out" --output="$work/out/task-%a.log" \
  "$root/bench/campaign.sbatch" "$program" "$work/out"; then
  cat "$work"/out/task-*.log
  show_logs
  echo "FAILED: the job array did not succeed"
  exit 1
fi
status=0
for k in 0 1; do
  lines=$(grep -c '"outcome"' "$work/out/shard-$k.jsonl" 2>/dev/null || echo 0)
  if [ "$lines" -ne 3 ]; then
    echo "FAILED: shard $k has $lines mutant lines, not 3"
    cat "$work/out/task-$k.log"
    status=1
  fi
done
summary="$(python3 "$root/bench/campaign.py" --merge "$work"/out/shard-*.jsonl)" || status=1
echo "$summary"
echo "$summary" | grep -q '^mutants: 6,' || {
  echo "FAILED: the merged summary does not count the 6 mutants"
  status=1
}
# A shard's mutants are its own: the two shards together hold six different mutants.
distinct=$(cat "$work"/out/shard-*.jsonl | python3 -c \
  'import json,sys; print(len({json.loads(l)["mutant"] for l in sys.stdin if l.strip()}))')
[ "$distinct" -eq 6 ] || {
  echo "FAILED: $distinct distinct mutants in the shards, not 6"
  status=1
}
if grep -q '"outcome": "error"' "$work"/out/shard-*.jsonl; then
  echo "FAILED: a mutant's diagnosis crashed"
  grep '"outcome": "error"' "$work"/out/shard-*.jsonl
  status=1
fi
exit $status
