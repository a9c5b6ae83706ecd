#ifndef C_PROMISE_ATOMICS_H
#define C_PROMISE_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

// The byte of flags a promise publishes under its lock and others read without it (`PromiseState.flags`:
// `PromiseCore.isPending`, `wait()`'s walk). C because Swift's own atomics (`Synchronization.Atomic`)
// need macOS 15, above the package's floor. Static inline, so Swift inlines them: on x86 an acquiring
// load and a releasing store are plain ones; on ARM, `ldarb` and `stlrb`.

/// Reads the flags with acquire ordering: what was written before their release store is visible after.
static inline uint8_t c_promise_load_flags(const void *_Nonnull flags) {
    return __atomic_load_n((const uint8_t *)flags, __ATOMIC_ACQUIRE);
}

/// Replaces the flags, with release ordering. Only under the promise's lock, which orders the writers.
static inline void c_promise_store_flags(void *_Nonnull flags, uint8_t value) {
    __atomic_store_n((uint8_t *)flags, value, __ATOMIC_RELEASE);
}

/// Adds `bits` to the flags, with release ordering. Only under the promise's lock: no other thread
/// writes them meanwhile, so a load and a store do, not an atomic read-modify-write.
static inline void c_promise_add_flags(void *_Nonnull flags, uint8_t bits) {
    uint8_t value = __atomic_load_n((const uint8_t *)flags, __ATOMIC_RELAXED);
    __atomic_store_n((uint8_t *)flags, value | bits, __ATOMIC_RELEASE);
}

/// This thread's `Trampoline`, unretained: its pthread key's value holds the reference and its
/// destructor clears this before releasing it at thread exit. A thread-local load, where
/// `pthread_getspecific` is a call and its key a `swift_once` check.
extern __thread void *_Nullable c_promise_trampoline;

static inline void *_Nullable c_promise_current_trampoline(void) {
    return c_promise_trampoline;
}

static inline void c_promise_set_current_trampoline(void *_Nullable trampoline) {
    c_promise_trampoline = trampoline;
}

/// This thread's delivery nesting (`Trampoline.depth`), and whether its trampoline may hold queued work:
/// thread-locals of their own, so that a lone wake-up counts itself in the depth without loading the
/// trampoline object (`Trampoline.wake`).
typedef struct {
    intptr_t depth;
    bool mayHaveQueuedWork;
} c_promise_thread_t;

extern __thread c_promise_thread_t c_promise_thread;

static inline c_promise_thread_t *_Nonnull c_promise_this_thread(void) {
    return &c_promise_thread;
}

#endif
