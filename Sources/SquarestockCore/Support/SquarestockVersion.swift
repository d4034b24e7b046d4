/// The version shown in `--version` and in the User-Agent.
package enum SquarestockVersion {
    package static let string = "0.1.0"
}
