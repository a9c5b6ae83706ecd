#ifndef C_PROMISE_TASK_H
#define C_PROMISE_TASK_H

#include <stdbool.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
// The Concurrency runtime's current Task, the call `withUnsafeCurrentTask` makes (part of the runtime's
// exported ABI, Swift's calling convention, which clang supports on these two architectures). A symbol
// reference resolved by the linker: in a static binary a direct call into the static copy, which a
// shared copy loaded later cannot take over (a `dlsym` lookup by name found that one, whose
// thread-local knows no Task of ours); in a dynamic build, the shared runtime's, as the standard
// library's own calls resolve. `withUnsafeCurrentTask` cost about 520 instructions here, most in its
// unspecialized generic body; this costs a call.
__attribute__((swiftcall)) extern void *_Nullable swift_task_getCurrent(void);

/// Whether the calling thread is running a Swift Task.
static inline bool c_promise_is_in_task(void) {
    return swift_task_getCurrent() != 0;
}
#endif

#endif
