#if os(Linux)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// C library functions that Swift's Glibc module does not import: the headers declare them only
    /// under `_GNU_SOURCE`, which the module is built without. All are public, documented entry points
    /// (`pipe2` since glibc 2.9, `posix_spawn_file_actions_addchdir_np` since 2.29,
    /// `posix_spawn_file_actions_addclosefrom_np` since 2.34), so they are looked up by name once.
    /// `ChildProcessTests` pins that the lookup finds them.
    enum GNULibC {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
        typealias AddChdir =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32

        /// `pipe2(2)`, or nil where the C library lacks it.
        static let pipe2: Pipe2? = symbol("pipe2")
        /// `posix_spawn_file_actions_addchdir_np(3)`, or nil where the C library lacks it (glibc before 2.29).
        static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")

        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        /// `posix_spawn_file_actions_addclosefrom_np(3)`, or nil where the C library lacks it (glibc
        /// before 2.34, musl).
        static let addCloseFrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")

        private static func symbol<Function>(_ name: String) -> Function? {
            // nil is RTLD_DEFAULT in glibc and musl: the libraries the process has loaded.
            guard let address = dlsym(nil, name) else { return nil }
            return unsafeBitCast(address, to: Function.self)
        }
    }
#endif
