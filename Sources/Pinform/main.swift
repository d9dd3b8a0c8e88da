import CGtk
import Glibc
import Localization
import Storage

// The PIN passes through this process's memory: never let it reach a core file.
var noCoreDumps = rlimit(rlim_cur: 0, rlim_max: 0)
setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCoreDumps)

// The user's language and locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), before any text is made.
Localization.start(catalogs: DataFiles.catalogDirectory())

// tpm2-tss would log every refused PIN on stderr; Pinform reports them itself. Set before any
// thread starts, since the library reads it with getenv.
setenv("TSS2_LOG", "all+none", 0)

// `pinform --security-status`: one line saying what protects the key, without starting GTK.
if CommandLine.arguments.dropFirst().contains("--security-status") {
    print(KeyProtection.active().statusLine)
    exit(0)
}

// Assistive technologies and window managers know the program by this name.
g_set_prgname("pinform")

let application = PinformApplication()
exit(application.run())
