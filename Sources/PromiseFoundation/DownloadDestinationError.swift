import Foundation

/// Why a download was not saved where it was asked to go. Nothing at the destination was touched.
///
/// ```swift
/// do {
///     _ = try await session.downloadPromise(with: request, to: report).value
/// } catch DownloadDestinationError.fileExists(let url) {
///     print("kept the report already at \(url.path)")
/// }
/// ```
public enum DownloadDestinationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The destination is a directory (or a link to one). A download never replaces a directory.
    case isDirectory(URL)
    /// A file is at the destination, and replacing it was not asked for (`replacingExistingFile: true`).
    case fileExists(URL)

    /// Names the destination and the reason.
    public var description: String {
        switch self {
        case .isDirectory(let url):
            return "Cannot save the download at \(url.path): it is a directory."
        case .fileExists(let url):
            return "Cannot save the download at \(url.path): a file is there (pass replacingExistingFile: true "
                + "to replace it)."
        }
    }
}
