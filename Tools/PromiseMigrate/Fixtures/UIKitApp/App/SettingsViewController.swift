import UIKit

final class SettingsViewController: UIViewController {
    func close() {
        UIView.animate(withDuration: 0.2, animations: {}, completion: { _ in })
        dismiss(animated: true, completion: nil)
        presentingViewController?.dismiss(animated: true)
    }

    func refresh() async {
        await withCheckedContinuation { continuation in
            AccountAPI.shared.start { continuation.resume() }
        }
    }
}
