import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How big the stress and soak tests run.
///
/// `swift test` runs every behaviour, races included, at sizes that answer in seconds. CI sets
/// `PROMISE_TEST_SCALE=full` for the full-size stress and soak runs. Under a sanitizer, which the test
/// binary detects by itself (no environment needed), every size shrinks tenfold: ThreadSanitizer and
/// AddressSanitizer slow these loops down by that much or more.
package enum TestScale {
    /// Whether `PROMISE_TEST_SCALE=full` asked for the full-size runs.
    package static let isFull = ProcessInfo.processInfo.environment["PROMISE_TEST_SCALE"] == "full"

    /// Whether this process runs under ThreadSanitizer or AddressSanitizer: their runtimes export
    /// their init entry points into the process.
    package static let underSanitizer: Bool = {
        #if canImport(Darwin)
            let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everyImage, "__tsan_init") != nil || dlsym(everyImage, "__asan_init") != nil
    }()

    /// A test's time limit in minutes: `quick` as written for `swift test`; fifteen times that (20 at
    /// most) in the full-size run and under a sanitizer. There a test's limit also counts its wait for
    /// one of the two cooperative threads, which the stress tests and the pending-promise reports keep
    /// busy: a test of a millisecond finishes 120–210 s into the run on a quiet two-core machine, and a
    /// CI machine once ran that stage 2.7 times slower, past five times the limit. A hang still ends
    /// the run, at most 20 minutes into the stage, and CI stops at the first stage that fails.
    package static func minutes(_ quick: Int) -> Int {
        isFull || underSanitizer ? min(quick * 15, 20) : quick
    }

    /// `quick` for `swift test`, `full` where CI asks for it; a tenth of either under a sanitizer
    /// (never below `minimum`, which still shows the behaviour under test).
    package static func size(quick: Int, full: Int, minimum: Int = 1) -> Int {
        let size = isFull ? full : quick
        return max(underSanitizer ? size / 10 : size, minimum)
    }
}
