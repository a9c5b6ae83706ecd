#!/usr/bin/env python3
"""Ours ÷ each peer over several runs of the benchmark program: the median ratio and its range.

usage: Benchmarks/ratios.py [--cpu N] [--program PATH] RUNS WORKLOAD[,WORKLOAD...] [REPETITIONS]
       (default 15 repetitions; PATH defaults to the release build below)

One run interleaves the contenders, so drift within a run moves them alike; but on a shared VM the
ratio moves between runs of the same binary (then-side-effect-pending: 0.67-0.97 in five runs), so
one run cannot tell a 10 % change. Each run is a new process; the table gives, per workload and
peer, the median of the runs' ratios (ratio of medians, as the program's table) and their range.
Build first: swift build -c release --package-path Benchmarks --product PromiseBenchmarks

--cpu N runs every thread of the program on CPU N alone (Linux). A workload that crosses threads then
measures what the two threads do, not where the kernel placed them: on a 2-vCPU VM the same round trip
takes about 5 us when both threads share a CPU and about 48 us when each sleeps on its own, and which
one a contender gets moves from run to run (Docs/Performance.md, "Where the kernel puts two threads").
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

arguments = sys.argv[1:]
cpu = None
program = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".build/release/PromiseBenchmarks")
while arguments and arguments[0] in ("--cpu", "--program") and len(arguments) > 1:
    if arguments[0] == "--cpu":
        cpu = int(arguments[1])
    else:
        program = os.path.abspath(arguments[1])
    arguments = arguments[2:]
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
where = f", every thread on CPU {cpu}" if cpu is not None else ""
print(f"ours ÷ peer over {runs} runs of {repetitions} repetitions{where}: median (lowest-highest)")
for (workload, peer), values in sorted(ratios.items()):
    print(f"  {workload:28} {peer:14} {statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})")
