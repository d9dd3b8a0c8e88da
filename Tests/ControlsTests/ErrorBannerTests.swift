import Controls
import Gtk
import XCTest

final class ErrorBannerTests: XCTestCase {
    func testBannerShowsTheMessageAndOffersTheAction() {
        GtkRuntime.test {
            let banner = ErrorBanner()
            var moved = 0
            banner.show("The records file is damaged.", actionLabel: "Move Aside and Start Fresh") { moved += 1 }
            XCTAssertTrue(banner.isShown)
            XCTAssertEqual(banner.message, "The records file is damaged.")
            XCTAssertTrue(banner.actionButton.isVisible)
            banner.actionButton.click()
            XCTAssertEqual(moved, 1)
        }
    }

    func testBannerWithoutActionShowsNoButton() {
        GtkRuntime.test {
            let banner = ErrorBanner()
            banner.show("The disk is full — the record was not saved.")
            XCTAssertFalse(banner.actionButton.isVisible)
        }
    }

    func testDismissHidesTheBanner() {
        GtkRuntime.test {
            let banner = ErrorBanner()
            banner.show("Oops", actionLabel: "Retry") {}
            banner.closeButton.click()
            XCTAssertFalse(banner.isShown)
        }
    }
}
