"""Constructors and signals for scripts/generate-gtk, read from the GIR.

A constructor becomes a convenience initializer of its wrapper. Who owns the new object is the
GIR's word, not a comment's: a floating reference (`transfer-ownership="none"` of a
`GInitiallyUnowned`, every widget) is sunk by the wrapper, a full one (`"full"`, a plain
GObject such as a controller or a provider) is adopted without another reference, and an
argument the constructor takes over (`"full"` on a parameter) is handed a reference of its own
first, so that the argument's wrapper keeps the one it owns.

A signal becomes a typed connection: the C handler has exactly the signal's C signature (its
parameters and return value from the GIR), its arguments are converted to Swift before the
closure runs on the main actor (strings copied, as a signal lends them: transfer none), and the
closure is boxed once, owned by GLib and released when the handler is disconnected or the
object finalized (`Object.connectTrampoline`).

Python 3, standard library only; `gir` is the generate-gtk module (its GIR loading helpers).
"""
import sys

SCALARS = {  # GIR type: (C type in a handler, Swift type, C → Swift, Swift → C)
    "gboolean": ("gboolean", "Bool", "%s != 0", "%s ? 1 : 0"),
    "gint": ("gint", "Int32", "%s", "%s"),
    "guint": ("guint", "UInt32", "%s", "%s"),
    "gdouble": ("gdouble", "Double", "%s", "%s"),
}


def fail(message):
    sys.exit("generate-gtk: " + message)


def qualify(name, namespace):
    return name if "." in name else namespace + "." + name


def ancestry(gir, qualified):
    """The class, its parents and every interface they implement, as (namespace, element)."""
    result, queue, seen = [], [qualified], set()
    while queue:
        name = queue.pop(0)
        if name in seen or name.split(".")[0] not in gir.GIR_FILES:
            continue
        seen.add(name)
        namespace, element = gir.find_class(name)
        result.append((namespace, element))
        if element.get("parent"):
            queue.append(qualify(element.get("parent"), namespace))
        for implemented in element.findall("core:implements", gir.NS):
            queue.append(qualify(implemented.get("name"), namespace))
        for prerequisite in element.findall("core:prerequisite", gir.NS):
            queue.append(qualify(prerequisite.get("name"), namespace))
    return result


def inherits(gir, qualified, ancestor):
    return any("%s.%s" % (namespace, element.get("name")) == ancestor
               for namespace, element in ancestry(gir, qualified))


def type_of(gir, element):
    gtype = element.find("core:type", gir.NS)
    if gtype is None:
        fail("%s has a type generate-gtk does not read (an array or callback)" % element.get("name"))
    return gtype.get("name")


class Types:
    """The Swift side of GIR types: scalars, strings, the allowlist's enums, flags and classes."""

    def __init__(self, gir, enums, classes):
        self.gir, self.enums, self.classes = gir, enums, classes

    def argument(self, parameter, namespace, label, name, default):
        """(Swift parameter declaration, C argument expression, a doc note) of a constructor's
        parameter: `label` its argument label, `name` its name (the GIR's when empty)."""
        name = name or self.gir.camel(parameter.get("name"))
        gtype = type_of(self.gir, parameter)
        nullable = parameter.get("nullable") == "1" or parameter.get("allow-none") == "1"
        transfer = parameter.get("transfer-ownership", "none")
        qualified = qualify(gtype, namespace)
        if gtype == "utf8":
            swift, expression = "String?" if nullable else "String", name
        elif gtype in SCALARS:
            swift, expression = SCALARS[gtype][1], SCALARS[gtype][3] % name
        elif qualified in self.enums:
            swift, expression = self.enums[qualified], name + ".cValue"
        elif qualified in self.classes:
            swift = self.classes[qualified][0] + ("?" if nullable else "")
            # A parameter the constructor takes over gets a reference of its own (transfer full).
            raw = "g_object_ref(%s.raw)" if transfer == "full" else "%s.raw"
            pointer = self.classes[qualified][1]
            if nullable:
                expression = "%s.map { %s }" % (name, pointer.replace("raw", raw % "$0"))
            else:
                expression = pointer.replace("raw", raw % name)
        else:
            fail("a constructor's parameter of type %s: add it to the allowlist or write it by hand" % gtype)
        if transfer != "none" and qualified not in self.classes:
            fail("%s is handed over (transfer %s); write it by hand" % (name, transfer))
        declaration = "%s%s: %s%s" % ("" if label == name else label + " ", name, swift,
                                       " = " + default if default is not None else "")
        note = "`%s` taken over (a reference of its own)" % name if transfer == "full" else None
        return declaration, expression, note

    def signal_parameter(self, parameter, namespace):
        """(C type, Swift type, C → Swift conversion of `argument`) of a signal's parameter."""
        gtype = type_of(self.gir, parameter)
        qualified = qualify(gtype, namespace)
        if parameter.get("transfer-ownership", "none") != "none":
            fail("a signal argument %s is handed over; write it by hand" % parameter.get("name"))
        if gtype == "utf8":
            return "UnsafePointer<CChar>?", "String", 'argument.map { String(cString: $0) } ?? ""'
        if gtype in SCALARS:
            ctype, swift, convert, _ = SCALARS[gtype]
            return ctype, swift, convert % "argument"
        if qualified in self.enums:
            ctype = self.gir.find_enum(qualified).get(self.gir.C + "type")
            return ctype, self.enums[qualified], "%s(argument)" % self.enums[qualified]
        namespace_name, _, name = qualified.partition(".")
        if namespace_name in self.gir.GIR_FILES:
            for tag in ("enumeration", "bitfield"):
                for element in self.gir.load(namespace_name).iter("{%s}%s" % (self.gir.NS["core"], tag)):
                    if element.get("name") == name:  # not in the allowlist: its C type, internal only
                        return element.get(self.gir.C + "type"), element.get(self.gir.C + "type"), "argument"
        if gtype in ("gint64", "guint64", "gfloat", "gchar", "guchar", "glong", "gulong", "gsize", "gssize"):
            fail("a signal argument of type %s: add it to SCALARS in scripts/gtk_calls.py" % gtype)
        # Any other object or pointer reaches the (internal) handler as a raw pointer.
        return "gpointer?", "UnsafeMutableRawPointer?", "MainThreadPointer(value: argument)"


