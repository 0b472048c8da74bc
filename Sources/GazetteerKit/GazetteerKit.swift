public enum GazetteerKitPlaceholder {}
