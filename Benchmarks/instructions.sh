#!/usr/bin/env bash
# Instructions per operation for each contender of one workload, counted by valgrind's callgrind:
# repeatable where times are noisy.
#
# Usage: Benchmarks/instructions.sh WORKLOAD [CONTENDER ...]   (default: every contender)
#        CALLGRIND_KEEP=DIR keeps the callgrind files (for callgrind_annotate) in DIR.
#        CONFIGURATION=debug counts a debug build (the library and every contender unoptimized).
# Any workload, the *-parts ones included (each part is a contender).
#
# It builds the benchmarks with the Swift runtime linked statically (valgrind 3.19 cannot read the
# toolchain's shared libraries), runs each contender under callgrind with one and with three
# repetitions, and divides the difference by the operations of the two extra repetitions, so start-up,
# warm-up and the allocation count cancel out.
# Valgrind runs one thread at a time: for the cross-thread workloads this counts the CPU work of a
# round trip, not its latency, and moves by 10–20 % from run to run when the program sees several
# CPUs. Pinned to one (`taskset -c 0 Benchmarks/instructions.sh …`), Swift's executor runs one job at a
# time, so a Task runs only after its awaiter suspends and the async workloads' counts repeat to within
# 1 %; but the block that settles (`worker.async`, `loop.execute`) may then run before the wait
# starts, so for `value-pending` and `wait-cross-thread` the pinned count can be that of the settled
# path. `--fair-sched=yes` hands the CPU between threads in turn: without it, the two sides of an async
# round trip took different paths from one contender to the next (one suspended, the other mostly not).
set -euo pipefail
export LC_ALL=C
workload=${1:?usage: instructions.sh WORKLOAD [CONTENDER ...]}
shift
if [ -n "${CALLGRIND_KEEP:-}" ]; then
    mkdir -p "$CALLGRIND_KEEP"
    work=$(cd "$CALLGRIND_KEEP" && pwd)
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
cd "$(dirname "$0")"
configuration=$(printf '%s' "${CONFIGURATION:-release}" | tr '[:upper:]' '[:lower:]')  # (Xcode exports "Debug")
scratch=.build-static
[ "$configuration" = release ] || scratch=.build-static-$configuration
swift build -c "$configuration" --product PromiseBenchmarks --static-swift-stdlib --scratch-path "$scratch" \
    2>&1 | { grep -v "mktemp" || true; } >&2
mkdir -p "$work/lib"
# The interposer library goes aside (found through LD_LIBRARY_PATH): next to the program, it would
# make the program count allocations in a child process.
cp "$scratch/$configuration/PromiseBenchmarks" "$work/bench"
cp "$scratch/$configuration/libMallocInterposerSwift.so" "$work/lib/"
objcopy --strip-debug "$work/bench"
objcopy --strip-debug "$work/lib/libMallocInterposerSwift.so"
export LD_LIBRARY_PATH="$work/lib"
# glibc's malloc in front of the linked interposer, as the program arranges by re-executing itself
# (valgrind would not follow that).
export PROMISE_BENCHMARKS_MALLOC=glibc LD_PRELOAD=libc.so.6

# The operations one measurement of `contender` runs, from a log of a run with --operations.
operations() {
    awk -v prefix="operations $workload $1 " \
        'index($0, prefix) == 1 { print substr($0, length(prefix) + 1) }' "$2"
}

contenders=("$@")
if [ ${#contenders[@]} -eq 0 ]; then
    "$work/bench" --only "$workload" --quick --operations 2>"$work/list.log" >/dev/null
    mapfile -t contenders < <(awk -v prefix="operations $workload " \
        'index($0, prefix) == 1 { line = substr($0, length(prefix) + 1); sub(/ [0-9]+$/, "", line); print line }' \
        "$work/list.log")
fi
[ ${#contenders[@]} -gt 0 ] || { echo "no contenders for workload '$workload'" >&2; exit 1; }

# Instructions of one run under callgrind, then the operations of one measurement: "IR OPERATIONS".
count() {
    local contender=$1 repetitions=$2 name=$3
    local log="$work/$name.log"
    if ! valgrind --tool=callgrind --fair-sched=yes --callgrind-out-file="$work/$name.callgrind" "$work/bench" \
        --only "$workload" --contender "$contender" --repetitions "$repetitions" --operations \
        >/dev/null 2>"$log"; then
        echo "callgrind failed for '$contender' (see $log)" >&2
        return 1
    fi
    local ir operations
    ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")
    operations=$(operations "$contender" "$log")
    if [ -z "$ir" ] || [ -z "$operations" ]; then
        echo "no count for '$contender' (see $log)" >&2
        return 1
    fi
    echo "$ir $operations"
}

printf '%s (instructions per operation; callgrind)\n' "$workload"
first=""
for contender in "${contenders[@]}"; do
    name=${contender//[^A-Za-z0-9]/_}
    one=$(count "$contender" 1 "$name.1")
    three=$(count "$contender" 3 "$name.3")
    read -r ir1 _ <<<"$one"
    read -r ir3 operations <<<"$three"
    perop=$(((ir3 - ir1) / (2 * operations)))
    first=${first:-$perop}
    printf '  %-40s %8d  %s\n' "$contender" "$perop" "$(awk -v a="$perop" -v b="$first" 'BEGIN { printf "%.2f", b ? a / b : 0 }')"
done
