extension Result {
    /// The failure, or nil for a success: lets a test expect on an error in one line.
    public var error: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
