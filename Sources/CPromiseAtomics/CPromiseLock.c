#include "CPromiseLock.h"

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

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

static __attribute__((noinline)) void lock_contended(c_promise_lock_t *lock) {
    uint32_t state = spin(lock);
    if (state == unlocked) {
        uint32_t expected = unlocked;
        if (__atomic_compare_exchange_n(&lock->word, &expected, locked, false, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED)) {
            return;
        }
        state = expected;
    }
    for (;;) {
        // Marked contended before sleeping, so the unlock wakes a sleeper. (Taken this way, the
        // lock stays marked contended until it is free again: at worst one wake-up too many.)
        if (state != contended && __atomic_exchange_n(&lock->word, contended, __ATOMIC_ACQUIRE) == unlocked) {
            return;
        }
        syscall(SYS_futex, &lock->word, FUTEX_WAIT_PRIVATE, contended, NULL, NULL, 0);
        state = spin(lock);
    }
}

void c_promise_lock_init(c_promise_lock_t *lock) { (void)lock; }

void c_promise_lock_destroy(c_promise_lock_t *lock) { (void)lock; }

void c_promise_lock(c_promise_lock_t *lock) {
    uint32_t expected = unlocked;
    if (__builtin_expect(__atomic_compare_exchange_n(&lock->word, &expected, locked, false, __ATOMIC_ACQUIRE,
                                                     __ATOMIC_RELAXED),
                         1)) {
        return;
    }
    lock_contended(lock);
}

void c_promise_unlock(c_promise_lock_t *lock) {
    if (__builtin_expect(__atomic_exchange_n(&lock->word, unlocked, __ATOMIC_RELEASE) == contended, 0)) {
        syscall(SYS_futex, &lock->word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    }
}

bool c_promise_lock_may_have_sleepers(c_promise_lock_t *lock) {
    return __atomic_load_n(&lock->word, __ATOMIC_RELAXED) == contended;
}

#elif defined(__APPLE__)

void c_promise_lock_init(c_promise_lock_t *lock) { (void)lock; }  // zero is OS_UNFAIR_LOCK_INIT

void c_promise_lock_destroy(c_promise_lock_t *lock) { (void)lock; }

void c_promise_lock(c_promise_lock_t *lock) { os_unfair_lock_lock(lock); }

void c_promise_unlock(c_promise_lock_t *lock) { os_unfair_lock_unlock(lock); }

bool c_promise_lock_may_have_sleepers(c_promise_lock_t *lock) {
    (void)lock;
    return false;
}

#else

#include <assert.h>

void c_promise_lock_init(c_promise_lock_t *lock) {
    // (On FreeBSD and OpenBSD a mutex is a pointer to memory that init allocates and destroy frees.)
    int rc = pthread_mutex_init(lock, NULL);
    assert(rc == 0);
    (void)rc;
}

void c_promise_lock_destroy(c_promise_lock_t *lock) { pthread_mutex_destroy(lock); }

void c_promise_lock(c_promise_lock_t *lock) { pthread_mutex_lock(lock); }

void c_promise_unlock(c_promise_lock_t *lock) { pthread_mutex_unlock(lock); }

bool c_promise_lock_may_have_sleepers(c_promise_lock_t *lock) {
    (void)lock;
    return false;
}

#endif
