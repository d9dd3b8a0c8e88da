@_spi(Testing) import Gtk
import XCTest

/// One Swift wrapper per GObject: what GTK hands back is the wrapper that exists, wrappers
/// live while GTK keeps their widget in a tree, and no reference is left behind.
final class WrapperIdentityTests: XCTestCase {
    func testTheSameWidgetAlwaysGivesTheSameWrapper() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            let entry = Entry()
            box.append(entry)
            window.child = box
            window.present()
            window.setFocus(entry)

            XCTAssertTrue(window.child === box)
            XCTAssertTrue(box.childWidgets.first === entry)
            XCTAssertTrue(entry.rootWindow === window)
            // The focus is on the text inside the entry.
            XCTAssertTrue(window.focusWidget?.ancestor(withRole: .textBox) === entry)
            XCTAssertTrue(window.descendants.first === box)
            // GTK's own widgets too: asked twice, the same wrapper.
            let inside = entry.descendants
            XCTAssertFalse(inside.isEmpty)
            XCTAssertTrue(zip(inside, entry.descendants).allSatisfy { $0 === $1 })
        }
    }

    func testAWidgetGTKMadeIsWrappedAsItsClass() {
        GtkRuntime.test {
            let button = Button(label: "Press")
            let child = button.child
            XCTAssertNotNil(child as? Label, "a button's label is wrapped as a Label")
            XCTAssertEqual((child as? Label)?.text, "Press")
            XCTAssertTrue(button.child === child)
        }
    }

    func testAContainersChildrenAreTheWrappersAdded() {
        GtkRuntime.test {
            let box = Box(.horizontal)
            let first = Label("1")
            let second = Button(label: "2")
            box.append(first)
            box.append(second)
            XCTAssertEqual(box.arrangedChildren.count, 2)
            XCTAssertTrue(box.arrangedChildren[0] === first)
            XCTAssertTrue(box.arrangedChildren[1] === second)
            box.remove(first)
            XCTAssertEqual(box.arrangedChildren.count, 1)
            XCTAssertTrue(box.arrangedChildren[0] === second)

            let row = FoldingRow(foldWidth: 400, spacing: 6)
            row.append(first, weight: 2)
            row.appendSpacer(weight: 1)
            XCTAssertEqual(row.arrangedChildren.count, 2)
            XCTAssertTrue(row.arrangedChildren[0] === first)

            let stack = Stack()
            let page = Box(.vertical)
            stack.add(page, name: "page")
            XCTAssertTrue(stack.page(named: "page") === page)
            stack.remove(name: "page")
            XCTAssertNil(stack.page(named: "page"))

            let views = ViewStack()
            let one = Label("one")
            let two = Label("two")
            views.add(one, name: "one", title: "One")
            views.add(two, name: "two", title: "Two")
            XCTAssertEqual(views.pageNames, ["one", "two"])
            XCTAssertTrue(views.page(named: "two") === two)

            let scroller = ScrolledWindow()
            let content = Box(.vertical)
            scroller.child = content
            XCTAssertTrue(scroller.child === content)

            let revealer = Revealer()
            let hidden = Label("hidden")
            revealer.child = hidden
            XCTAssertTrue(revealer.child === hidden)
            revealer.child = nil
            XCTAssertNil(revealer.child)

            let status = StatusPage(title: "Empty")
            let action = Button(label: "Add")
            status.child = action
            XCTAssertTrue(status.child === action)

            let clamp = Clamp(child: Label("clamped"))
            XCTAssertNotNil(clamp.child as? Label)
        }
    }

    func testAChildsWrapperLivesWhileItHasAParent() {
        GtkRuntime.test {
            let box = Box(.vertical)
            weak var weakLabel: Label?
            do {
                let label = Label("kept")
                weakLabel = label
                box.append(label)
            }
            // Only GTK's list names the child now, and its wrapper (with its state) is alive.
            XCTAssertNotNil(weakLabel)
            XCTAssertTrue(box.arrangedChildren.first === weakLabel)
            box.remove(weakLabel!)
            MainContext.spin(until: { weakLabel == nil }, timeout: 2)
            XCTAssertNil(weakLabel, "unparented, the wrapper goes with its last Swift reference")
        }
    }

    func testAWrapperDroppedWhileGTKHoldsTheWindowIsMadeAgain() {
        GtkRuntime.test {
            let box = Box(.vertical)
            weak var weakWindow: Window?
            do {
                let window = Window()
                weakWindow = window
                window.child = box
            }
            // GTK keeps the toplevel; its first wrapper is gone.
            MainContext.spin(until: { weakWindow == nil }, timeout: 2)
            XCTAssertNil(weakWindow)
            do {
                guard let window = box.rootWindow else { return XCTFail("the box is in a window") }
                XCTAssertTrue(box.rootWindow === window)
                XCTAssertTrue(window.child === box)
                window.destroy()
            }
            // Destroyed and let go, the window is finalized and drops the box.
            MainContext.spin(until: { box.rootWindow == nil }, timeout: 2)
            XCTAssertNil(box.rootWindow)
        }
    }

    func testLookingUpLeavesNoReference() {
        GtkRuntime.test {
            let label = Label("counted")
            XCTAssertEqual(label.referenceCount, 1)
            let box = Box(.vertical)
            box.append(label)
            XCTAssertEqual(label.referenceCount, 2, "the box's and the wrapper's")
            for _ in 0..<10 {
                XCTAssertTrue(box.childWidgets.first === label)
                _ = label.rootWindow
                _ = box.descendants
            }
            XCTAssertEqual(label.referenceCount, 2)
            box.remove(label)
            XCTAssertEqual(label.referenceCount, 1)
        }
    }

    func testATreeIsFreedWhenItsRootGoes() {
        GtkRuntime.test {
            weak var weakBox: Box?
            weak var weakLabel: Label?
            weak var weakInner: Widget?
            do {
                let box = Box(.vertical)
                let label = Label("leaf")
                box.append(label)
                box.append(Entry())
                weakBox = box
                weakLabel = label
                weakInner = box.descendants.last // a wrapper made for GTK's own widget (the entry's text)
            }
            MainContext.spin(until: { weakBox == nil && weakLabel == nil && weakInner == nil }, timeout: 2)
            XCTAssertNil(weakBox)
            XCTAssertNil(weakLabel, "the parent's dispose unparents the child, which unpins its wrapper")
            XCTAssertNil(weakInner)
        }
    }

    func testAValueAssociatedWithAnObjectIsFoundFromItsWrapperAndReleased() {
        GtkRuntime.test {
            final class Marker {}
            let key = AssociationKey<Marker>("gtk-tests-marker")
            weak var weakMarker: Marker?
            do {
                let box = Box(.vertical)
                let label = Label("tagged")
                box.append(label)
                let marker = Marker()
                weakMarker = marker
                label.setAssociatedValue(marker, for: key)
                XCTAssertTrue(box.arrangedChildren.first?.associatedValue(for: key) === marker)
                label.setAssociatedValue(nil, for: key)
                XCTAssertNil(label.associatedValue(for: key))
                label.setAssociatedValue(marker, for: key)
            }
            MainContext.spin(until: { weakMarker == nil }, timeout: 2)
            XCTAssertNil(weakMarker, "the value goes when its object is finalized")
        }
    }
}
