import UIKit

extension UIView {
    /// The app's own UIView API.
    func fadeIn(duration: TimeInterval, completion: @escaping () -> Void) {
        UIView.animate(withDuration: duration, animations: { self.alpha = 1 }, completion: { _ in completion() })
    }
}

final class FeedViewController: UIViewController {
    @IBOutlet var tableView: UITableView!
    private let api = AccountAPI.shared

    func reload(completion: @escaping () -> Void) {
        tableView.reloadData()
        completion()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        Analytics.shared.start()
        AccountAPI.shared.start {}
        view.fadeIn(duration: 0.3) {}
        UIView.animate(withDuration: 0.3) { self.view.alpha = 0 }
        navigationController?.popViewController(animated: true)
        dismiss(animated: true)
        reload {}
        api.signIn(user: "ada", success: { _ in }, failure: { _ in })
        AccountAPI.shared.fetchProfile(id: 1, success: { _ in }) { _ in }
    }
}
