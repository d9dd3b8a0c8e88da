import FormDefinitions
import Gtk
import Localization
import PinformModels

extension FormWindow {
    /// Keeps the switcher in step with the forms defined in the app: a new form gets its page,
    /// a changed one is made again (its form and list follow the new definition) and keeps its
    /// title on the switcher up to date; a deleted one's page goes.
    func followDefinedForms() {
        var versions: [String: Int] = [:]
        for definition in DefinedForms.shared.definitions {
            versions["form." + definition.id.rawValue] = DefinedForms.shared.version(of: definition.id)
        }
        var shown = versions
        var refusedShown: [String: RefusedDefinition] = [:]
        showRefusedForms(&refusedShown)
        DefinedForms.shared.observe { [weak self] in
            guard let self else { return }
            showRefusedForms(&refusedShown)
            for model in ModelRegistry.models where model.settingsKey.hasPrefix("form.") {
                let key = model.settingsKey
                guard let id = DefinedForms.shared.definitions.first(where: { "form." + $0.id.rawValue == key })?.id else { continue }
                let version = DefinedForms.shared.version(of: id)
                if stack.page(named: key) == nil {
                    stack.add(Box(.vertical), name: key, title: model.title, iconName: model.iconName)
                } else if shown[key] != version {
                    stack.setTitle(model.title, ofPage: key)
                    if let made = pages.removeValue(forKey: key), let holder = stack.page(named: key) as? Box {
                        holder.remove(made.widget)
                    }
                    if stack.visibleChildName == key { showPage(key) }
                }
                shown[key] = version
            }
            // A deleted form's page goes (the first page is shown if it was).
            let current = Set(DefinedForms.shared.definitions.map { "form." + $0.id.rawValue })
            for key in shown.keys where !current.contains(key) {
                if stack.visibleChildName == key, let first = ModelRegistry.models.first?.settingsKey { show(first) }
                pages.removeValue(forKey: key)
                stack.remove(named: key)
                shown.removeValue(forKey: key)
            }
        }
    }

    /// A page for each stored form that was not opened (`DefinedForms.refused`: damaged, made by
    /// a newer Pinform, or a definition the store cannot keep), saying why under its name; its
    /// records are kept. `shown` holds the pages there are, by key.
    private func showRefusedForms(_ shown: inout [String: RefusedDefinition]) {
        var current: [String: RefusedDefinition] = [:]
        for refusal in DefinedForms.shared.refused { current["refused." + refusal.id] = refusal }
        for (key, refusal) in current where shown[key] != refusal {
            if shown[key] != nil { stack.remove(named: key) }
            // Translators: the title of the page of a form made in the app that cannot be opened: "“Member” Cannot Be Opened".
            let page = StatusPage(iconName: "dialog-warning-symbolic", title: tr("“{form}” Cannot Be Opened", ["form": refusal.name]),
                                  // Translators: under it: why, then that nothing was lost: "Two fields have the id “a”. Its saved records are kept as they are."
                                  description: tr("{problem}. Its saved records are kept as they are.", ["problem": refusal.message]))
            stack.add(page, name: key, title: refusal.name, iconName: "dialog-warning-symbolic")
        }
        for key in shown.keys where current[key] == nil {
            if stack.visibleChildName == key, let first = ModelRegistry.models.first?.settingsKey { show(first) }
            stack.remove(named: key)
        }
        shown = current
    }
}
