// A form of one field, built and loaded; run under a display it prints what it resolved.
import Controls

struct Contact {
    var name = ""
}

@MainActor
func resolvedName() -> String? {
    guard GtkRuntime.initialize() else { return nil }
    // Bindings and rows are declared on the form; the view lays them out with real widgets.
    let form = Form<Contact>(prototype: Contact())
    let name = form.bind(ActiveInput<String>(label: "Name"), to: \.name, rules: [.required])
    form.addRow([FormElement(name)])
    let view = FormView(form)
    view.load(Contact(name: "Ada"))
    switch view.resolve(Contact()) {
    case .success(let contact): return contact.name
    case .failure: return nil
    }
}

print(MainActor.assumeIsolated { resolvedName() } ?? "no display")
