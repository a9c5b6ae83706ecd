#ifndef C_PROMISE_TASK_H
#define C_PROMISE_TASK_H

#include <stdbool.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
// The Concurrency runtime's current Task, the call `withUnsafeCurrentTask` makes (the runtime's exported
// ABI, Swift's calling convention, which clang supports on these two architectures). Why it is called
// from here, and why the linker must resolve it: `CurrentTask` (Sources/Promises/Internal).
__attribute__((swiftcall)) extern void *_Nullable swift_task_getCurrent(void);

/// Whether the calling thread is running a Swift Task.
static inline bool c_promise_is_in_task(void) {
    return swift_task_getCurrent() != 0;
}
#endif

#endif
