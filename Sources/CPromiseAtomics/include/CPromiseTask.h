#ifndef C_PROMISE_TASK_H
#define C_PROMISE_TASK_H

#include <stdbool.h>

#if defined(__linux__)
// The Concurrency runtime's current Task, the call `withUnsafeCurrentTask` makes (part of the runtime's
// exported ABI, Swift's calling convention). Bound when the program is linked, like the standard
// library's own call, so it asks the runtime this module is linked against: in a static binary the
// static copy, even after a shared copy is loaded (a `dlsym` lookup by name found that one, whose
// thread-local knows no Task of ours). `withUnsafeCurrentTask` cost about 520 instructions here, most
// in its unspecialized generic body; this costs a call.
__attribute__((swiftcall)) extern void *_Nullable swift_task_getCurrent(void);

/// Whether the calling thread is running a Swift Task.
static inline bool c_promise_is_in_task(void) {
    return swift_task_getCurrent() != 0;
}
#endif

#endif
