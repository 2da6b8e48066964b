#!/usr/bin/env python3
"""CPU seconds (user + system, from /proc) of a process tree and the servers it started.

  tree-cpu.py ROOT_PID PIDFILE_GLOB OUT   (PIDFILE_GLOB: one glob, or several separated by spaces)

Samples every second: each live process below ROOT_PID and each pid named by the pid files counts
its own time and that of the children it has reaped (cutime/cstime), so a process that has exited
is still counted once, by whoever waited for it. Each step of `npm start` (a process whose command
line names it) keeps its subtree's last sampled figure. On SIGUSR1 it appends a line
`<seconds since start> total=<cpu s> <step>=<cpu s> ...` to OUT; on SIGTERM it appends one and ends.
The machine's load does not change these figures (only how long the steps wait for a core), so
they tell the code's cost apart from the other work running beside it.
"""
import glob
import os
import signal
import sys
import time

STEPS = [
    ('ferretdb-build', 'provision.sh ferretdb'),
    ('robots', 'provision.sh robots'),
    ('npm-ci', 'scripts/install.sh'),
    ('build', 'scripts/build.sh'),
    ('servers', 'provision.sh servers'),
    ('seed-and-start', 'scripts/start.ts'),
    ('mailpit-late', 'provision.sh mailpit-late'),
]
TICK = os.sysconf('SC_CLK_TCK')


def read(pid):
    try:
        with open(f'/proc/{pid}/stat') as f:
            stat = f.read()
        with open(f'/proc/{pid}/cmdline', 'rb') as f:
            cmd = f.read().replace(b'\0', b' ').decode('utf8', 'replace')
    except OSError:
        return None
    # The fields after the command name (which may hold spaces and parentheses).
    f = stat[stat.rindex(')') + 2:].split()
    return int(f[1]), sum(int(x) for x in f[11:15]) / TICK, cmd, sum(int(x) for x in f[13:15]) / TICK


def main():
    root, pid_glob, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    began = time.time()
    step_cpu = {}  # subtree root pid -> (label, last cpu)
    # What a step's process had reaped when first seen as that step: `exec` keeps a process's
    # reaped children's time (start.sh becomes start.ts after the build), which is not the step's.
    baseline = {}
    state = {'total': 0.0}

    def sample():
        procs = {}
        for d in os.listdir('/proc'):
            if d.isdigit():
                p = read(int(d))
                if p:
                    procs[int(d)] = p
        children = {}
        for pid, (ppid, *_) in procs.items():
            children.setdefault(ppid, []).append(pid)
        servers = set()
        for pf in (f for g in pid_glob.split() for f in glob.glob(g)):
            try:
                # PostgreSQL's postmaster.pid holds more lines: the pid is the first.
                servers.add(int(open(pf).read().split()[0]))
            except (OSError, ValueError, IndexError):
                pass

        def subtree(pid):
            stack, seen = [pid], []
            while stack:
                p = stack.pop()
                if p in procs and p not in seen:
                    seen.append(p)
                    stack.extend(children.get(p, []))
            return seen

        tree = set(subtree(root)) | {p for s in servers for p in subtree(s)}
        state['total'] = max(state['total'], sum(procs[p][1] for p in tree))
        for p in tree:
            label = next((name for name, needle in STEPS if needle in procs[p][2]), None)
            # A step's own process, not one of its children that names the same script.
            if label and not (procs[p][0] in procs and label == step_of(procs[procs[p][0]][2])):
                baseline.setdefault(p, procs[p][3])
                cpu = sum(procs[q][1] for q in subtree(p)) - baseline[p]
                step_cpu[p] = (label, max(cpu, step_cpu.get(p, (label, 0))[1]))

    def step_of(cmd):
        return next((name for name, needle in STEPS if needle in cmd), None)

    def report(*_):
        sample()
        steps = {}
        for label, cpu in step_cpu.values():
            steps[label] = steps.get(label, 0) + cpu
        with open(out, 'a') as f:
            parts = ' '.join(f'{k}={v:.0f}' for k, v in steps.items())
            f.write(f"{time.time() - began:.0f} total={state['total']:.0f} {parts}\n")

    def end(*_):
        report()
        sys.exit(0)

    signal.signal(signal.SIGUSR1, report)
    signal.signal(signal.SIGTERM, end)
    while True:
        sample()
        time.sleep(1)


if __name__ == '__main__':
    main()
