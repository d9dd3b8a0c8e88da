// Casting helpers for the form inputs' widgets (multi-line text, calendar, popover).
#pragma once
#include <gtk/gtk.h>

static inline GtkTextView *pf_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkCalendar *pf_calendar(gpointer p) { return GTK_CALENDAR(p); }
static inline GtkPopover *pf_popover(gpointer p) { return GTK_POPOVER(p); }

/// The whole text of a text view's buffer, newly allocated (free it with g_free).
static inline char *pf_text_view_copy_text(GtkTextView *view) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(view);
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(buffer, &start, &end);
    return gtk_text_buffer_get_text(buffer, &start, &end, FALSE);
}

static inline void pf_text_view_set_text(GtkTextView *view, const char *text) {
    gtk_text_buffer_set_text(gtk_text_view_get_buffer(view), text, -1);
}

static inline gpointer pf_text_view_buffer(GtkTextView *view) { return gtk_text_view_get_buffer(view); }

/// The calendar's selected day as year, month (1–12) and day.
static inline void pf_calendar_get_day(GtkCalendar *calendar, int *year, int *month, int *day) {
    GDateTime *date = gtk_calendar_get_date(calendar);
    g_date_time_get_ymd(date, year, month, day);
    g_date_time_unref(date);
}

/// Selects a day (month 1–12) and shows its month.
static inline void pf_calendar_select(GtkCalendar *calendar, int year, int month, int day) {
    GDateTime *date = g_date_time_new_local(year, month, day, 12, 0, 0);
    if (!date) return;
    gtk_calendar_select_day(calendar, date);
    g_date_time_unref(date);
}
