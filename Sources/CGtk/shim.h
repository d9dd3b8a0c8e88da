#pragma once
// Static inline helpers for what Swift cannot import from GTK 4 and GLib: function-like macros
// (casts, type checks) and variadic functions, nothing else: every helper is one C call, so
// Swift sees typed pointers instead of OpaquePointer chains. What needs logic is Swift, in
// Sources/Gtk (the only module that imports this one).
#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h>
#include <gdk/gdkkeysyms.h>

// MARK: - Casts (the GTK_* / G_* cast macros)

static inline GObject *pf_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWidget *pf_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *pf_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkBox *pf_box(gpointer p) { return GTK_BOX(p); }
static inline GtkGrid *pf_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkButton *pf_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkLabel *pf_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkEntry *pf_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkEditable *pf_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkStack *pf_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkHeaderBar *pf_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkMenuButton *pf_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkDrawingArea *pf_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline GtkAccessible *pf_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }
static inline GtkNative *pf_native(gpointer p) { return GTK_NATIVE(p); }
static inline GtkEventController *pf_event_controller(gpointer p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkGesture *pf_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkGestureSingle *pf_gesture_single(gpointer p) { return GTK_GESTURE_SINGLE(p); }
static inline GtkApplication *pf_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *pf_g_application(gpointer p) { return G_APPLICATION(p); }
static inline GActionMap *pf_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GMenuModel *pf_menu_model(gpointer p) { return G_MENU_MODEL(p); }
static inline GdkPaintable *pf_paintable(gpointer p) { return GDK_PAINTABLE(p); }
static inline GtkStyleProvider *pf_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline GtkOrientable *pf_orientable(gpointer p) { return GTK_ORIENTABLE(p); }
static inline GtkSpinButton *pf_spin_button(gpointer p) { return GTK_SPIN_BUTTON(p); }
static inline GtkSwitch *pf_switch(gpointer p) { return GTK_SWITCH(p); }
static inline GtkDropDown *pf_drop_down(gpointer p) { return GTK_DROP_DOWN(p); }
static inline GtkRoot *pf_root(gpointer p) { return GTK_ROOT(p); }
static inline AdwDialog *pf_adw_dialog(gpointer p) { return ADW_DIALOG(p); }
static inline AdwAlertDialog *pf_adw_alert_dialog(gpointer p) { return ADW_ALERT_DIALOG(p); }
static inline AdwAboutDialog *pf_adw_about_dialog(gpointer p) { return ADW_ABOUT_DIALOG(p); }
static inline AdwApplicationWindow *pf_adw_application_window(gpointer p) { return ADW_APPLICATION_WINDOW(p); }
static inline AdwPreferencesDialog *pf_adw_preferences_dialog(gpointer p) { return ADW_PREFERENCES_DIALOG(p); }
static inline AdwPreferencesPage *pf_adw_preferences_page(gpointer p) { return ADW_PREFERENCES_PAGE(p); }
static inline AdwPreferencesGroup *pf_adw_preferences_group(gpointer p) { return ADW_PREFERENCES_GROUP(p); }
static inline AdwPreferencesRow *pf_adw_preferences_row(gpointer p) { return ADW_PREFERENCES_ROW(p); }
static inline AdwActionRow *pf_adw_action_row(gpointer p) { return ADW_ACTION_ROW(p); }
static inline AdwComboRow *pf_adw_combo_row(gpointer p) { return ADW_COMBO_ROW(p); }
static inline AdwNavigationPage *pf_adw_navigation_page(gpointer p) { return ADW_NAVIGATION_PAGE(p); }
static inline AdwBreakpointBin *pf_adw_breakpoint_bin(gpointer p) { return ADW_BREAKPOINT_BIN(p); }

// MARK: - Type checks

static inline gboolean pf_is_window(gpointer p) { return GTK_IS_WINDOW(p); }
static inline gboolean pf_is_widget(gpointer p) { return GTK_IS_WIDGET(p); }
static inline gboolean pf_is_object(gpointer p) { return G_IS_OBJECT(p); }

// MARK: - Signals (g_signal_connect is a macro)

static inline gulong pf_signal_connect(gpointer instance, const gchar *signal, GCallback handler,
                                       gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

static inline gulong pf_signal_connect_after(gpointer instance, const gchar *signal, GCallback handler,
                                             gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, G_CONNECT_AFTER);
}

// MARK: - Object construction (g_object_new is variadic)

/// A drawing area with a given accessible role (the role is construct-only).
static inline GtkWidget *pf_drawing_area_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", role, NULL));
}

