#!/usr/bin/env bash
# Instructions per operation for each contender of one workload, counted by valgrind's callgrind:
# repeatable where times are noisy.
#
# Usage: Benchmarks/instructions.sh WORKLOAD [CONTENDER ...]   (default: every contender)
#        CALLGRIND_KEEP=DIR keeps the callgrind files (for callgrind_annotate) in DIR.
#
# It builds the benchmarks with the Swift runtime linked statically (valgrind 3.19 cannot read the
# toolchain's shared libraries), runs each contender under callgrind with one and with three
# repetitions, and divides the difference by the operations of the two extra repetitions, so start-up,
# warm-up and the allocation count cancel out.
# Valgrind runs one thread at a time: for the cross-thread workloads this counts the CPU work of a
# round trip, not its latency. In this build `wait()`'s Task check takes its fallback path (a static
# binary does not export the runtime's symbols), about 540 instructions more than a normal build's.
set -euo pipefail
cd "$(dirname "$0")"
workload=${1:?usage: instructions.sh WORKLOAD [CONTENDER ...]}
shift
scratch=.build-static
swift build -c release --product PromiseBenchmarks --static-swift-stdlib --scratch-path "$scratch" \
    2>&1 | grep -v "mktemp" >&2
work=${CALLGRIND_KEEP:-$(mktemp -d)}
mkdir -p "$work/lib"
# The interposer library goes aside (found through LD_LIBRARY_PATH): next to the program, it would
# make the program re-execute itself with it preloaded.
cp "$scratch/release/PromiseBenchmarks" "$work/bench"
cp "$scratch/release/libMallocInterposerSwift.so" "$work/lib/"
objcopy --strip-debug "$work/bench"
objcopy --strip-debug "$work/lib/libMallocInterposerSwift.so"
export LD_LIBRARY_PATH="$work/lib"

contenders=("$@")
if [ ${#contenders[@]} -eq 0 ]; then
    mapfile -t contenders < <("$work/bench" --only "$workload" --quick --operations 2>&1 >/dev/null |
        sed -n "s/^operations $workload \(.*\) [0-9]*$/\1/p")
fi
[ ${#contenders[@]} -gt 0 ] || { echo "no contenders for workload '$workload'" >&2; exit 1; }

# Instructions and operations of one run: "IR OPERATIONS".
count() {
    local contender=$1 repetitions=$2 log="$work/$3.log"
    valgrind --tool=callgrind --callgrind-out-file="$work/$3.callgrind" "$work/bench" --only "$workload" \
        --contender "$contender" --repetitions "$repetitions" --operations >/dev/null 2>"$log"
    local ir operations
    ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")
    operations=$(sed -n "s/^operations $workload $contender \([0-9]*\)$/\1/p" "$log")
    [ -n "$ir" ] && [ -n "$operations" ] || { echo "callgrind failed for '$contender' (see $log)" >&2; exit 1; }
    echo "$ir $operations"
}

printf '%s (instructions per operation; callgrind)\n' "$workload"
first=""
for contender in "${contenders[@]}"; do
    name=${contender// /_}
    read -r ir1 _ < <(count "$contender" 1 "$name.1")
    read -r ir3 operations < <(count "$contender" 3 "$name.3")
    perop=$(( (ir3 - ir1) / (2 * operations) ))
    first=${first:-$perop}
    printf '  %-40s %8d  %.2f\n' "$contender" "$perop" "$(awk "BEGIN { print $perop / $first }")"
done
