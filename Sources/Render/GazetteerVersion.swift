/// The version `gazetteer --version` prints and pages name as their generator.
public enum GazetteerVersion {
    public static let current = "0.1.0"
}
