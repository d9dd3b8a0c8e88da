import CGtk
import Glibc
import Storage

// The PIN and the data key pass through this process's memory: no core file, and no other
// process of the user may read it (ptrace, /proc/<pid>/mem).
ProcessProtection.makeUndumpable()

// Assistive technologies and window managers know the program by this name.
g_set_prgname("pinform")

let application = PinformApplication()
exit(application.run())
