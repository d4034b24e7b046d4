import Foundation
import TestSupport
import Testing

/// `portfolio import` of a broker's export through the binary: found by its header, previewed
/// with every row accounted for, refused whole while a row is refused, imported with
/// `--skip-refused`, imported again adding nothing, and the ledger checked by hledger.
@Suite(.serialized)
struct PortfolioExportImportCLITests {
    static let trading212 = Fixture.testsDirectory + "/Fixtures/imports/trading212/dickwolff__trading212-export.csv"

    @Test func aTrading212ExportIsPreviewedImportedOnceAndAgreesWithHledger() throws {
        let env = PortfolioCLITests.environment()
        let preview = try PortfolioCLITests.run(env, ["import", Self.trading212])
        #expect(preview.stdout.contains("13 rows (Trading 212 history CSV): 8 new, 5 refused"), "\(preview.stdout)")
        #expect(
            preview.stdout.contains("line 6   refused  cannot sell 0.61254 ASTR on 2023-12-26"), "\(preview.stdout)")
        #expect(preview.stdout.contains("new, line 3"))

        // A refused row stops the import whole.
        let refused = try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes"], exit: 1)
        #expect(refused.stderr.contains("5 rows are refused; nothing was imported"), "\(refused.stderr)")
        #expect(
            try PortfolioCLITests.run(env, ["history", "--format", "csv"]).stdout.split(separator: "\n").count <= 1)

        let done = try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes", "--skip-refused"])
        #expect(done.stdout == "imported 14 entries from 8 rows (Trading 212 history CSV)\n", "\(done.stdout)")
        let again = try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes", "--skip-refused"])
        #expect(again.stdout.hasPrefix("nothing to import"), "\(again.stdout)")

        // --from names the format; a wrong one is refused before reading.
        try PortfolioCLITests.run(env, ["import", Self.trading212, "--from", "trading212"])
        let wrong = try PortfolioCLITests.run(env, ["import", Self.trading212, "--from", "schwab"], exit: 1)
        #expect(wrong.stderr.contains("this is not a Charles Schwab transactions CSV"), "\(wrong.stderr)")

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger") else { return }
        let balance = try PortfolioCLITests.hledgerBalance(env, name: "t212")
        #expect(balance.exitCode == 0, "\(balance.stderr)")
        // 31.00 - 1.33 - 1.20 - 1.47 + 0.01 + 0.03 + 0.03 + 17.67 = 44.74 EUR; the dollars
        // bought are spent.
        let lines = balance.stdout.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.contains(#""assets:cash:EUR","EUR","44.74""#), "\(balance.stdout)")
        #expect(!lines.contains { $0.hasPrefix(#""assets:cash:USD""#) }, "\(balance.stdout)")
        #expect(lines.contains(#""assets:stocks:CSCO","CSCO","0.029053""#), "\(balance.stdout)")
    }

    /// An unknown layout is refused with the columns found and the formats that exist.
    @Test func anUnknownLayoutNamesTheFormats() throws {
        let env = PortfolioCLITests.environment()
        let path = TemporaryPath.make("bank", suffix: ".csv")
        defer { unlink(path) }
        try "Booking date;Amount\n2024-01-02;3.50\n".write(toFile: path, atomically: false, encoding: .utf8)
        let r = try PortfolioCLITests.run(env, ["import", path], exit: 1)
        #expect(r.stderr.contains("no export layout has this header (the columns Booking date;Amount)"), "\(r.stderr)")
        #expect(r.stderr.contains("schwab (Charles Schwab transactions CSV)"))
    }
}
