// A form of one field, built and loaded; run under a display it prints what it resolved.
import Controls

struct Contact {
    var name = ""
}

@MainActor
func resolvedName() -> String? {
    guard GtkRuntime.initialize() else { return nil }
    let form = FormView<Contact>(prototype: Contact())
    let name = form.bind(ActiveInput<String>(label: "Name"), to: \.name, rules: [.required])
    form.addRow([FormElement(name)])
    form.build()
    form.load(Contact(name: "Ada"))
    return try? form.resolve(Contact()).get().name
}

print(MainActor.assumeIsolated { resolvedName() } ?? "no display")
