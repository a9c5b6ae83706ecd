import UIKit

extension FeedViewController {
    /// Private: calls of `animate(withDuration:…)` elsewhere are UIKit's.
    private func animate(withDuration duration: TimeInterval, completion: @escaping (Bool) -> Void) {
        completion(true)
    }

    func show() {
        animate(withDuration: 0.2) { _ in }
        tableView.reloadData()
    }
}
