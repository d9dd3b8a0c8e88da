import Glibc
import Gtk
import Localization
import PinformCore
import Storage

// The PIN and the data key pass through this process's memory: no core file, and no other
// process of the user may read it (ptrace, /proc/<pid>/mem).
ProcessProtection.makeUndumpable()

// The user's language and locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), before any text is made.
Localization.start(catalogs: DataFiles.catalogDirectory())

// tpm2-tss would log every refused PIN on stderr; Pinform reports them itself. Set before any
// thread starts, since the library reads it with getenv.
setenv("TSS2_LOG", "all+none", 0)

// `pinform --security-status`: one line saying what protects the key, without starting GTK.
if CommandLine.arguments.dropFirst().contains("--security-status") {
    // What the key file uses; with no PIN set yet, what one set now would get.
    // With a TPM, also its lockout: whether anyone at the machine can reset it, and its limits.
    print(KeyProtection.securityStatusLines(vault: KeyVault(paths: AppPaths())).joined(separator: "\n"))
    exit(0)
}

// Assistive technologies and window managers know the program by this name.
GtkRuntime.setProgramName("pinform")

let application = PinformApplication()
exit(application.run())
