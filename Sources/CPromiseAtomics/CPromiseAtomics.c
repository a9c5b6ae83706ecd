#include "CPromiseAtomics.h"

__thread void *c_promise_trampoline;
