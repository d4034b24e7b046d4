import SquarestockCore

/// Finds the shipped `samples/` folder: `SQUARESTOCK_SAMPLES`, else a `samples/manifest.tsv`
/// in a folder above the executable (a checkout running `.build/debug/squarestock`), else
/// `../share/squarestock/samples` beside an installed binary.
package enum SamplesLocator {
    package static func find(
        environment: [String: String], executablePath: String? = InstalledFiles.currentExecutablePath()
    ) -> String? {
        if let dir = environment["SQUARESTOCK_SAMPLES"], !dir.isEmpty { return dir }
        return InstalledFiles.findAbove(
            executable: executablePath, folders: ["samples", "share/squarestock/samples"], marker: "manifest.tsv")
    }
}
