# shellcheck shell=bash
# Shared helpers for scripts/run, scripts/test and .ci/run. Source it; do not run it.
#
# After sourcing, the current directory is the repository root, and:
#   ensure_packages [run|test]   installs the missing Debian packages (once; safe to repeat)
#   ensure_swift                 puts swift on PATH or explains why it cannot
#   write_gtk4_pc                writes .build/pkgconfig/gtk4.pc (see below)
#   compile_schemas              compiles data/*.gschema.xml into .build/schemas
#   SWIFT_FLAGS                  an array to pass to every `swift build` / `swift test`

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO_ROOT"

# What the app needs to build and run.
RUN_PACKAGES=(
    libgtk-4-dev libadwaita-1-dev libsqlcipher-dev libsodium-dev pkg-config
    adwaita-icon-theme fonts-cantarell libglib2.0-bin gettext
    libtss2-dev
)

# What the tests and the packaging checks need on top: a virtual display, a session bus,
# the accessibility bus and its Python bindings (end-to-end tests), the Orca screen reader and
# speech-dispatcher (the tests of what a screen reader says), GTK 4 introspection
# (the harness self-test), the desktop-file / AppStream / schema validators, the test locales,
# and a software TPM with its tools (the TPM tests start their own swtpm on localhost).
TEST_PACKAGES=(
    xvfb xauth dbus dbus-x11 at-spi2-core
    python3 python3-pyatspi gir1.2-atspi-2.0 python3-gi gir1.2-gtk-4.0
    orca speech-dispatcher
    sqlite3 imagemagick librsvg2-bin
    desktop-file-utils appstream meson ninja-build
    locales
    swtpm swtpm-tools tpm2-tools
)

log() { printf '==> %s\n' "$*" >&2; }

