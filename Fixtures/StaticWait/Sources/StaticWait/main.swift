import Dispatch
import Promises

#if canImport(Glibc)
    import Glibc
#endif

// Loads the toolchain's shared Concurrency runtime into this statically linked process: a second
// copy, with thread-locals of its own, as a plugin linked against it would bring.
let runtime = CommandLine.arguments.dropFirst().first ?? "libswift_Concurrency.so"
guard dlopen(runtime, RTLD_NOW | RTLD_GLOBAL) != nil else {
    print("error: could not load \(runtime)")
    exit(2)
}

/// Synchronous legacy code that a Task calls: the runtime check, not the compiler, must stop it.
func legacyLookup() throws -> Int { try Promise(1).wait() }

// Not top-level `await`: that would make this whole file a Task. The Task ends the process.
Task.detached {
    do {
        _ = try legacyLookup()
        print("error: wait() inside a Task was not refused")
        exit(1)
    } catch {
        print("wait() inside a Task refused: \(error)")
        exit(error is PromiseError ? 0 : 1)
    }
}
DispatchSemaphore(value: 0).wait()
