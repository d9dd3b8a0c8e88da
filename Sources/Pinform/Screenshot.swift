import Glibc
import Gtk
import Localization

/// `--screenshot=FILE`: once the first window has drawn, save it as PNG and quit.
@MainActor
struct Screenshot {
    /// Why a screenshot could not be written.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { tr("pinform: cannot write the screenshot to {file}: {reason}", ["file": path, "reason": reason]) }
    }

    let path: String

    /// Checks now, before any window opens, that `path` can be written, so a typo fails at once.
    func checkWritable() throws(Failure) {
        let existed = access(path, F_OK) == 0
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        close(descriptor)
        if !existed { unlink(path) }
    }

    /// Renders `window` to the file.
    func capture(_ window: Window) throws(Failure) {
        guard let texture = window.renderTexture() else {
            throw Failure(path: path, reason: tr("the window could not be rendered"))
        }
        errno = 0
        guard texture.savePNG(to: path) else {
            throw Failure(path: path, reason: String(cString: strerror(errno == 0 ? EIO : errno)))
        }
        print(tr("pinform: saved a {width}×{height} screenshot of the window to {file}",
                 ["width": String(window.width), "height": String(window.height), "file": path]))
    }
}
