"""The end-to-end tests known to fail on Debian 13 (GTK 4.18.6, libadwaita 1.7.6, Orca 48) while
the move from GTK 4.8 is finished (issue "Pinform on the desktop people run today…"): test id →
the cause found. Each still runs: its failure is counted apart, and a run in which one passes
says to take it out (run.py). The list only shrinks.
"""

KNOWN_FAILURES = {
    "test_form_link_person.FormLinkToPersonTests.test_an_intake_links_to_a_person_lists_them_and_keeps_them_from_being_deleted":
        "the designer did not close on Ctrl+S: twelve Downs in the Kind drop-down's list chose "
        "'Choice from a list', not 'Link to a record', since its rows are named by their text "
        "(ListItemFactory.choiceRows); cause not found yet",
    "test_forms.FormWindowTests.test_clicking_a_label_focuses_its_entry":
        'Height did not take focus within 5 s',
    "test_orca.OrcaTests.test_changing_the_pin_speaks_each_step_of_the_dialog":
        'StopIteration',
    "test_orca.OrcaTests.test_digits_typed_on_the_number_pad_are_never_spoken":
        "Lists differ: [] != ['*', '*', '*', '*', '*', '*', '*', '*']",
    "test_orca_recovery.OrcaRecoveryKeyTests.test_the_key_is_read_group_by_group_when_the_dialog_opens_and_again_on_coming_back":
        "Orca 48 presents nothing of the recovery key's dialog when the harness gives it the focus "
        "(it says only \"opens popup\")",
}
