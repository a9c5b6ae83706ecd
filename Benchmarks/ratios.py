#!/usr/bin/env python3
"""Ours ÷ each peer over several runs of the benchmark program: the median ratio and its range.

usage: Benchmarks/ratios.py RUNS WORKLOAD[,WORKLOAD...] [REPETITIONS]   (default 15 repetitions)

One run interleaves the contenders, so drift within a run moves them alike; but on a shared VM the
ratio moves between runs of the same binary (then-side-effect-pending: 0.67-0.97 in five runs), so
one run cannot tell a 10 % change. Each run is a new process; the table gives, per workload and
peer, the median of the runs' ratios (ratio of medians, as the program's table) and their range.
Build first: swift build -c release --package-path Benchmarks --product PromiseBenchmarks
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

if len(sys.argv) < 3:
    sys.exit(__doc__)
runs, workloads = int(sys.argv[1]), sys.argv[2]
repetitions = sys.argv[3] if len(sys.argv) > 3 else "15"
program = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".build/release/PromiseBenchmarks")
ratios = {}  # (workload, peer) -> [ratio per run]
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "run.json")
    for _ in range(runs):
        subprocess.run([program, "--only", workloads, "--repetitions", repetitions, "--json", path],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(path) as file:
            for workload in json.load(file)["workloads"]:
                if workload["unit"] != "ns" or "Promises" not in workload["results"]:
                    continue
                ours = workload["results"]["Promises"]
                for peer, value in workload["results"].items():
                    if peer != "Promises" and value > 0:
                        ratios.setdefault((workload["name"], peer), []).append(ours / value)
print(f"ours ÷ peer over {runs} runs of {repetitions} repetitions: median (lowest-highest)")
for (workload, peer), values in sorted(ratios.items()):
    print(f"  {workload:28} {peer:14} {statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})")
