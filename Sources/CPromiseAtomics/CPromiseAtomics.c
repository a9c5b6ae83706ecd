#include "CPromiseAtomics.h"

__thread void *c_promise_trampoline;
__thread c_promise_thread_t c_promise_thread;
