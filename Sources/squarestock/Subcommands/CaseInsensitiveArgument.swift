import ArgumentParser

/// An option value read without regard to case (`--format JSON`, `--style Braille`), as
/// `--source Samples` and `--range 1D` are: users type what they see in the help, capitalised or
/// not, and a usage error for the case alone helps nobody.
protocol CaseInsensitiveArgument: ExpressibleByArgument, RawRepresentable where RawValue == String {}

extension CaseInsensitiveArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
