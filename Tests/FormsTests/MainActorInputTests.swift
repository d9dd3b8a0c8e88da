import XCTest
import Forms

/// A widget-like input isolated to the main actor, as the GTK layer's fields are, through an
/// isolated conformance.
@MainActor
private final class MainActorField<Output: StringTwoWayConvertible> {
    var text: String?
}

extension MainActorField: @MainActor FormInput {}

final class MainActorInputTests: XCTestCase {
    private struct Person {
        var age = 0
    }

    // XCTest on Linux cannot call @MainActor test methods; its tests run on the main thread.
    func testMainActorInputResolves() {
        MainActor.assumeIsolated { Self.resolveOnMainActor() }
    }

    @MainActor
    private static func resolveOnMainActor() {
        let form = Form<Person>()
        let field = MainActorField<Int>()
        field.text = "26"
        let age = form.bind(field, to: \.age)
        form.addRow([FormElement(age)])
        var person = Person()
        XCTAssertTrue(form.resolve(model: &person).0)
        XCTAssertEqual(person.age, 26)
        XCTAssertEqual(field.output, 26)
    }
}