def constructor(gir, types, qualified, labels, doc):
    """`new  Namespace.Class.function  labels  doc`: one convenience initializer, public when
    documented, internal (for a hand-written initializer that goes on) when `doc` is `-`.
    `labels` has one `label[:name][=default]` a parameter, comma-separated (`-`: none)."""
    class_name, function = qualified.rsplit(".", 1)
    if class_name not in types.classes:
        fail("no `class` line for %s" % class_name)
    swift_class = types.classes[class_name][0]
    namespace, element = gir.find_class(class_name)
    method = next((c for c in element.findall("core:constructor", gir.NS) if c.get("name") == function), None)
    if method is None:
        fail("%s has no constructor %s" % (class_name, function))
    identifier = method.get(gir.C + "identifier")
    parameters = method.findall("core:parameters/core:parameter", gir.NS)
    specs = [] if labels == "-" else labels.split(",")
    if len(specs) != len(parameters):
        fail("%s takes %d arguments, the allowlist names %d" % (identifier, len(parameters), len(specs)))
    declarations, arguments, notes = [], [], []
    for parameter, spec in zip(parameters, specs):
        spec, _, default = spec.partition("=")
        label, _, name = spec.partition(":")
        declaration, expression, note = types.argument(parameter, namespace, label, name, default or None)
        declarations.append(declaration)
        arguments.append(expression)
        notes += [note] if note else []
    returned = method.find("core:return-value", gir.NS)
    transfer = returned.get("transfer-ownership", "none")
    floating = inherits(gir, class_name, "GObject.InitiallyUnowned")
    call = "%s(%s)" % (identifier, ", ".join(arguments))
    if inherits(gir, class_name, "Gtk.Widget"):
        if transfer != "none" or not floating:
            fail("%s returns a widget with transfer %s; write it by hand" % (identifier, transfer))
        if qualify(type_of(gir, returned), namespace) != "Gtk.Widget":
            call = "pf_widget(%s)" % call
        body, ownership = "self.init(widget: %s)" % call, "a floating reference, sunk"
    elif transfer == "full" and not floating:
        body, ownership = "self.init(adopting: UnsafeMutableRawPointer(%s))" % call, "a full reference, adopted"
    elif transfer == "none":
        body, ownership = "self.init(retaining: UnsafeMutableRawPointer(%s))" % call, "a reference of our own added"
    else:
        fail("%s returns a floating object with transfer full; write it by hand" % identifier)
    public = doc != "-"
    lines = ["    /// %s" % (doc if public else "A new `%s`." % element.get(gir.C + "type")), "    ///",
             "    /// `%s` (transfer %s: %s%s)." % (identifier, transfer, ownership,
                                                  "; " + ", ".join(notes) if notes else ""),
             "    %sconvenience init(%s) {" % ("public " if public else "", ", ".join(declarations)),
             "        %s" % body, "    }"]
    return swift_class, gir.GIR_FILES[namespace], "\n".join(lines)


