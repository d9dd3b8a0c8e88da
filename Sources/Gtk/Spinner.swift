/// libadwaita's spinner (`AdwSpinner`): says that something is under way, turning while shown.
@MainActor
public final class Spinner: Widget {}
