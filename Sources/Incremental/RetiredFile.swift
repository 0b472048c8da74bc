import Foundation
import Dispatch

/// Cache files taken out of use while a build runs (the manifest and the search state, before
/// the output changes): renamed at once, since a name is all the next build looks for, and
/// unlinked on another thread, since freeing the blocks of a file of megabytes takes
/// milliseconds. `finish()` waits for those unlinks, at the end of a build. A file left
/// retired by a build that was killed is replaced by the next one retired under its name.
package enum RetiredFile {
    private static let unlinking = DispatchGroup()

    package static func retire(_ file: URL) {
        let retired = file.path + ".retired"
        guard rename(file.path, retired) == 0 else {
            unlink(file.path)  // whatever it is, it is no longer in use
            return
        }
        DispatchQueue.global().async(group: unlinking) { unlink(retired) }
    }

    package static func finish() { unlinking.wait() }
}
