import Foundation

/// A photo library from before Swift concurrency: a plain class, not `Sendable`.
class PhotoLibrary {
    typealias Completion = (Result<[Photo], any Error>) -> Void

    private var photos: [Photo] = []

    /// Not a completion-handler API: an initializer's closure is stored by the object it makes.
    init(path: String, completion: @escaping ((any Error)?) -> Void) {
        completion(path.isEmpty ? APIError.offline : nil)
    }

    /// Through a typealias nested in the type.
    func loadAll(completion: @escaping Completion) {
        completion(.success(photos))
    }

    #if DEBUG
    /// In debug builds, a sample photo.
    func loadSample(completion: @escaping (Photo?, (any Error)?) -> Void) {
        completion(Photo(id: 0, data: Data()), nil)
    }
    #else
    /// In release builds, none.
    func loadSample(completion: @escaping (Photo?, (any Error)?) -> Void) {
        completion(nil, APIError.offline)
    }
    #endif

    #if canImport(ObjectiveC)
    /// An `@objc` method, as UIKit-era code has: only where Objective-C is.
    @objc func refresh(completion: @escaping (Bool) -> Void) {
        completion(true)
    }
    #endif
}

extension PhotoLibrary {
    /// A method in an extension.
    func delete(_ photo: Photo, completion: @escaping ((any Error)?) -> Void) {
        photos.removeAll { $0.id == photo.id }
        completion(nil)
    }

    /// Two closures, neither named like a completion handler: an observer API, not a completion handler.
    func observe(onInsert: @escaping (Photo) -> Void, onDelete: @escaping (Int) -> Void) {
        onDelete(photos.count)
    }
}
