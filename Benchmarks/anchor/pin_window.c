/*
 * The start-up and memory anchor of `pinform-bench`: Pinform's PIN window written in plain C
 * against GTK 4 and libadwaita (an AdwApplication, as the app is), with nothing the Swift app
 * does not also do to show its first frame.
 *
 * The same window: 400x600 by default, titled "Pinform", a header bar with the primary menu
 * (same model), a centred vertical box with the title ("Choose a PIN", .pin-title), the message
 * (.pin-message, wrapped, centred, 28 chars wide, its room held at two lines), the new PIN's
 * length choice (two linked toggle buttons, "6 digits (recommended)" active), a drawing area with
 * 6 circles of 18 px, 16 px apart, drawn with cairo in the engine's focused style (a 2 px blue
 * outline), the 3x4 keypad of .pin-key buttons, and the room of the flat button under the keypad
 * ("Use Recovery Key" on later steps: held, not shown), all styled by the app's own
 * data/style.css. The app holds each part's room so that its window keeps one size through its
 * steps (Sources/Pinform/PinWindow.swift, `holdSizes`); so does this window, with the same parts.
 *
 * Like `pinform`, under PINFORM_EXIT_AFTER_FIRST_FRAME=1 it prints
 * `first-frame <CLOCK_REALTIME seconds.nanoseconds>` once the first frame was painted and quits
 * (without it, it stays open, to be looked at or profiled):
 * a tick callback at the first frame, then the frame clock's "after-paint", then an idle so that
 * the frame has landed (Sources/Gtk/Window.swift, `onFirstFrame`).
 *
 * Build: cc pin_window.c $(pkg-config --cflags --libs gtk4 libadwaita-1) -O2 -o pin_window
 * Run:   pin_window [path/to/style.css]   (or PINFORM_STYLE_SHEET=path)
 */
#include <adwaita.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <time.h>

static const char *style_sheet_path;

static void on_key_clicked(GtkButton *button, gpointer key) {
    (void)button;
    (void)key; /* A real keypad would feed the PIN; the anchor only has to look the same. */
}

static GtkWidget *make_key(const char *label, const char *icon, const char *accessible_name) {
    GtkWidget *button = icon ? gtk_button_new_from_icon_name(icon) : gtk_button_new_with_label(label);
    if (icon || g_strcmp0(label, "Clear") == 0) gtk_widget_add_css_class(button, "action");
    if (icon) gtk_widget_set_tooltip_text(button, "Backspace");
    gtk_widget_add_css_class(button, "pin-key");
    gtk_widget_add_css_class(button, "key-default");
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_name, -1);
    gtk_widget_set_focus_on_click(button, FALSE);
    g_signal_connect(button, "clicked", G_CALLBACK(on_key_clicked), (gpointer)accessible_name);
    return button;
}

static GtkWidget *make_pad(void) {
    static const char *const labels[12] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", NULL};
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 12);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 18);
    gtk_widget_add_css_class(grid, "pin-pad");
    gtk_widget_set_halign(grid, GTK_ALIGN_CENTER);
    for (int index = 0; index < 12; index++) {
        GtkWidget *key = labels[index] ? make_key(labels[index], NULL, labels[index])
                                       : make_key(NULL, "edit-clear-symbolic", "Backspace");
        gtk_grid_attach(GTK_GRID(grid), key, index % 3, index / 3, 1, 1);
    }
    return grid;
}

/* The engine's focused look (PinCodeControl+Style.swift): no fill, a 2 px blue outline. */
static void draw_items(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)area;
    (void)data;
    const int count = 6;
    const double side = 18, spacing = 16, border = 2;
    const double total = count * side + (count - 1) * spacing;
    const double x0 = (width - total) / 2, y = (height - side) / 2;
    for (int index = 0; index < count; index++) {
        const double x = x0 + index * (side + spacing) + border / 2, inner = side - border;
        cairo_new_path(cr);
        cairo_arc(cr, x + inner / 2, y + border / 2 + inner / 2, inner / 2, 0, 2 * G_PI);
        cairo_set_source_rgba(cr, 0, 0, 0, 0);
        cairo_fill_preserve(cr);
        cairo_set_source_rgba(cr, 53.0 / 255, 132.0 / 255, 228.0 / 255, 1);
        cairo_set_line_width(cr, border);
        cairo_stroke(cr);
    }
}

static GtkWidget *make_pin_view(void) {
    GtkWidget *area = GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_TEXT_BOX, NULL));
    gtk_widget_add_css_class(area, "pin-view");
    gtk_widget_set_focusable(area, TRUE);
    gtk_widget_set_focus_on_click(area, TRUE);
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(area), 6 * 18 + 5 * 16 + 2 * 12);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(area), 18 + 2 * 12);
    gtk_accessible_update_property(GTK_ACCESSIBLE(area), GTK_ACCESSIBLE_PROPERTY_LABEL, "PIN",
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "0 of 6 digits entered", -1);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_items, NULL, NULL);
    gtk_widget_set_halign(area, GTK_ALIGN_CENTER);
    return area;
}

/* The new PIN's length: 4 or 6 digits, 6 recommended and chosen (PinWindow+Length.swift). */
static GtkWidget *make_length_choice(void) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(box, "linked");
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_top(box, 6);
    gtk_widget_set_margin_bottom(box, 6);
    GtkWidget *four = gtk_toggle_button_new_with_label("4 digits");
    GtkWidget *six = gtk_toggle_button_new_with_label("6 digits (recommended)");
    gtk_toggle_button_set_group(GTK_TOGGLE_BUTTON(six), GTK_TOGGLE_BUTTON(four));
    gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(six), TRUE);
    gtk_box_append(GTK_BOX(box), four);
    gtk_box_append(GTK_BOX(box), six);
    return box;
}

