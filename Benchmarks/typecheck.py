#!/usr/bin/env python3
"""Type-check cost of typical promise expressions: the library against a one-overload stand-in.

Type-checks TypeCheck/Corpus.swift (one expression per function) against the library's PromiseAsync
module and against TypeCheck/StandIn.swift compiled as a module of the same name, with
`-debug-time-function-bodies`, several times each, and keeps each function's fastest time.
Prints the totals, their ratio, the slowest expressions, and every expression over the budget:
over 50 ms *and* over 3x its stand-in time. Expressions that do not compile against the library
are listed too.

Usage: Benchmarks/typecheck.py [--runs N] [--groups] [--enforce]
  --groups   also measures the stand-in with each EXTRA_* group of the library's further overloads
  --enforce  exits non-zero unless the goals hold (total within 1.5x, no expression over budget,
             every expression compiles)
"""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

here = pathlib.Path(__file__).resolve().parent
root = here.parent
corpus = here / "TypeCheck" / "Corpus.swift"
standin = here / "TypeCheck" / "StandIn.swift"
groups = ["EXTRA_UNLABELED_INIT", "EXTRA_INITS", "EXTRA_RESOLVE", "EXTRA_ALL", "EXTRA_RECOVER", "EXTRA_DURATION", "EXTRA_ASYNC_STEPS",
          "EXTRA_THEN_WARNING", "EXTRA_CATCH_WARNING", "EXTRA_MAP_WARNING"]
# The core's C module (its atomics), which the library's Swift modules import.
c_modules = root / "Sources" / "CPromiseAtomics" / "include"
timing = re.compile(r"^([0-9.]+)ms\t[^\t]*:(\d+):\d+\tglobal function [^(]*\.\(file\)\.(\w+)\(")


def typecheck(module_dir):
    """Per-function milliseconds, and the compiler's errors (empty when the corpus compiles)."""
    result = subprocess.run(
        ["swiftc", "-typecheck", "-swift-version", "6", "-I", str(module_dir), "-I", str(c_modules), str(corpus),
         "-Xfrontend", "-debug-time-function-bodies"],
        capture_output=True, text=True)
    times = {}
    for line in result.stdout.splitlines() + result.stderr.splitlines():
        match = timing.match(line)
        if match:
            times[match.group(3)] = float(match.group(1))
    errors = [line for line in result.stderr.splitlines() if ": error:" in line]
    return times, errors


def fastest(module_dir, runs):
    return fastest_of_each([module_dir], runs)[0]


def fastest_of_each(module_dirs, runs):
    """Each directory's fastest times, the runs taken in turn (a, b, a, b, …): a machine that slows down or
    speeds up during the measurement moves both sides alike, not only the side measured last."""
    results = [({}, []) for _ in module_dirs]
    for _ in range(runs):
        for index, module_dir in enumerate(module_dirs):
            times, errors = typecheck(module_dir)
            best = results[index][0]
            for name, ms in times.items():
                best[name] = min(ms, best.get(name, ms))
            results[index] = (best, errors)
    return results


def build_standin(directory, defines):
    flags = [f"-D{name}" for name in defines]
    subprocess.run(
        ["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", "PromiseAsync",
         "-emit-module-path", str(directory / "PromiseAsync.swiftmodule"), str(standin)] + flags,
        check=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--groups", action="store_true")
    parser.add_argument("--enforce", action="store_true")
    options = parser.parse_args()

    subprocess.run(["swift", "build", "--package-path", str(root), "--target", "PromiseAsync"], check=True,
                   stdout=subprocess.DEVNULL)
    library_modules = root / ".build" / "debug" / "Modules"
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        build_standin(scratch, [])
        (library, library_errors), (stand, stand_errors) = fastest_of_each([library_modules, scratch], options.runs)
        if stand_errors:
            print("the corpus does not compile against the stand-in:", *stand_errors, sep="\n  ")
            return 2
        group_totals = {}
        if options.groups:
            for group in groups:
                directory = scratch / group
                directory.mkdir()
                build_standin(directory, [group])
                times, errors = fastest(directory, options.runs)
                group_totals[group] = (sum(ms for name, ms in times.items() if re.match(r"t\d+", name)), len(errors))

    names = sorted(name for name in stand if re.match(r"t\d+", name))
    lib_total = sum(library.get(name, 0) for name in names)
    stand_total = sum(stand[name] for name in names)
    failing = sorted({int(m.group(1)) for e in library_errors for m in [re.search(r":(\d+):\d+: error", e)] if m})
    print(f"{len(names)} expressions, fastest of {options.runs} runs (ms of type-checking per function body)")
    print(f"  library  {lib_total:8.1f}")
    print(f"  stand-in {stand_total:8.1f}")
    print(f"  ratio    {lib_total / stand_total:8.2f}x  (goal: 1.5x)")
    print("\nslowest against the library:")
    print(f"  {'expression':34} {'library':>8} {'stand-in':>9} {'ratio':>6}")
    for name in sorted(names, key=lambda n: -library.get(n, 0))[:8]:
        lib, std = library.get(name, 0), stand[name]
        print(f"  {name:34} {lib:8.1f} {std:9.1f} {lib / max(std, 0.1):6.1f}")
    over = [n for n in names if library.get(n, 0) > 50 and library.get(n, 0) > 3 * stand[n]]
    print(f"\nover budget (> 50 ms and > 3x the stand-in): {len(over)}")
    for name in over:
        print(f"  {name}: {library[name]:.1f} ms against {stand[name]:.1f} ms")
    print(f"\nlines that do not compile against the library: {len(failing)}")
    for error in library_errors[:10]:
        print("  " + error.split("/")[-1])
    if group_totals:
        print("\nthe stand-in with each group of the library's further overloads (corpus total):")
        print(f"  {'(none)':20} {stand_total:8.1f}")
        for group, (total, errors) in group_totals.items():
            note = f"  ({errors} errors)" if errors else ""
            print(f"  {group:20} {total:8.1f}  +{total - stand_total:6.1f}{note}")
    if options.enforce and (lib_total > 1.5 * stand_total or over or library_errors):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
