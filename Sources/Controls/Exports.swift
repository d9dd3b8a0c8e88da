// One import for an app: `import Controls` brings the widgets, the headless forms (`Form`,
// `CalendarDate`, `FormChoice`, rules), the state engine and the thin GTK layer (`Window`,
// `Box`, `Button`, `Application`, …) with Swift enums such as `Orientation` and `Alignment`,
// and Foundation (`Decimal`, `Date`), as SwiftUI does.
@_exported import ControlState
@_exported import Foundation
@_exported import Forms
@_exported import Gtk