/* A box that keeps the room `child` takes when shown, as the app's holders do. */
static GtkWidget *hold(GtkWidget *child) {
    GtkWidget *holder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    int width, height;
    gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
    gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
    gtk_widget_set_size_request(holder, width, height);
    gtk_box_append(GTK_BOX(holder), child);
    return holder;
}

static GtkWidget *make_menu_button(void) {
    GMenu *menu = g_menu_new();
    GMenu *general = g_menu_new();
    g_menu_append(general, "Keyboard Shortcuts", "app.shortcuts");
    g_menu_append(general, "About Pinform", "app.about");
    g_menu_append(general, "Quit", "app.quit");
    g_menu_append_section(menu, NULL, G_MENU_MODEL(general));
    g_object_unref(general);
    GtkWidget *button = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(button), "open-menu-symbolic");
    gtk_menu_button_set_menu_model(GTK_MENU_BUTTON(button), G_MENU_MODEL(menu));
    gtk_menu_button_set_primary(GTK_MENU_BUTTON(button), TRUE);
    gtk_widget_set_tooltip_text(button, "Main Menu");
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL, "Main Menu", -1);
    g_object_unref(menu);
    return button;
}

static void print_first_frame(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    printf("first-frame %lld.%09ld\n", (long long)now.tv_sec, now.tv_nsec);
    fflush(stdout);
}

static gboolean first_frame_landed(gpointer app) {
    print_first_frame();
    g_application_quit(G_APPLICATION(app));
    return G_SOURCE_REMOVE;
}

static void after_paint(GdkFrameClock *clock, gpointer app) {
    static gboolean fired;
    if (fired) return;
    fired = TRUE;
    g_signal_handlers_disconnect_by_func(clock, after_paint, app);
    g_idle_add(first_frame_landed, app);
}

static gboolean first_tick(GtkWidget *window, GdkFrameClock *clock, gpointer app) {
    (void)window;
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
    return G_SOURCE_REMOVE;
}

static void on_startup(GApplication *app, gpointer data) {
    (void)app;
    (void)data;
    GtkCssProvider *style = gtk_css_provider_new();
    if (style_sheet_path) gtk_css_provider_load_from_path(style, style_sheet_path);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(style),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(style);
}

static void on_activate(GApplication *app, gpointer data) {
    (void)data;
    /* A plain GtkWindow joined to the application, as Sources/Gtk/Window.swift makes it. */
    GtkWidget *window = gtk_window_new();
    gtk_window_set_application(GTK_WINDOW(window), GTK_APPLICATION(app));
    gtk_window_set_title(GTK_WINDOW(window), "Pinform");
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 600);

    GtkWidget *header = gtk_header_bar_new();
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), make_menu_button());
    gtk_window_set_titlebar(GTK_WINDOW(window), header);

    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_top(content, 12);
    gtk_widget_set_margin_bottom(content, 24);
    gtk_widget_set_margin_start(content, 24);
    gtk_widget_set_margin_end(content, 24);
    gtk_widget_set_valign(content, GTK_ALIGN_CENTER);
    gtk_widget_set_halign(content, GTK_ALIGN_CENTER);

    GtkWidget *title = gtk_label_new("Choose a PIN");
    gtk_widget_add_css_class(title, "pin-title");
    GtkWidget *message = gtk_label_new("X\nX");
    gtk_widget_add_css_class(message, "pin-message");
    gtk_label_set_wrap(GTK_LABEL(message), TRUE);
    gtk_label_set_justify(GTK_LABEL(message), GTK_JUSTIFY_CENTER);
    gtk_label_set_width_chars(GTK_LABEL(message), 28);
    gtk_widget_set_valign(message, GTK_ALIGN_CENTER);
    GtkWidget *message_holder = hold(message); /* room for two lines, as the app keeps */
    gtk_label_set_text(GTK_LABEL(message), "Use 6 digits that are hard to guess.");

    GtkWidget *slot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *pin_view = make_pin_view();
    gtk_box_append(GTK_BOX(slot), pin_view);

    GtkWidget *recovery = gtk_button_new_with_label("Use Recovery Key");
    gtk_button_set_has_frame(GTK_BUTTON(recovery), FALSE);
    gtk_widget_set_halign(recovery, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_top(recovery, 6);
    GtkWidget *button_holder = hold(recovery);
    gtk_widget_set_visible(recovery, FALSE);

    GtkWidget *steps = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_box_append(GTK_BOX(steps), hold(make_length_choice()));
    gtk_box_append(GTK_BOX(steps), slot);
    gtk_box_append(GTK_BOX(steps), make_pad());
    gtk_box_append(GTK_BOX(steps), button_holder);

    gtk_box_append(GTK_BOX(content), title);
    gtk_box_append(GTK_BOX(content), message_holder);
    gtk_box_append(GTK_BOX(content), steps);
    gtk_window_set_child(GTK_WINDOW(window), content);
    gtk_widget_grab_focus(pin_view);

    gtk_window_present(GTK_WINDOW(window));
    if (g_strcmp0(g_getenv("PINFORM_EXIT_AFTER_FIRST_FRAME"), "1") == 0)
        gtk_widget_add_tick_callback(window, first_tick, app, NULL);
}

int main(int argc, char **argv) {
    style_sheet_path = argc > 1 ? argv[1] : g_getenv("PINFORM_STYLE_SHEET");
    AdwApplication *app = adw_application_new("io.github.pinform.Anchor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "startup", G_CALLBACK(on_startup), NULL);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    /* GApplication would take the style sheet for a file to open. */
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
