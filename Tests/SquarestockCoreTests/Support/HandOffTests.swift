import Foundation
import Testing

@testable import SquarestockCore

/// `HandOff`, the bounded queue between an import's reading thread and its writer: every item
/// arrives once and in order however small the room; a consumer that stops lets a producer
/// waiting for room go, and returns only once the producer has closed.
struct HandOffTests {
    @Test func everyItemArrivesOnceInOrderThroughARoomOfOne() {
        let handOff = HandOff<Int>(capacity: 1)
        let count = 20_000
        let producer = JoinableThread(name: "test-producer") {
            defer { handOff.close() }
            for i in 0..<count where !handOff.put(i) { return }
        }
        #expect(producer != nil)
        var taken: [Int] = []
        while let i = handOff.take() { taken.append(i) }
        producer?.join()
        #expect(taken == Array(0..<count))
    }

    @Test func nothingToTakeAfterTheProducerClosedEmpty() {
        let handOff = HandOff<Int>(capacity: 4)
        #expect(handOff.put(7))
        handOff.close()
        #expect(handOff.take() == 7)
        #expect(handOff.take() == nil)
    }

    /// The producer fills the room and waits; the consumer takes one and stops. The producer's
    /// next put answers false, it closes, and only then does `stop` return.
    @Test func stoppingLetsAWaitingProducerGoAndWaitsForItsEnd() {
        let handOff = HandOff<Int>(capacity: 2)
        let refused = Flag()
        let producer = JoinableThread(name: "test-producer") {
            defer { handOff.close() }
            var i = 0
            while handOff.put(i) { i += 1 }
            refused.set()
        }
        #expect(producer != nil)
        #expect(handOff.take() == 0)
        handOff.stop()
        // `stop` returned: the producer has closed, after its put was refused.
        #expect(refused.isSet)
        #expect(handOff.take() == nil)
    }

    @Test func joinReturnsOnceTheWorkHasEnded() {
        let ended = Flag()
        let thread = JoinableThread(name: "a-name-longer-than-fifteen-bytes") {
            var sum = 0
            for i in 0..<1_000_000 { sum &+= i }
            if sum > 0 { ended.set() }
        }
        #expect(thread != nil)
        thread?.join()
        #expect(ended.isSet)
        thread?.join()  // a second join is no error
    }

    /// Set by one thread, read by another after a happens-before edge (the hand-off's lock).
    final class Flag: @unchecked Sendable {
        private let lock = Lock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }
}
