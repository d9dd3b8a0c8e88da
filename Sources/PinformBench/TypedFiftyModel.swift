// The typed side of `pinform-bench forms`' defined-vs-typed comparison: the 50 fields of
// `DefinedFormsBenchmark.definition` as stored properties of a Swift struct, as a developer writes a model.
import Forms
import Foundation

/// 50 optional stored properties: 20 texts, 10 whole numbers, 10 decimals, 5 dates, 5 yes/no.
struct TypedFiftyModel {
    var text0: String?
    var text1: String?
    var text2: String?
    var text3: String?
    var text4: String?
    var text5: String?
    var text6: String?
    var text7: String?
    var text8: String?
    var text9: String?
    var text10: String?
    var text11: String?
    var text12: String?
    var text13: String?
    var text14: String?
    var text15: String?
    var text16: String?
    var text17: String?
    var text18: String?
    var text19: String?
    var integer0: Int64?
    var integer1: Int64?
    var integer2: Int64?
    var integer3: Int64?
    var integer4: Int64?
    var integer5: Int64?
    var integer6: Int64?
    var integer7: Int64?
    var integer8: Int64?
    var integer9: Int64?
    var decimal0: Decimal?
    var decimal1: Decimal?
    var decimal2: Decimal?
    var decimal3: Decimal?
    var decimal4: Decimal?
    var decimal5: Decimal?
    var decimal6: Decimal?
    var decimal7: Decimal?
    var decimal8: Decimal?
    var decimal9: Decimal?
    var date0: CalendarDate?
    var date1: CalendarDate?
    var date2: CalendarDate?
    var date3: CalendarDate?
    var date4: CalendarDate?
    var flag0: Bool?
    var flag1: Bool?
    var flag2: Bool?
    var flag3: Bool?
    var flag4: Bool?

    nonisolated(unsafe) static let textPaths: [WritableKeyPath<TypedFiftyModel, String?>] = [
        \.text0, \.text1, \.text2, \.text3, \.text4,
        \.text5, \.text6, \.text7, \.text8, \.text9,
        \.text10, \.text11, \.text12, \.text13, \.text14,
        \.text15, \.text16, \.text17, \.text18, \.text19,
    ]
    nonisolated(unsafe) static let integerPaths: [WritableKeyPath<TypedFiftyModel, Int64?>] = [
        \.integer0, \.integer1, \.integer2, \.integer3, \.integer4,
        \.integer5, \.integer6, \.integer7, \.integer8, \.integer9,
    ]
    nonisolated(unsafe) static let decimalPaths: [WritableKeyPath<TypedFiftyModel, Decimal?>] = [
        \.decimal0, \.decimal1, \.decimal2, \.decimal3, \.decimal4,
        \.decimal5, \.decimal6, \.decimal7, \.decimal8, \.decimal9,
    ]
    nonisolated(unsafe) static let datePaths: [WritableKeyPath<TypedFiftyModel, CalendarDate?>] = [
        \.date0, \.date1, \.date2, \.date3, \.date4,
    ]
    nonisolated(unsafe) static let flagPaths: [WritableKeyPath<TypedFiftyModel, Bool?>] = [
        \.flag0, \.flag1, \.flag2, \.flag3, \.flag4,
    ]
}