/// A box with a given accessible role (the role is construct-only).
static inline GtkWidget *pf_box_new_with_role(GtkOrientation orientation, int spacing, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "orientation", orientation, "spacing", spacing,
                                   "accessible-role", role, NULL));
}

static inline GtkAccessibleRole pf_accessible_role(gpointer widget) {
    return gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget));
}

/// Sets a widget's accessible role; GTK takes it only until the widget is shown to assistive
/// technologies (its AT context realized).
static inline void pf_accessible_set_role(gpointer widget, GtkAccessibleRole role) {
    g_object_set(widget, "accessible-role", role, NULL);
}

// MARK: - Accessibility (gtk_accessible_update_* are variadic)

static inline void pf_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void pf_accessible_set_description(gpointer widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static inline void pf_accessible_set_disabled(gpointer widget, gboolean disabled) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_DISABLED, disabled, -1);
}

static inline void pf_accessible_set_selected(gpointer widget, gboolean selected) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

static inline void pf_accessible_set_labelled_by(gpointer widget, gpointer label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

static inline void pf_accessible_set_error_message(gpointer widget, gpointer message) {
    // A NULL-terminated list of references since GTK 4.16 (a single reference in 4.8): without
    // the NULL, GTK reads the -1 that ends the relations as the list's next widget, and crashes.
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE, message, NULL, -1);
}

static inline void pf_accessible_reset_error_message(gpointer widget) {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE);
}

// MARK: - Main-context bridge for libdispatch's main queue
// libdispatch (swift-corelibs) exports these for CoreFoundation's run loop; on Linux the
// handle is an eventfd that becomes readable whenever work is queued on the main queue.

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

// MARK: - Misc

static inline GType pf_type_drawing_area(void) { return GTK_TYPE_DRAWING_AREA; }
static inline GType pf_type_string(void) { return G_TYPE_STRING; }
static inline const char *pf_object_type_name(gpointer p) { return G_OBJECT_TYPE_NAME(p); }
static inline GdkSnapshot *pf_gdk_snapshot(GtkSnapshot *s) { return GDK_SNAPSHOT(s); }
/// Emits a signal that takes no arguments and returns nothing.
static inline void pf_signal_emit_void(gpointer instance, const char *name) { g_signal_emit_by_name(instance, name); }

// MARK: - Form widgets and accessibility checks (typed forms)

static inline GtkToggleButton *pf_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }

// GTK's test API (gtk_test_accessible_check_* are variadic): each returns NULL when the value is
// the one given, else a message to free with g_free. Only Gtk's @_spi(Testing) members call them.

static inline char *pf_test_accessible_check_invalid(gpointer widget) {
    return gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                                           GTK_ACCESSIBLE_INVALID_TRUE);
}

/// A reference-list relation (labelled-by, described-by, error-message since GTK 4.16) of
/// exactly [`other`].
static inline char *pf_test_accessible_check_relation_list(gpointer widget, GtkAccessibleRelation relation,
                                                           gpointer other) {
    return gtk_test_accessible_check_relation(GTK_ACCESSIBLE(widget), relation, other, NULL);
}

static inline char *pf_test_accessible_check_description(gpointer widget, const char *text) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
}

// MARK: - Lists, sorters and revealers (records)

