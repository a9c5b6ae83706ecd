#include "CPromiseLock.h"

#include <errno.h>
#include <stdlib.h>

// Under ThreadSanitizer the futex lock says what it is, so TSan checks it as a mutex (lock order, unlocks
// of a lock not held or held by another thread); its atomics alone give only happens-before edges.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#include <sanitizer/tsan_interface.h>
#define C_PROMISE_TSAN 1
#endif
#endif
#ifndef C_PROMISE_TSAN
#define __tsan_mutex_pre_lock(lock, flags) ((void)0)
#define __tsan_mutex_post_lock(lock, flags, recursion) ((void)0)
#define __tsan_mutex_pre_unlock(lock, flags) ((void)0)
#define __tsan_mutex_post_unlock(lock, flags) ((void)0)
#endif

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#if !defined(SYS_futex) && defined(SYS_futex_time64)
#define SYS_futex SYS_futex_time64  // 32-bit targets with only the 64-bit time calls
#endif

// Rust's standard library futex mutex, step for step: a compare-exchange to lock, a swap to unlock,
// and the futex only when a thread may sleep (the word is 2).

enum { unlocked = 0, locked = 1, contended = 2 };

static inline void relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/// Spins while another thread holds the lock uncontended (its critical sections are a few dozen
/// instructions), up to 100 times; returns the word.
static uint32_t spin(c_promise_lock_t *lock) {
    for (int spins = 100;; spins--) {
        uint32_t state = __atomic_load_n(&lock->word, __ATOMIC_RELAXED);
        if (state != locked || spins == 0) return state;
        relax();
    }
}

/// The futex calls below set `errno`; a lock must not (callers may read it across a promise call).
static __attribute__((noinline)) void lock_contended(c_promise_lock_t *lock) {
    int saved = errno;
    uint32_t state = spin(lock);
    if (state == unlocked) {
        uint32_t expected = unlocked;
        if (__atomic_compare_exchange_n(&lock->word, &expected, locked, false, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED)) {
            errno = saved;
            return;
        }
        state = expected;
    }
    for (;;) {
        // Marked contended before sleeping, so the unlock wakes a sleeper. (Taken this way, the
        // lock stays marked contended until it is free again: at worst one wake-up too many.)
        if (state != contended && __atomic_exchange_n(&lock->word, contended, __ATOMIC_ACQUIRE) == unlocked) {
            errno = saved;
            return;
        }
        syscall(SYS_futex, &lock->word, FUTEX_WAIT_PRIVATE, contended, NULL, NULL, 0);
        state = spin(lock);
    }
}

void c_promise_lock(c_promise_lock_t *lock) {
    __tsan_mutex_pre_lock(lock, 0);
    uint32_t expected = unlocked;
    if (__builtin_expect(!__atomic_compare_exchange_n(&lock->word, &expected, locked, false, __ATOMIC_ACQUIRE,
                                                      __ATOMIC_RELAXED),
                         0)) {
        lock_contended(lock);
    }
    __tsan_mutex_post_lock(lock, 0, 0);
}

void c_promise_unlock(c_promise_lock_t *lock) {
    __tsan_mutex_pre_unlock(lock, 0);
    if (__builtin_expect(__atomic_exchange_n(&lock->word, unlocked, __ATOMIC_RELEASE) == contended, 0)) {
        int saved = errno;
        syscall(SYS_futex, &lock->word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
        errno = saved;
    }
    __tsan_mutex_post_unlock(lock, 0);
}

#elif defined(__APPLE__)

// (ThreadSanitizer intercepts `os_unfair_lock` itself, as it does `pthread_mutex_t`.)
void c_promise_lock(c_promise_lock_t *lock) { os_unfair_lock_lock(lock); }

void c_promise_unlock(c_promise_lock_t *lock) { os_unfair_lock_unlock(lock); }

#else

void c_promise_lock_init(c_promise_lock_t *lock) {
    // (On FreeBSD and OpenBSD a mutex is a pointer to memory that init allocates and destroy frees.)
    if (pthread_mutex_init(lock, NULL) != 0) abort();
}

void c_promise_lock_destroy(c_promise_lock_t *lock) { pthread_mutex_destroy(lock); }

void c_promise_lock(c_promise_lock_t *lock) { pthread_mutex_lock(lock); }

void c_promise_unlock(c_promise_lock_t *lock) { pthread_mutex_unlock(lock); }

#endif

bool c_promise_lock_may_have_sleepers(c_promise_lock_t *lock) {
#if defined(__linux__)
    return __atomic_load_n(&lock->word, __ATOMIC_RELAXED) == contended;
#else
    (void)lock;  // only the futex word says so
    return false;
#endif
}
