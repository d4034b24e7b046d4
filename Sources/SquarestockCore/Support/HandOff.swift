#if canImport(Glibc)
    import Glibc
#endif

/// A bounded queue from one producer thread to one consumer, so work that does not depend on
/// the consumer's answers (reading and checking a file's rows) runs on the second core while
/// the consumer does its part (writing them). At most `capacity` items wait: a producer that
/// is ahead waits for room, so memory stays bounded whatever the input's size.
///
/// The producer `put`s items and always `close`s at its end; the consumer `take`s until nil,
/// or `stop`s early (an error of its own), which makes the producer's next `put` answer false
/// and waits until the producer has closed, so nothing of the producer outlives the consumer.
package final class HandOff<Element: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled on every change (an item put or taken, a close, a stop): two threads wait on
    /// it at most, each for its own condition.
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// A ring of `capacity` slots: `count` items from `head` on.
    private var slots: [Element?]
    private var head = 0
    private var count = 0
    private var closed = false
    private var stopped = false

    package init(capacity: Int) {
        precondition(capacity > 0)
        slots = Array(repeating: nil, count: capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        changed.deallocate()
    }

    /// Producer: queues `item` once there is room; false (the item dropped) when the consumer
    /// has stopped, and the producer should end.
    package func put(_ item: Element) -> Bool {
        locked {
            while !stopped, count == slots.count { pthread_cond_wait(changed, mutex) }
            guard !stopped else { return false }
            slots[(head + count) % slots.count] = item
            count += 1
            pthread_cond_broadcast(changed)
            return true
        }
    }

    /// Producer: no item follows. Called once, at the producer's end, whatever ended it.
    package func close() {
        locked {
            closed = true
            pthread_cond_broadcast(changed)
        }
    }

    /// Consumer: the next item, waiting for one; nil once the producer has closed and every
    /// item is taken.
    package func take() -> Element? {
        locked {
            while count == 0, !closed { pthread_cond_wait(changed, mutex) }
            guard count > 0 else { return nil }
            let item = slots[head].take()
            head = (head + 1) % slots.count
            count -= 1
            pthread_cond_broadcast(changed)
            return item
        }
    }

    /// Consumer: takes nothing more. Drops what waits, lets a waiting producer go, and returns
    /// once the producer has closed.
    package func stop() {
        locked {
            stopped = true
            for i in slots.indices { slots[i] = nil }
            count = 0
            pthread_cond_broadcast(changed)
            while !closed { pthread_cond_wait(changed, mutex) }
        }
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
