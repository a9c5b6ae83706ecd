import Foundation

/// In an Xcode 16 synchronized folder: the Widgets target compiles every file in it.
struct FeedWidget {
    func snapshot(completion: @escaping (String) -> Void) {
        completion("feed")
    }
}
