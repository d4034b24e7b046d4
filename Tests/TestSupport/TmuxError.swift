/// tmux could not be started.
public struct TmuxError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
