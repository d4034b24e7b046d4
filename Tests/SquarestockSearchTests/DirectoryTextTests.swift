import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockSearch

/// Symbol directory lines and index snapshots hand out sanitized names and symbols.
struct DirectoryTextTests {
    @Test func directoryNamesAndSymbolsAreSanitized() throws {
        let file = SymbolDirectoryParserTests.nasdaqFile([
            "AAPL\(HostileText.attack)|Apple\(HostileText.attack) Inc. - Common Stock|Q|N|N|100|N|N"
        ])
        let listing = try #require(SymbolDirectoryParser.parse(file).directory.listings.first)
        #expect(listing.name == "Apple Inc. - Common Stock")
        #expect(
            HostileText.isInert(listing.symbol) && HostileText.isInert(listing.actSymbol)
                && HostileText.isInert(listing.nasdaqSymbol))
    }

    @Test func namesReadBackFromAnIndexOrItsSnapshotAreSanitized() throws {
        var listing = try #require(
            SymbolDirectoryParser.parse(SymbolDirectoryParserTests.nasdaqFile(["AAPL|Apple Inc.|Q|N|N|100|N|N"]))
                .directory.listings.first)
        listing.name = "Apple\(HostileText.attack) Inc."  // as a damaged or planted snapshot could hold it
        let index = SymbolIndex(listings: [listing])
        #expect(index.listings.map(\.name) == ["Apple Inc."])
        let reloaded = try SymbolIndex(snapshot: index.snapshot())
        #expect(reloaded.listings.map(\.name) == ["Apple Inc."])
    }
}