static inline GtkSorter *pf_sorter(gpointer p) { return GTK_SORTER(p); }
static inline GListModel *pf_list_model(gpointer p) { return G_LIST_MODEL(p); }
static inline GtkSelectionModel *pf_selection_model(gpointer p) { return GTK_SELECTION_MODEL(p); }
static inline GtkColumnView *pf_column_view(gpointer p) { return GTK_COLUMN_VIEW(p); }
static inline GtkColumnViewColumn *pf_column_view_column(gpointer p) { return GTK_COLUMN_VIEW_COLUMN(p); }
static inline GtkListItem *pf_list_item(gpointer p) { return GTK_LIST_ITEM(p); }
static inline GtkStringList *pf_string_list(gpointer p) { return GTK_STRING_LIST(p); }
static inline GtkStringObject *pf_string_object(gpointer p) { return GTK_STRING_OBJECT(p); }
static inline GtkRevealer *pf_revealer(gpointer p) { return GTK_REVEALER(p); }
static inline gboolean pf_is_string_object(gpointer p) { return GTK_IS_STRING_OBJECT(p); }
/// Emits a column view's `activate` for a row, as a double-click or Enter would.
static inline void pf_column_view_emit_activate(gpointer view, guint position) { g_signal_emit_by_name(view, "activate", position); }
static inline GtkOverlay *pf_overlay(gpointer p) { return GTK_OVERLAY(p); }

// MARK: - Screen readers (announcements, the PIN's password role)

/// GtkPasswordEntry is the only widget GTK 4.8 gives the AT-SPI role "password text".
static inline GtkPasswordEntry *pf_password_entry(gpointer p) { return GTK_PASSWORD_ENTRY(p); }

/// A widget with a given accessible role (the role is construct-only); `type` e.g. GTK_TYPE_IMAGE.
static inline GtkWidget *pf_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

static inline GType pf_type_image(void) { return GTK_TYPE_IMAGE; }

static inline void pf_accessible_reset_labelled_by(gpointer widget) {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static inline gboolean pf_is_button(gpointer p) { return GTK_IS_BUTTON(p); }

static inline void pf_accessible_set_hidden(gpointer widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}
static inline gboolean pf_is_image(gpointer p) { return GTK_IS_IMAGE(p); }
static inline gboolean pf_is_label(gpointer p) { return GTK_IS_LABEL(p); }
static inline GtkImage *pf_image(gpointer p) { return GTK_IMAGE(p); }

/// A string property of an object (g_object_get is variadic); free the result with g_free.
static inline gchar *pf_object_dup_string_property(gpointer object, const char *name) {
    gchar *value = NULL;
    g_object_get(G_OBJECT(object), name, &value, NULL);
    return value;
}

/// Activates a widget's action whose parameter is one guint (gtk_widget_activate_action is
/// variadic): a list view's "list.scroll-to-item".
static inline void pf_widget_activate_action_uint(gpointer widget, const char *name, guint value) {
    gtk_widget_activate_action(GTK_WIDGET(widget), name, "u", value);
}

// MARK: - Form inputs' widgets (multi-line text, calendar, popover)

static inline GtkTextView *pf_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkCalendar *pf_calendar(gpointer p) { return GTK_CALENDAR(p); }
static inline GtkPopover *pf_popover(gpointer p) { return GTK_POPOVER(p); }
static inline gboolean pf_is_list_view(gpointer p) { return GTK_IS_LIST_VIEW(p); }
static inline gboolean pf_is_viewport(gpointer p) { return GTK_IS_VIEWPORT(p); }
static inline GtkViewport *pf_viewport(gpointer p) { return GTK_VIEWPORT(p); }

// MARK: - Lock and recovery key (check button, clipboard, input activity)

static inline GtkCheckButton *pf_check_button(gpointer p) { return GTK_CHECK_BUTTON(p); }
static inline GdkContentProvider *pf_content_provider(gpointer p) { return GDK_CONTENT_PROVIDER(p); }
static inline gboolean pf_variant_is_boolean(GVariant *value) { return g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN); }
/// Sets a string property of an object (g_object_set is variadic).
static inline void pf_object_set_string_property(gpointer object, const char *name, const char *value) {
    g_object_set(G_OBJECT(object), name, value, NULL);
}
static inline gboolean pf_is_scrolled_window(gpointer p) { return GTK_IS_SCROLLED_WINDOW(p); }
static inline GtkListItemFactory *pf_list_item_factory(gpointer p) { return GTK_LIST_ITEM_FACTORY(p); }
