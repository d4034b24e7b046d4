/// The version shown in `--version` and in the User-Agent.
public enum SquarestockVersion {
    public static let string = "0.1.0"
}