def find_signal(gir, class_name, signal):
    for namespace, element in ancestry(gir, class_name):
        for candidate in element.findall("glib:signal", gir.NS):
            if candidate.get("name") == signal:
                return namespace, element, candidate
    fail("%s has no signal %s" % (class_name, signal))


def signal(gir, types, qualified, swift, doc):
    """`signal  Namespace.Class::name  swiftName  doc`: one typed connection, public when
    documented, internal (for a hand-written wrapper that converts further) when `doc` is `-`."""
    class_name, name = qualified.split("::")
    if class_name not in types.classes:
        fail("no `class` line for %s" % class_name)
    swift_class = types.classes[class_name][0]
    namespace, owner, element = find_signal(gir, class_name, name)
    ctypes, cdeclared, names, swift_types, body, call_arguments = [], [], [], [], [], []
    for parameter in element.findall("core:parameters/core:parameter", gir.NS):
        ctype, swift_type, conversion = types.signal_parameter(parameter, namespace)
        argument = gir.camel(parameter.get("name")).strip("`")
        ctypes.append(ctype)
        shown = {"UnsafePointer<CChar>?": "const char *", "gpointer?": "%s *" % type_of(gir, parameter)}
        cdeclared.append("%s %s" % (shown.get(ctype, ctype), argument))
        swift_types.append("_ %s: %s" % (argument, swift_type))
        if conversion == "argument":  # the C value is the Swift value
            names.append(argument)
        else:
            c_name = "c" + argument[:1].upper() + argument[1:]
            names.append(c_name)
            body.append("let %s = %s" % (argument, conversion.replace("argument", c_name)))
        call_arguments.append(argument + (".value" if swift_type == "UnsafeMutableRawPointer?" else ""))
    returned = type_of(gir, element.find("core:return-value", gir.NS))
    if returned == "none":
        cresult, sresult = "Void", "Void"
    elif returned in SCALARS:
        cresult, sresult = SCALARS[returned][0], SCALARS[returned][1]
    else:
        fail("signal %s returns %s; write it by hand" % (qualified, returned))
    public = doc != "-"
    swift_only = set(t[1] for t in SCALARS.values()) | set(types.enums.values()) | {"String"}
    if public and any(t.split(": ", 1)[1] not in swift_only for t in swift_types):
        fail("%s hands out a C type; make it internal (`-`) and convert it by hand" % qualified)
    handler_type = "@MainActor (%s) -> %s" % (", ".join(swift_types), sresult)
    closure_arguments = ", ".join(["_"] + names + ["data"])
    body.insert(0, "let box = ClosureBox<Handler>.from(data)")
    invocation = "MainActor.assumeIsolated { box.body(%s) }" % ", ".join(call_arguments)
    if returned == "gboolean":
        body.append("return %s ? 1 : 0" % invocation)
    elif returned == "none":
        body.append(invocation)
    else:
        body.append("return " + invocation)
    signature = "`%s %s (%s *self%s, gpointer user_data)`" % (
        {"Void": "void"}.get(cresult, cresult), name, owner.get(gir.C + "type"),
        "".join(", " + declared for declared in cdeclared))
    summary = doc if public else "Connects `handler` to GTK's `%s` signal." % name
    lines = ["    /// %s" % summary, "    ///",
             "    /// GTK's `%s` signal of `%s`: %s." % (name, owner.get(gir.C + "type"), signature),
             "    @discardableResult",
             "    %sfunc %s(_ handler: @escaping %s) -> SignalConnection {" % ("public " if public else "", swift, handler_type),
             "        typealias Handler = %s" % handler_type,
             "        let trampoline: @convention(c) (%s) -> %s = { %s in" % (
                 ", ".join(["gpointer?"] + ctypes + ["gpointer?"]), cresult, closure_arguments)]
    lines += ["            " + line for line in body]
    lines += ["        }",
              '        return connectTrampoline("%s", handler: trampoline, body: handler as Handler)' % name,
              "    }"]
    return swift_class, gir.GIR_FILES[namespace], "\n".join(lines)


def files(gir, entries, suffix):
    by_class = {}
    for swift_class, source, text in entries:
        texts, sources = by_class.setdefault(swift_class, ([], set()))
        texts.append(text)
        sources.add(source)
    result = {}
    for swift_class, (texts, sources) in by_class.items():
        lines = [gir.header(" and ".join(sorted(sources))), "internal import CGtk", "",
                 "extension %s {" % swift_class, "\n\n".join(texts), "}", ""]
        result["%s+%s.swift" % (swift_class, suffix)] = "\n".join(lines)
    return result
