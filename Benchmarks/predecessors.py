#!/usr/bin/env python3
"""Each contender's time by the contender that ran just before it, over several runs.

usage: Benchmarks/predecessors.py [--program PATH] [--base NAME] RUNS WORKLOAD [REPETITIONS]
       (default 15 repetitions, base "floor"; PATH defaults to the release build below)

The program interleaves its contenders (`ContenderOrder`), so each follows each other one nearly
evenly; but on a 2-vCPU VM a cross-thread contender inherits where the kernel left the threads, and
the one before it can move it by 10 %. Its repetitions then fall into groups by predecessor, and the
median the table reports lands in one group or the other, by how the counts fall. This prints, per
contender and predecessor, the median over runs of (the group's median ÷ the run's median of BASE),
with its range, so that like can be set against like: ours after X against the base after X.
Build first: swift build -c release --package-path Benchmarks --product PromiseBenchmarks
"""
import collections
import os
import statistics
import subprocess
import sys

program = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".build/release/PromiseBenchmarks")
base, arguments, rest = "floor", [], sys.argv[1:]
while rest:
    word = rest.pop(0)
    if word in ("--program", "--base"):
        if not rest:
            sys.exit(f"error: {word} needs a value\n{__doc__}")
        value = rest.pop(0)
        if word == "--program":
            program = os.path.abspath(value)
        else:
            base = value
    else:
        arguments.append(word)
if len(arguments) < 2 or not arguments[0].isdigit() or (len(arguments) > 2 and not arguments[2].isdigit()):
    sys.exit(__doc__)
runs, workload = int(arguments[0]), arguments[1]
repetitions = arguments[2] if len(arguments) > 2 else "15"
if "," in workload:
    sys.exit("error: one workload at a time")

groups = collections.defaultdict(list)  # (contender, predecessor) -> [group median ÷ base, one per run]
for _ in range(runs):
    completed = subprocess.run([program, "--only", workload, "--repetitions", repetitions, "--samples"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if completed.returncode != 0:
        sys.exit(f"error: {program} exited with {completed.returncode}\n{completed.stderr}")
    samples = []  # (contender, predecessor, ns)
    for line in completed.stderr.splitlines():
        if line.startswith("sample "):
            name, contender, predecessor, ns = line[len("sample "):].split("|")
            if name == workload:
                samples.append((contender, predecessor, float(ns)))
    if not samples:
        sys.exit(f"error: no samples for {workload!r} (is it a workload of the program?)")
    base_times = [ns for contender, _, ns in samples if contender == base]
    if not base_times:
        sys.exit(f"error: no contender named {base!r} in {workload}")
    reference = statistics.median(base_times)
    by_group = collections.defaultdict(list)
    for contender, predecessor, ns in samples:
        by_group[(contender, predecessor)].append(ns / reference)
    for key, values in by_group.items():
        groups[key].append(statistics.median(values))
print(f"{workload}: time ÷ the run's median of {base}, by predecessor, over {runs} runs of {repetitions} "
      "repetitions: median (lowest-highest), and the runs that had the pair")
width = max(len(name) for pair in groups for name in pair)
for (contender, predecessor), values in sorted(groups.items()):
    print(f"  {contender:{width}} after {predecessor:{width}} {statistics.median(values):.3f} "
          f"({min(values):.2f}-{max(values):.2f}) n={len(values)}")
