@_spi(Testing) import Controls
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

final class RecordListTests: XCTestCase {
    func testReloadShowsEveryRecordInSavedOrder() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            XCTAssertEqual(list.recordIDs, [1, 2, 3])
            XCTAssertEqual(list.text(row: 1, column: 0), "Ada")
            XCTAssertEqual(list.text(row: 2, column: 2), "1")
            XCTAssertEqual(list.statusText, "3 records")
        }
    }

    func testEmptyListShowsTheNoRecordsYetPage() {
        GtkRuntime.test {
            let list = makePetList(PetSource([]))
            list.reload()
            XCTAssertEqual(list.rowCount, 0)
            XCTAssertEqual(list.shownContent, .empty)
            XCTAssertEqual(list.emptyPage.title, "No Records Yet")
            XCTAssertEqual(list.statusText, "")
        }
    }

    func testASearchThatMatchesNothingShowsTheNoResultsPageAndClearingItShowsTheRows() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            XCTAssertEqual(list.shownContent, .rows)
            list.search("zebra")
            XCTAssertEqual(list.shownContent, .noResults)
            XCTAssertEqual(list.noResultsPage.title, "No Results")
            list.search("")
            XCTAssertEqual(list.shownContent, .rows)
        }
    }

    func testAProblemPageShowsInTheTablesPlaceUntilTakenAway() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            list.showProblem(StatusPage(title: "The records file is damaged"))
            XCTAssertEqual(list.shownContent, .problem)
            XCTAssertFalse(list.searchEntry.isSensitive)
            list.showProblem(nil)
            XCTAssertEqual(list.shownContent, .rows)
            XCTAssertTrue(list.searchEntry.isSensitive)
        }
    }

    func testCountsUsePluralForms() {
        GtkRuntime.test {
            let source = PetSource([threePets[0]])
            let list = makePetList(source)
            list.reload()
            XCTAssertEqual(list.statusText, "1 record")
            list.search("rex")
            XCTAssertEqual(list.statusText, "1 record matches")
            source.pets[2] = Pet(name: "Rexa", species: "cat", age: 2)
            list.reload()
            XCTAssertEqual(list.statusText, "2 records match")
            list.search("")
            XCTAssertEqual(list.statusText, "2 records")
        }
    }

    func testSortingByAColumnOrdersTheRows() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            list.sort(by: 0)
            XCTAssertEqual(list.recordIDs, [2, 3, 1])
            list.sort(by: 2, ascending: false)
            XCTAssertEqual(list.recordIDs, [2, 1, 3])
        }
    }

    func testHeaderSortStateIsReadBackFromTheColumnView() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            // What a header click does: GTK's column view sorter changes, the list follows.
            list.table.sort(by: list.table.columns[2], ascending: true)
            XCTAssertEqual(list.sortColumnIndex, 2)
            XCTAssertTrue(list.isSortedAscending)
            XCTAssertEqual(list.recordIDs, [3, 1, 2])
            list.table.sort(by: list.table.columns[0], ascending: false)
            XCTAssertEqual(list.sortColumnIndex, 0)
            XCTAssertFalse(list.isSortedAscending)
            XCTAssertEqual(list.recordIDs, [1, 3, 2])
        }
    }

    func testClearingTheHeaderSortReturnsToSavedOrder() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            list.sort(by: 0)
            list.sort(by: nil)
            XCTAssertNil(list.sortColumnIndex)
            XCTAssertEqual(list.recordIDs, [1, 2, 3])
        }
    }

    func testColumnsWithoutSortKeyCannotBeSortedByHeader() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            XCTAssertTrue(list.table.columns[0].isSortable)
            XCTAssertFalse(list.table.columns[1].isSortable)
        }
    }

    func testSearchFiltersTheRows() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            list.search("cat")
            XCTAssertEqual(list.recordIDs, [2, 3])
            XCTAssertEqual(list.statusText, "2 records match")
            list.search("")
            XCTAssertEqual(list.rowCount, 3)
        }
    }

    func testTypingInTheSearchEntryFiltersOncePaused() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            list.searchEntry.searchDelay = 10
            list.searchEntry.text = "milo"
            XCTAssertTrue(MainContext.spin(until: { list.rowCount == 1 }))
            XCTAssertEqual(list.recordIDs, [3])
        }
    }

    func testEscapeInTheSearchEntryClearsTheSearch() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            list.search("cat")
            XCTAssertEqual(list.rowCount, 2)
            list.searchEntry.emit("stop-search")  // what Escape does
            XCTAssertEqual(list.searchEntry.text, "")
            XCTAssertEqual(list.searchText, "")
            XCTAssertEqual(list.rowCount, 3)
        }
    }

    func testASearchThatHidesTheSelectionLeavesNothingSelectedAndSaysSo() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            XCTAssertTrue(list.select(id: 1))
            var changes = 0
            list.onSelectionChanged = { changes += 1 }
            list.search("cat")
            XCTAssertFalse(list.hasSelection)
            XCTAssertEqual(list.selectedIDs, [])
            XCTAssertEqual(changes, 1, "the selection's change was not reported")
        }
    }

    func testSelectingARecordScrollsItIntoView() {
        GtkRuntime.test {
            let list = makePetList(PetSource(count: 1_000))
            let window = Window()
            window.setDefaultSize(width: 600, height: 300)
            window.child = list.widget
            list.reload()
            window.present()
            XCTAssertTrue(MainContext.spin(until: { list.table.isMapped && list.cellWidgetCount > 0 }))
            XCTAssertTrue(list.boundIDs.contains(2))
            XCTAssertTrue(list.select(id: 900))
            // The rows around the selected one get cells; those at the top give theirs up.
            XCTAssertTrue(MainContext.spin(until: { list.boundIDs.contains(900) && !list.boundIDs.contains(2) }),
                          "the selected row was not scrolled into view")
            window.destroy()
        }
    }

    func testACellThatCutsItsTextShowsItWholeAsTooltip() {
        GtkRuntime.test {
            // Longer than three wrapped lines of a 360-pixel table's column.
            let long = "Wolfeschlegelsteinhausenbergerdorff the Third of Many Names, Duke of the Long Rivers "
                + "and the Far Hills, Keeper of the Old Bridge and Warden of the Northern Marches"
            let list = makePetList(PetSource([Pet(name: long, species: "cat", age: 3), Pet(name: "Rex", species: "dog", age: 1)]))
            let window = Window()
            window.setDefaultSize(width: 360, height: 300)
            window.child = list.widget
            list.reload()
            window.present()
            XCTAssertTrue(MainContext.spin(until: { list.cellTooltip(text: long) != nil }),
                          "the cut cell offers no tooltip")
            XCTAssertEqual(list.cellTooltip(text: long), long)
            // GTK 4.18 binds and maps a cell a frame before it lays it out: judged once laid out.
            XCTAssertTrue(MainContext.spin(until: { list.isCellLaidOut(text: "Rex") }))
            XCTAssertNil(list.cellTooltip(text: "Rex"), "a cell shown whole needs no tooltip")
            window.destroy()
        }
    }

    func testAValueOfAFewWordsWrapsInsteadOfBeingCut() {
        GtkRuntime.test {
            let club = "Tennis Club Zürich-Nord"
            let list = makePetList(PetSource([Pet(name: club, species: "cat", age: 3)]))
            let window = Window()
            window.setDefaultSize(width: 360, height: 300)
            window.child = list.widget
            list.reload()
            window.present()
            XCTAssertTrue(MainContext.spin(until: { list.boundIDs.contains(1) }))
            XCTAssertTrue(MainContext.spin(until: { list.table.isMapped }))
            // GTK 4.18 binds and maps a cell a frame before it lays it out: judged once laid out.
            XCTAssertTrue(MainContext.spin(until: { list.isCellLaidOut(text: club) }))
            XCTAssertNil(list.cellTooltip(text: club), "the name was cut instead of wrapped")
            window.destroy()
        }
    }

    func testFocusingARecordSelectsItAndGivesItsRowTheFocus() {
        GtkRuntime.test {
            let list = makePetList(PetSource(count: 200))
            let window = Window()
            window.setDefaultSize(width: 600, height: 300)
            window.child = list.widget
            list.reload()
            window.present()
            XCTAssertTrue(MainContext.spin(until: { list.table.isMapped && list.cellWidgetCount > 0 }))
            XCTAssertTrue(list.focus(id: 150))
            XCTAssertEqual(list.selectedIDs, [150])
            XCTAssertTrue(MainContext.spin(until: { list.rowHasFocus(150) }), "the row did not get the focus")
            window.destroy()
        }
    }

    func testActivatingARowReportsItsRecord() {
        GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            list.sort(by: 0)
            var activated: [ListedRecordID] = []
            list.onActivate = { activated.append($0) }
            list.table.activate(row: 0)
            XCTAssertEqual(activated, [2])
        }
    }

    func testReloadKeepsTheSelectedRecordSelected() {
        GtkRuntime.test {
            let source = PetSource(threePets)
            let list = makePetList(source)
            list.reload()
            XCTAssertTrue(list.select(id: 2))
            source.pets[4] = Pet(name: "Aaron", species: "owl", age: 2)
            list.sort(by: 0)
            XCTAssertEqual(list.selectedIDs, [2])
        }
    }

    func testRefreshShowsTheChangedRecord() {
        GtkRuntime.test {
            let source = PetSource(threePets)
            let list = makePetList(source)
            list.reload()
            XCTAssertEqual(list.text(row: 0, column: 0), "Rex")
            source.pets[1]?.name = "Rexy"
            list.refresh(id: 1)
            XCTAssertEqual(list.text(row: 0, column: 0), "Rexy")
        }
    }

    func testCurrentRowsFollowSortAndSearch() throws {
        try GtkRuntime.test {
            let list = makePetList(PetSource(threePets))
            list.reload()
            list.search("cat")
            list.sort(by: 2)
            XCTAssertEqual(list.columnTitles, ["Name", "Species", "Age"])
            XCTAssertEqual(try list.currentRows(), [["Milo", "cat", "1"], ["Ada", "cat", "7"]])
        }
    }

    func testSourceFailureIsReportedOnce() {
        GtkRuntime.test {
            let source = PetSource(threePets)
            let list = makePetList(source)
            var errors = 0
            list.onError = { _ in errors += 1 }
            source.failure = SourceFailure()
            list.reload()
            XCTAssertEqual(errors, 1)
            XCTAssertEqual(list.rowCount, 0)
        }
    }

    func testHundredThousandRowsBuildOnlyAScreenfulOfCells() {
        GtkRuntime.test {
            let source = PetSource(count: 100_000)
            let list = makePetList(source)
            let window = Window()
            window.setDefaultSize(width: 600, height: 400)
            window.child = list.widget
            list.reload()
            window.present()
            XCTAssertTrue(MainContext.spin(until: { list.table.isMapped && list.cellWidgetCount > 0 }))
            MainContext.spin(until: { false }, timeout: 0.2)
            XCTAssertEqual(list.rowCount, 100_000)
            XCTAssertEqual(list.statusText, "100000 records")
            XCTAssertLessThan(list.cellWidgetCount, 3 * 250, "cells for far more than a screenful")
            XCTAssertLessThan(source.fetchedIDs, 2_000, "models fetched for far more than a screenful")
            window.destroy()
        }
    }

    func testScrollingFetchesTheRowsThatComeIntoView() {
        GtkRuntime.test {
            let source = PetSource(count: 10_000)
            let list = makePetList(source)
            list.reload()
            XCTAssertEqual(list.text(row: 9_999, column: 0), "Pet 10000")
            XCTAssertLessThanOrEqual(source.fetchedIDs, list.pageSize)
        }
    }
}
