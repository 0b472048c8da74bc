/// A template parsed once and compiled to flat instructions (see `Op`), ready to render any
/// number of times from any number of threads. Immutable after `init`: the buffers it owns
/// are written once there and only read afterwards.
///
/// Unchecked: its instructions, text and names are held in buffers it allocates (unsafe
/// pointers, for the renderer's speed), which the compiler cannot know are never written
/// after `init`.
final class ParsedTemplate: @unchecked Sendable {
    let name: String
    let path: String
    /// The names of the partials and parents it names statically.
    let references: Set<String>

    let ops: UnsafeMutableBufferPointer<Op>
    /// All literal text, one pool; `.text` instructions name ranges of it.
    let text: UnsafeMutableBufferPointer<UInt8>
    /// Offsets in `text` where a source line begins.
    let lineStarts: UnsafeMutableBufferPointer<Int32>
    /// The parts of all names; instructions name runs of them.
    let keys: UnsafeMutableBufferPointer<String>
    let names: [ContextName]
    let namePositions: [SourcePosition]
    let positions: [SourcePosition]
    let templateReferences: [TemplateReference]
    let indentations: [[UInt8]]
    let parents: [ParentInfo]
    let definitions: [DefinitionInfo]
    let slots: [SlotInfo]
    /// Every name a variable or section looks up, where it is written.
    let lookups: [(name: ContextName, position: SourcePosition)]

    init(name: String, path: String, references: Set<String>, compiled: Compiler) {
        self.name = name
        self.path = path
        self.references = references
        ops = Self.copy(compiled.ops)
        text = Self.copy(compiled.text)
        lineStarts = Self.copy(compiled.lineStarts)
        keys = Self.copy(compiled.keys)
        names = compiled.names
        namePositions = compiled.namePositions
        positions = compiled.positions
        templateReferences = compiled.references
        indentations = compiled.indentations
        parents = compiled.parents
        definitions = compiled.definitions
        slots = compiled.slots
        lookups = compiled.lookups
    }

    deinit {
        ops.deallocate()
        text.deallocate()
        lineStarts.deallocate()
        keys.deinitialize()
        keys.deallocate()
    }

    private static func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }
}
