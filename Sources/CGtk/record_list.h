// What a records list needs that GTK 4.8 does not offer as a plain call: a cell's whole text as
// its tooltip when the cell cuts it, and scrolling a column view to a row.
#pragma once
#include <gtk/gtk.h>

/// The label's whole text when its layout is cut with an ellipsis (as laid out now), else NULL.
static inline const char *pf_label_cut_text(gpointer widget) {
    GtkLabel *label = GTK_LABEL(widget);
    if (!pango_layout_is_ellipsized(gtk_label_get_layout(label))) return NULL;
    const char *text = gtk_label_get_text(label);
    return text && *text ? text : NULL;
}

static gboolean pf_label_query_cut_text(GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                                        gpointer data) {
    (void)x; (void)y; (void)keyboard; (void)data;
    const char *text = pf_label_cut_text(widget);
    if (!text) return FALSE;
    gtk_tooltip_set_text(tooltip, text);
    return TRUE;
}

/// Shows the label's whole text as its tooltip whenever the label is cut with an ellipsis.
static inline void pf_label_set_tooltip_when_cut(gpointer widget) {
    gtk_widget_set_has_tooltip(GTK_WIDGET(widget), TRUE);
    g_signal_connect(widget, "query-tooltip", G_CALLBACK(pf_label_query_cut_text), NULL);
}

/// Scrolls a column view so that the row at `position` is in view (GTK 4.8 has no
/// gtk_column_view_scroll_to: its list view's "list.scroll-to-item" action does it).
static inline void pf_column_view_scroll_to(gpointer column_view, guint position) {
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(column_view)); child; child = gtk_widget_get_next_sibling(child)) {
        if (GTK_IS_LIST_VIEW(child)) {
            gtk_widget_activate_action(child, "list.scroll-to-item", "u", position);
            return;
        }
    }
}
