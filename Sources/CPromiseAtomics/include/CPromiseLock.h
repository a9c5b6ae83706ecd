#ifndef C_PROMISE_LOCK_H
#define C_PROMISE_LOCK_H

// The lock in every promise: 4 bytes on Linux and Darwin, where a `pthread_mutex_t` is 40 and 64,
// and about 40 instructions per lock round trip fewer than glibc's (issue 37).
// Lock and unlock live in the C file, not inline here: built with the package's sanitizer flags, so
// ThreadSanitizer sees the acquire and release of its atomics (`Synchronization.Mutex`'s futex it
// cannot see, and reports false races).

#include <stdbool.h>

#if defined(__linux__)
#include <stdint.h>
/// 0: unlocked; 1: locked; 2: locked, and a thread may sleep on it (the futex word).
typedef struct { uint32_t word; } c_promise_lock_t;
#elif defined(__APPLE__)
#include <os/lock.h>
typedef os_unfair_lock c_promise_lock_t;
#else
#include <pthread.h>
typedef pthread_mutex_t c_promise_lock_t;
#endif

#if defined(__linux__) || defined(__APPLE__)
/// Makes `lock` ready; it must be zero-filled first (`c_promise_lock_t()` in Swift). Zeros are an
/// unlocked lock here, so there is nothing to do.
static inline void c_promise_lock_init(c_promise_lock_t *_Nonnull lock) { (void)lock; }
/// Frees what `lock` holds: nothing here.
static inline void c_promise_lock_destroy(c_promise_lock_t *_Nonnull lock) { (void)lock; }
#else
void c_promise_lock_init(c_promise_lock_t *_Nonnull lock);
void c_promise_lock_destroy(c_promise_lock_t *_Nonnull lock);
#endif
/// Locks; the same thread must unlock (`os_unfair_lock` requires it).
void c_promise_lock(c_promise_lock_t *_Nonnull lock);
void c_promise_unlock(c_promise_lock_t *_Nonnull lock);
/// Whether a thread waiting for `lock` may be asleep in the kernel (Linux: the futex word says so;
/// elsewhere false). For tests of the wake-up path.
bool c_promise_lock_may_have_sleepers(c_promise_lock_t *_Nonnull lock);

#endif
