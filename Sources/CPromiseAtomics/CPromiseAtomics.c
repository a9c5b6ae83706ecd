// The header's functions are static inline; SwiftPM needs one source file to build the target.
#include "CPromiseAtomics.h"
