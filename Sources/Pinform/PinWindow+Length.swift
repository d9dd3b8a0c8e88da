import Controls
import PinControls
import ControlState
import Gtk
import Localization
import PinCode
import PinformCore
import Storage

// The new PIN's length (4 or 6 digits), offered while a PIN is chosen.
extension PinWindow {
    func makeLengthChoice() -> Widget {
        lengthChoice.addCSSClass("linked")
        lengthChoice.horizontalAlignment = .center
        lengthChoice.setMargins(top: 6, bottom: 6, start: 0, end: 0)
        for length in PinFlow.lengths {
            let label = length == PinFlow.recommendedLength
                // Translators: a choice of the new PIN's length.
                ? trn("%d digit (recommended)", "%d digits (recommended)", length)
                // Translators: a choice of the new PIN's length.
                : trn("%d digit", "%d digits", length)
            let button = ToggleButton(label: label)
            if let first = lengthButtons.values.first { button.joinGroup(of: first) }
            button.isActive = length == flow.length
            button.onToggled { [weak self, unowned button] in
                guard let self, button.isActive, flow.length != length else { return }
                flow.chooseLength(length)
                delegate?.pinWindow(self, didChooseLength: length)
                attach(PinCodeView(control: PinWindow.makeControl(length: length)))
                render()
            }
            lengthButtons[length] = button
            lengthChoice.append(button)
        }
        return lengthChoice
    }
}
