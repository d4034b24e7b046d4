import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#endif

/// `TerminalSize.query` asks the kernel; what is not a terminal has no size.
struct TerminalSizeTests {
    @Test func aClosedDescriptorOrAPipeHasNoSize() {
        #expect(TerminalSize.query(fd: -1) == nil)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        #expect(TerminalSize.query(fd: fds[0]) == nil)
    }
}
