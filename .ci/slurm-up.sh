#!/usr/bin/env bash
# Starts a single-node Slurm cluster on localhost (munge, slurmctld, slurmd), for the tests
# that submit the book's job-array examples (docs/src/counting-boards.md) with `sbatch --wait`. Needs root and Debian's
# slurm-wlm and munge. Idempotent: an already running cluster is left alone.
set -euo pipefail
if sinfo -h -o %T 2>/dev/null | grep -q idle; then exit 0; fi
# At least 8 CPUs declared (config_overrides lets slurmd run with fewer): every task of the
# tests' arrays starts at once instead of in waves of two, which took 8 s for tasks of 0.1 s.
cpus=$(nproc)
if [ "$cpus" -lt 8 ]; then cpus=8; fi
mkdir -p /etc/munge /var/lib/munge /var/log/munge /run/munge /etc/slurm \
  /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
fi
chown -R munge:munge /etc/munge /var/lib/munge /var/log/munge /run/munge 2>/dev/null || true
chmod 700 /etc/munge; chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || munged --force
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=nqueens
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/backfill
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
MpiDefault=none
SlurmdParameters=config_overrides
JobAcctGatherType=jobacct_gather/none
NodeName=localhost CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 60); do
  if sinfo -h -o %T 2>/dev/null | grep -q idle; then exit 0; fi
  sleep 0.5
done
echo "slurm did not come up; slurmctld log:" >&2
tail -20 /var/log/slurm/slurmctld.log >&2 || true
tail -20 /var/log/slurm/slurmd.log >&2 || true
exit 1
