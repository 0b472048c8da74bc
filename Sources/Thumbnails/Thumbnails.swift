import CVipsShim
public enum ThumbnailsPlaceholder {}
