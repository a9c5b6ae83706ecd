#!/usr/bin/env python3
"""Ours ÷ each peer over several runs of the benchmark program: the median ratio and its range.

usage: Benchmarks/ratios.py [--cpu N] [--program PATH] RUNS WORKLOAD[,WORKLOAD...] [REPETITIONS]
       (default 15 repetitions; PATH defaults to the release build below)

One run interleaves the contenders, so drift within a run moves them alike; but on a shared VM the
ratio moves between runs of the same binary (then-side-effect-pending: 0.67-0.97 in five runs), so
one run cannot tell a 10 % change. Each run is a new process; the table gives, per workload and
peer, the median of the runs' ratios (ratio of medians, as the program's table) and their range.
Build first: swift build -c release --package-path Benchmarks --product PromiseBenchmarks

--cpu N confines the program's threads to CPU N (Linux; other processes may still use it, and Dispatch
and the Task pool still size themselves for every CPU). A workload that crosses threads then measures
the work of its round trip, not where the kernel placed the threads: on a 2-vCPU VM one contender alone
took 5.7-6.3 us a round trip pinned and 35-65 us unpinned, from one process to the next
(Docs/Performance.md, "Where the kernel puts two threads; a cheaper Task check in `wait()`").
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

arguments, cpu = [], None
program = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".build/release/PromiseBenchmarks")
rest = sys.argv[1:]
while rest:
    word = rest.pop(0)
    if word in ("--cpu", "--program"):
        if not rest:
            sys.exit(f"error: {word} needs a value\n{__doc__}")
        value = rest.pop(0)
        if word == "--program":
            program = os.path.abspath(value)
            continue
        allowed = os.sched_getaffinity(0)
        if not value.isdigit() or int(value) not in allowed:
            sys.exit(f"error: --cpu {value}: not one of this process's CPUs {sorted(allowed)}")
        cpu = int(value)
    else:
        arguments.append(word)
if len(arguments) < 2:
    sys.exit(__doc__)
runs, workloads = int(arguments[0]), arguments[1]
repetitions = arguments[2] if len(arguments) > 2 else "15"
pin = (lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None
ratios = {}  # (workload, peer) -> [ratio per run]
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "run.json")
    for _ in range(runs):
        subprocess.run([program, "--only", workloads, "--repetitions", repetitions, "--json", path],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=pin)
        with open(path) as file:
            for workload in json.load(file)["workloads"]:
                if workload["unit"] != "ns" or "Promises" not in workload["results"]:
                    continue
                ours = workload["results"]["Promises"]
                for peer, value in workload["results"].items():
                    if peer != "Promises" and value > 0:
                        ratios.setdefault((workload["name"], peer), []).append(ours / value)
where = f", pinned to CPU {cpu}" if cpu is not None else ""
print(f"ours ÷ peer over {runs} runs of {repetitions} repetitions{where}: median (lowest-highest)")
for (workload, peer), values in sorted(ratios.items()):
    print(f"  {workload:28} {peer:14} {statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})")
