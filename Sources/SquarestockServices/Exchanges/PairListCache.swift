import Foundation
import SquarestockCore

/// An exchange's pair list kept for a day in the cache folder, so `quote BTC-USD` costs one
/// request instead of two (Kraken's full AssetPairs is about 2 MB).
///
/// The file is squarestock's own tab-separated text, one listing a line, under a header that
/// names the exchange, the host it came from and when it was fetched: a list fetched from a
/// mirror (`--endpoint`) is never used for the real exchange, nor the other way round.
package struct PairListCache: Sendable {
    package static let maxAge: Int64 = 86_400
    static let magic = "squarestock-pairs 1"

    /// Nil keeps nothing (no cache folder).
    package let folder: String?

    package init(folder: String?) { self.folder = folder }

    /// `<cache>/exchanges/<name>-pairs.tsv`.
    func path(exchange: String) -> String? { folder.map { $0 + "/exchanges/\(exchange)-pairs.tsv" } }

    /// The listings cached for `exchange` from `origin` less than a day before `now`.
    package func load(exchange: String, origin: String, now: Instant) -> [PairListing]? {
        guard let path = path(exchange: exchange), let bytes = PrivateFileStore.read(path) else { return nil }
        return PairListCache.decode(bytes, exchange: exchange, origin: origin, now: now)
    }

    /// Keeps `listings`; a cache that cannot be written only costs the next run a request.
    package func store(_ listings: [PairListing], exchange: String, origin: String, now: Instant) {
        guard let path = path(exchange: exchange) else { return }
        let dir = (path as NSString).deletingLastPathComponent
        do {
            try PrivateFileStore.preparePrivateFolder(dir)
            try PrivateFileStore.write(
                PairListCache.encode(listings, exchange: exchange, origin: origin, now: now), to: path)
        } catch {}
    }

    package static func encode(_ listings: [PairListing], exchange: String, origin: String, now: Instant) -> [UInt8] {
        var out = "\(magic)\t\(exchange)\t\(origin)\t\(now.secondsSinceEpoch)\n"
        func text(_ d: ExactDecimal?) -> String { d?.description ?? "" }
        for l in listings {
            let fields = [
                l.pair.base, l.pair.quote, l.nativeName, l.responseKey ?? "", l.status.description,
                l.priceDecimals.map(String.init) ?? "", text(l.tickSize), text(l.sizeIncrement),
                text(l.minimumSize), text(l.minimumCost),
            ]
            // Names come from the network: a tab or a line break would shift the columns.
            guard fields.allSatisfy({ !$0.contains("\t") && !$0.contains("\n") && !$0.contains("\r") }) else {
                continue
            }
            out += fields.joined(separator: "\t") + "\n"
        }
        return Array(out.utf8)
    }

    package static func decode(_ bytes: [UInt8], exchange: String, origin: String, now: Instant) -> [PairListing]? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first else { return nil }
        let h = header.split(separator: "\t", omittingEmptySubsequences: false)
        guard h.count == 4, h[0] == magic, h[1] == exchange, h[2] == origin, let fetched = Int64(h[3]),
            now.secondsSinceEpoch >= fetched, now.secondsSinceEpoch - fetched < maxAge
        else { return nil }
        var out: [PairListing] = []
        for line in lines.dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 10 else { return nil }
            func decimal(_ s: String) -> ExactDecimal? { s.isEmpty ? nil : ExactDecimal(s) }
            out.append(
                PairListing(
                    pair: TradingPair(base: f[0], quote: f[1]), nativeName: f[2],
                    responseKey: f[3].isEmpty ? nil : f[3],
                    status: PairStatus(wire: f[4].replacingOccurrences(of: "-", with: "_")),
                    priceDecimals: Int(f[5]), tickSize: decimal(f[6]), sizeIncrement: decimal(f[7]),
                    minimumSize: decimal(f[8]), minimumCost: decimal(f[9])))
        }
        return out.isEmpty ? nil : out
    }
}
