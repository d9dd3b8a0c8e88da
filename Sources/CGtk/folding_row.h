// A row of widgets side by side, each as wide as its weight's share of the row, that stacks
// them one under another when the row is narrower than its fold width: the layout of a form's
// rows (GTK 4.8 has no breakpoints). A GtkCustomLayout on a GtkBox; the parameters live in
// object data so that the C callbacks need no Swift state.
#pragma once
#include <gtk/gtk.h>

#define PF_ROW_WEIGHT "pf-folding-row-weight"
#define PF_ROW_SPACER "pf-folding-row-spacer"
#define PF_ROW_FOLD "pf-folding-row-fold"
#define PF_ROW_SPACING "pf-folding-row-spacing"
#define PF_ROW_FOLDED "pf-folding-row-folded"

static inline int pf_folding_row_get_int(gpointer object, const char *key, int fallback) {
    gpointer value = g_object_get_data(G_OBJECT(object), key);
    return value ? GPOINTER_TO_INT(value) - 1 : fallback;
}

static inline void pf_folding_row_set_int(gpointer object, const char *key, int value) {
    g_object_set_data(G_OBJECT(object), key, GINT_TO_POINTER(value + 1));
}

static inline int pf_folding_row_weight(GtkWidget *child) {
    int weight = pf_folding_row_get_int(child, PF_ROW_WEIGHT, 1);
    return weight > 0 ? weight : 1;
}

static inline gboolean pf_folding_row_is_spacer(GtkWidget *child) {
    return pf_folding_row_get_int(child, PF_ROW_SPACER, 0) == 1;
}

static inline GtkSizeRequestMode pf_folding_row_request_mode(GtkWidget *widget) {
    (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/// The visible children's total weight and count; spacers count only side by side.
static inline void pf_folding_row_totals(GtkWidget *widget, gboolean folded, int *weight, int *count) {
    *weight = 0;
    *count = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child) || (folded && pf_folding_row_is_spacer(child))) continue;
        *weight += pf_folding_row_weight(child);
        *count += 1;
    }
}

static inline void pf_folding_row_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    int spacing = pf_folding_row_get_int(widget, PF_ROW_SPACING, 12);
    int fold = pf_folding_row_get_int(widget, PF_ROW_FOLD, 0);
    *minimum = 0;
    *natural = 0;
    *minimum_baseline = -1;
    *natural_baseline = -1;
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        // As narrow as its widest child (folded); naturally wide enough for every share.
        int weight, count, unit = 0;
        pf_folding_row_totals(widget, FALSE, &weight, &count);
        if (count == 0) return;
        for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
            if (!gtk_widget_should_layout(child)) continue;
            int child_min, child_nat;
            gtk_widget_measure(child, orientation, -1, &child_min, &child_nat, NULL, NULL);
            if (!pf_folding_row_is_spacer(child) && child_min > *minimum) *minimum = child_min;
            int per_unit = (child_nat + pf_folding_row_weight(child) - 1) / pf_folding_row_weight(child);
            if (per_unit > unit) unit = per_unit;
        }
        *natural = unit * weight + spacing * (count - 1);
        if (*natural < *minimum) *natural = *minimum;
        if (fold > *natural) *natural = fold;
        return;
    }
    gboolean folded = for_size >= 0 && for_size < fold;
    int weight, count;
    pf_folding_row_totals(widget, folded, &weight, &count);
    if (count == 0) return;
    int available = for_size < 0 ? -1 : for_size - (folded ? 0 : spacing * (count - 1));
    int index = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child) || (folded && pf_folding_row_is_spacer(child))) continue;
        int width = available < 0 ? -1 : (folded ? available : available * pf_folding_row_weight(child) / weight);
        int child_min, child_nat;
        gtk_widget_measure(child, orientation, width, &child_min, &child_nat, NULL, NULL);
        if (folded) {
            *minimum += child_min + (index > 0 ? spacing : 0);
            *natural += child_nat + (index > 0 ? spacing : 0);
        } else {
            if (child_min > *minimum) *minimum = child_min;
            if (child_nat > *natural) *natural = child_nat;
        }
        index += 1;
    }
}

static inline void pf_folding_row_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    int spacing = pf_folding_row_get_int(widget, PF_ROW_SPACING, 12);
    int fold = pf_folding_row_get_int(widget, PF_ROW_FOLD, 0);
    gboolean folded = width < fold;
    pf_folding_row_set_int(widget, PF_ROW_FOLDED, folded ? 1 : 0);
    int weight, count;
    pf_folding_row_totals(widget, folded, &weight, &count);
    if (count == 0) return;
    int available = width - (folded ? 0 : spacing * (count - 1));
    int used_weight = 0, x = 0, y = 0;
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        if (folded && pf_folding_row_is_spacer(child)) {
            gtk_widget_size_allocate(child, &(GtkAllocation){0, 0, 0, 0}, -1);
            continue;
        }
        if (folded) {
            int child_min, child_nat;
            gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, &child_min, &child_nat, NULL, NULL);
            gtk_widget_size_allocate(child, &(GtkAllocation){0, y, width, child_nat}, -1);
            y += child_nat + spacing;
        } else {
            // Edges from cumulative weights, so that rounding never drifts along the row.
            int weight_here = pf_folding_row_weight(child);
            int start = available * used_weight / weight;
            int end = available * (used_weight + weight_here) / weight;
            used_weight += weight_here;
            int child_x = x + start;
            int child_width = end - start;
            if (rtl) child_x = width - child_x - child_width;
            gtk_widget_size_allocate(child, &(GtkAllocation){child_x, 0, child_width, height}, -1);
            x += spacing;
        }
    }
}

/// A new folding row: children side by side by weight, stacked under `fold` pixels of width.
static inline GtkWidget *pf_folding_row_new(int fold, int spacing) {
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_set_layout_manager(row, gtk_custom_layout_new(pf_folding_row_request_mode, pf_folding_row_measure,
                                                             pf_folding_row_allocate));
    pf_folding_row_set_int(row, PF_ROW_FOLD, fold);
    pf_folding_row_set_int(row, PF_ROW_SPACING, spacing);
    return row;
}

static inline void pf_folding_row_set_weight(GtkWidget *child, int weight, gboolean spacer) {
    pf_folding_row_set_int(child, PF_ROW_WEIGHT, weight);
    pf_folding_row_set_int(child, PF_ROW_SPACER, spacer ? 1 : 0);
}

static inline gboolean pf_folding_row_is_folded(GtkWidget *row) {
    return pf_folding_row_get_int(row, PF_ROW_FOLDED, 0) == 1;
}
