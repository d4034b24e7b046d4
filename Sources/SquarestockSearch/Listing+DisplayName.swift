import Foundation
import SquarestockCore

extension Listing {
    /// The company part of a directory name, for messages: `Apple Inc. - Common Stock` reads
    /// `Apple Inc.`, `Alcoa Corporation Common Stock` reads `Alcoa Corporation`.
    package var companyName: String {
        var n = name
        if let dash = n.range(of: " - ") { n = String(n[..<dash.lowerBound]) }
        for tail in [
            " Class A Common Stock", " Class B Common Stock", " Class C Capital Stock", " Common Stock",
            " Common Shares",
            " Ordinary Shares", " American Depositary Shares",
        ] where n.hasSuffix(tail) {
            n.removeLast(tail.count)
            break
        }
        return n.trimmingSpaces
    }
}
