import FormDefinitions
import Forms
import Foundation
import XCTest

final class FormDocumentTests: XCTestCase {
    private func message(_ data: Data) -> String? {
        do {
            _ = try FormDocument.decode(data)
            return nil
        } catch {
            return error.message
        }
    }

    func testEveryTemplateRoundTripsThroughADocument() throws {
        for template in FormTemplates.all {
            let data = FormDocument.encode(template)
            XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(#""document" : "pinform-form""#))
            XCTAssertEqual(try FormDocument.decode(data), template)
        }
    }

    func testANewerFormatIsRefusedAskingToUpdate() {
        var text = String(decoding: FormDocument.encode(FormTemplates.contact), as: UTF8.self)
        text = text.replacingOccurrences(of: #""formatVersion" : 1"#, with: #""formatVersion" : 2"#)
        XCTAssertEqual(message(Data(text.utf8)), "This form was made by a newer Pinform — update Pinform to open it")
    }

    func testGarbageIsRefused() {
        XCTAssertEqual(message(Data("not json".utf8)), "This file is not a Pinform form")
        XCTAssertEqual(message(Data(#"{"formatVersion": 1}"#.utf8)), "This file is not a Pinform form")
        XCTAssertEqual(message(Data([0xff, 0x00, 0x12])), "This file is not a Pinform form")
        XCTAssertEqual(message(Data(String(repeating: "[", count: 100_000).utf8)), "This file is not a Pinform form")
        XCTAssertEqual(message(Data(#"{"document": "pinform-form", "formatVersion": 1, "fields": 3}"#.utf8)),
                       "This form file is damaged and cannot be opened")
    }

    func testAFileOverTheLimitIsRefusedBeforeReading() {
        XCTAssertEqual(message(Data(count: FormDocument.maximumSize + 1)), "This file is too large to be a form (at most 1 MB)")
    }

    func testTemplatesMakeSenseAndComputeTheirValues() throws {
        for template in FormTemplates.all {
            XCTAssertEqual(DefinitionCheck.problems(in: template, existingForms: []), [], template.name)
        }
        var problems: [DefinitionProblem] = []
        let intake = DefinitionCheck.compile(FormTemplates.patientIntake, problems: &problems)
        var patient = FormTemplates.patientIntake.blankRecord
        patient[date: "birth"] = CalendarDate(year: 2000, month: 2, day: 29)
        XCTAssertEqual(intake.computing(patient, today: CalendarDate(year: 2026, month: 3, day: 1))[value: "age"], .decimal(26))
        let invoice = DefinitionCheck.compile(FormTemplates.invoice, problems: &problems)
        var bill = FormTemplates.invoice.blankRecord
        bill[lines: "lines"] = [DefinedRecord(values: ["quantity": .decimal(3), "price": .decimal(Decimal(string: "0.333")!)])]
        XCTAssertEqual(invoice.computing(bill, today: CalendarDate(year: 2026, month: 3, day: 1))[value: "total"],
                       .decimal(Decimal(string: "1")!))
        XCTAssertEqual(problems, [])
        XCTAssertNotEqual(FormTemplates.member.asNewForm().id, FormTemplates.member.id)
    }
}
