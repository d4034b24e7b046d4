import Testing

@testable import SquarestockCore

@Suite struct MonthNamesTests {
    static let lookups: [(String, String, Int?)] = [
        ("en", "Nov", 11), ("en", "November", 11), ("en", "nov", 11), ("en", "NOVEMBER", 11), ("en", "Jan", 1),
        ("en", "May", 5), ("en", "Sep", 9), ("en", "September", 9), ("en", "Dec.", 12), ("en", "Novem", nil),
        ("en", "", nil), ("en", ".", nil), ("en", "März", nil),
        ("de", "März", 3), ("de", "märz", 3), ("de", "MÄRZ", 3), ("de", "Mär", 3), ("de", "Nov.", 11),
        ("de", "Nov", 11),
        ("de", "Dezember", 12), ("de", "Okt", 10), ("de", "Oct", nil), ("de", "Mai", 5), ("de", "Juni", 6),
        ("pl", "listopada", 11), ("pl", "listopad", 11), ("pl", "LISTOPADA", 11), ("pl", "lis", 11),
        ("pl", "stycznia", 1), ("pl", "styczeń", 1), ("pl", "STYCZEŃ", 1), ("pl", "października", 10),
        ("pl", "październik", 10), ("pl", "November", nil),
    ]

    @Test(arguments: lookups)
    func lookUp(_ locale: String, _ name: String, _ expected: Int?) {
        #expect(MonthNames(locale: locale).month(name) == expected)
    }

    /// Decomposed input (a + combining diaeresis) still matches the composed ICU name.
    @Test func canonicalEquivalence() {
        #expect(MonthNames(locale: "de").month("Ma\u{0308}rz") == 3)
    }

    @Test(arguments: ["en", "de", "pl", "fr", "ja"])
    func allKindsLoadTwelveNames(_ locale: String) {
        let months = MonthNames(locale: locale)
        for kind in MonthNames.Kind.allCases {
            let names = months.names(kind)
            #expect(names.count == 12, "\(locale) \(kind)")
            for (i, name) in names.enumerated() { #expect(months.month(name) == i + 1, "\(locale) \(kind) \(name)") }
        }
    }

    @Test func namesAreICUs() {
        #expect(MonthNames(locale: "en").names(.formatWide)[10] == "November")
        #expect(MonthNames(locale: "en").names(.formatAbbreviated)[10] == "Nov")
        #expect(MonthNames(locale: "pl").names(.formatWide)[10] == "listopada")
        #expect(MonthNames(locale: "pl").names(.standaloneWide)[10] == "listopad")
        #expect(MonthNames(locale: "de").names(.standaloneWide)[2] == "März")
    }
}