# Installs whichever of the requested package sets is missing. apt is only touched when
# something is missing, so repeated runs cost one dpkg-query.
ensure_packages() {
    local wanted=("${RUN_PACKAGES[@]}")
    if [[ "${1:-run}" == test ]]; then
        wanted+=("${TEST_PACKAGES[@]}")
    fi
    local missing=() pkg status
    for pkg in "${wanted[@]}"; do
        status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
        if [[ "$status" != "install ok installed" ]]; then
            missing+=("$pkg")
        fi
    done
    if ((${#missing[@]} == 0)); then
        return 0
    fi
    log "Installing missing packages: ${missing[*]}"
    local sudo=()
    if [[ "$(id -u)" != 0 ]]; then
        if ! command -v sudo >/dev/null; then
            log "Not root and no sudo: install these packages yourself: ${missing[*]}"
            return 1
        fi
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The locales the tests run under (numbers, dates, plural forms, right-to-left): generated once
# with locale-gen when missing, as Debian's `locales` package does it.
TEST_LOCALES=(de_DE.UTF-8 ru_RU.UTF-8 zh_CN.UTF-8 he_IL.UTF-8 ar_EG.UTF-8)

ensure_locales() {
    local have missing=() name
    have="$(locale -a 2>/dev/null | tr '[:upper:]' '[:lower:]' | sed 's/utf-8/utf8/')"
    for name in "${TEST_LOCALES[@]}"; do
        local key
        key="$(tr '[:upper:]' '[:lower:]' <<<"$name" | sed 's/utf-8/utf8/')"
        grep -qxF "$key" <<<"$have" || missing+=("$name")
    done
    ((${#missing[@]} == 0)) && return 0
    log "Generating locales: ${missing[*]}"
    local sudo=()
    [[ "$(id -u)" != 0 ]] && sudo=(sudo)
    for name in "${missing[@]}"; do
        if ! grep -qE "^${name//./\\.} UTF-8" /etc/locale.gen 2>/dev/null; then
            echo "$name UTF-8" | "${sudo[@]}" tee -a /etc/locale.gen >/dev/null
        fi
    done
    "${sudo[@]}" locale-gen >/dev/null
}

# The Swift toolchain is not a Debian package; it lives in /opt/swift on the project's machines.
ensure_swift() {
    if ! command -v swift >/dev/null && [[ -x /opt/swift/usr/bin/swift ]]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    if ! command -v swift >/dev/null; then
        log "swift was not found on PATH nor in /opt/swift/usr/bin."
        log "Install a Swift 6 toolchain (https://www.swift.org/install/linux/) and put it on PATH."
        return 1
    fi
}

# GTK's pkg-config Cflags carry -pthread, -mfpmath=sse, -msse and -msse2, which SwiftPM does not
# allow and warns about on every build. SwiftPM searches --pkg-config-path first, so a flattened
# gtk4.pc there that keeps only -I/-F in Cflags and -L/-l in Libs silences the warning; nothing
# is lost on x86_64 (SSE2 is the baseline, and glibc's libc carries the pthread symbols).
PKGCONFIG_DIR="$REPO_ROOT/.build/pkgconfig"

write_gtk4_pc() {
    local version cflags=() libs=() flag
    version="$(pkg-config --modversion gtk4)"
    for flag in $(pkg-config --cflags gtk4 libadwaita-1); do
        case "$flag" in -I* | -F*) cflags+=("$flag") ;; esac
    done
    for flag in $(pkg-config --libs gtk4 libadwaita-1); do
        case "$flag" in -L* | -l*) libs+=("$flag") ;; esac
    done
    mkdir -p "$PKGCONFIG_DIR"
    local content
    content="$(printf '%s\n' \
        "# Generated by scripts/lib.sh from the system gtk4.pc and libadwaita-1.pc; do not edit." \
        "Name: GTK" \
        "Description: GTK with libadwaita (flattened for SwiftPM)" \
        "Version: $version" \
        "Cflags: ${cflags[*]}" \
        "Libs: ${libs[*]}")"
    # Rewrite only when it changed, so SwiftPM does not see a new file on every run.
    if [[ ! -f "$PKGCONFIG_DIR/gtk4.pc" ]] || [[ "$(cat "$PKGCONFIG_DIR/gtk4.pc")" != "$content" ]]; then
        printf '%s\n' "$content" >"$PKGCONFIG_DIR/gtk4.pc"
    fi
}

SWIFT_FLAGS=(--pkg-config-path "$PKGCONFIG_DIR")

# The app's GSettings schema is not installed when it runs from the source tree; compile it
# next to the build and point GLib at it.
SCHEMA_DIR="$REPO_ROOT/.build/schemas"

compile_schemas() {
    mkdir -p "$SCHEMA_DIR"
    cp data/*.gschema.xml "$SCHEMA_DIR/"
    glib-compile-schemas --strict "$SCHEMA_DIR"
    export GSETTINGS_SCHEMA_DIR="$SCHEMA_DIR"
}

# The translations (po/*.po) compiled for the app run from the source tree, where
# Localization finds them through PINFORM_LOCALE_DIR; an installed app reads
# <prefix>/share/locale, filled by meson. msgfmt --check refuses a broken catalog.
LOCALE_DIR="$REPO_ROOT/.build/locale"

compile_catalogs() {
    local po lang target
    for po in po/*.po; do
        [[ -e "$po" ]] || continue
        lang="$(basename "$po" .po)"
        target="$LOCALE_DIR/$lang/LC_MESSAGES/pinform.mo"
        if [[ ! -f "$target" || "$po" -nt "$target" ]]; then
            mkdir -p "$(dirname "$target")"
            msgfmt --check -o "$target" "$po"
        fi
    done
    export PINFORM_LOCALE_DIR="$LOCALE_DIR"
}

# Runs "$@" on a private virtual X display (1280x1024, 24-bit) and returns its exit status.
# Xvfb picks a free display number itself (-displayfd), which, unlike `xvfb-run -a`, cannot race
# with another Xvfb starting at the same moment on a shared machine. -noreset: by default an X
# server resets when its last client leaves, and a client connecting during that reset fails
# (the first GTK app of a test run did, one time in four).
run_with_virtual_display() {
    local dir xvfb_pid display="" status=0
    dir="$(mktemp -d)"
    Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$dir/display" 2>"$dir/xvfb.log" &
    xvfb_pid=$!
    # shellcheck disable=SC2064 # expand now: the trap must end this Xvfb
    trap "kill $xvfb_pid 2>/dev/null; rm -rf '$dir'" EXIT
    local tries
    for ((tries = 0; tries < 200; tries++)); do
        display="$(head -n 1 "$dir/display" 2>/dev/null || true)"
        [[ -n "$display" ]] && break
        if ! kill -0 "$xvfb_pid" 2>/dev/null; then
            log "Xvfb did not start:"
            cat "$dir/xvfb.log" >&2
            return 1
        fi
        sleep 0.05
    done
    if [[ -z "$display" ]]; then
        log "Xvfb did not report a display within 10 s"
        return 1
    fi
    local baseline
    baseline="$(_socket_count "$xvfb_pid")"
    DISPLAY=":$display" "$@" || status=$?
    # The accessibility bus daemons outlive the command by a moment and print "X connection
    # broken" if the server goes first: wait (3 s at most) until their connections are closed.
    for ((tries = 0; tries < 60; tries++)); do
        (($(_socket_count "$xvfb_pid") <= baseline)) && break
        sleep 0.05
    done
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
    rm -rf "$dir"
    trap - EXIT
    return "$status"
}

# How many sockets a process has open (an X server: its listening sockets plus one per client).
_socket_count() {
    find "/proc/$1/fd" -lname 'socket:*' 2>/dev/null | wc -l
}
