/// Flattens a node tree into instructions and pools (see `Op` and `ParsedTemplate`).
/// A section, slot or parent is followed by the instructions of its content and records
/// where they end, so rendering is a loop over one array.
struct Compiler {
    private(set) var ops: [Op] = []
    private(set) var text: [UInt8] = []
    private(set) var lineStarts: [Int32] = []
    private(set) var names: [ContextName] = []
    /// Where each name is written (the tag of a variable or section), alongside `names`.
    private(set) var namePositions: [SourcePosition] = []
    /// The parts of all names, each name a run of them.
    private(set) var keys: [String] = []
    private(set) var positions: [SourcePosition] = []
    private(set) var references: [TemplateReference] = []
    private(set) var indentations: [[UInt8]] = []
    private(set) var parents: [ParentInfo] = []
    private(set) var definitions: [DefinitionInfo] = []
    private(set) var slots: [SlotInfo] = []
    /// Every name a variable or section looks up, where it is written.
    private(set) var lookups: [(name: ContextName, position: SourcePosition)] = []

    init(_ nodes: [Node]) {
        compile(nodes)
    }

    private mutating func compile(_ nodes: [Node]) {
        for node in nodes {
            switch node {
            case .text(let chunk):
                let start = text.count
                let firstLineStart = lineStarts.count
                text += chunk.bytes
                lineStarts += chunk.lineStarts.map { Int32(start + $0) }
                ops.append(Op(code: .text, a: Int32(start), b: Int32(text.count),
                              c: Int32(firstLineStart), d: Int32(lineStarts.count)))
            case .variable(let variable):
                lookups.append((variable.name, variable.position))
                ops.append(Op(code: variable.escaped ? .variable : .unescaped, a: Int32(keys.count),
                              b: Self.add(variable.position, to: &positions),
                              c: Int32(variable.name.components.count), d: add(variable.name, at: variable.position)))
                keys += variable.name.components
            case .section(let section):
                lookups.append((section.name, section.position))
                let index = ops.count
                ops.append(Op(code: .text, a: 0))
                compile(section.nodes)
                ops[index] = Op(code: section.inverted ? .inverted : .section, a: Int32(keys.count),
                                b: Int32(ops.count), c: Int32(section.name.components.count),
                                d: add(section.name, at: section.position))
                keys += section.name.components
            case .partial(let partial):
                ops.append(Op(code: .partial, a: Self.add(partial.reference, to: &references),
                              b: partial.indentation.map { Self.add($0, to: &indentations) } ?? -1,
                              c: Self.add(partial.position, to: &positions)))
            case .parent(let parent):
                let index = ops.count
                ops.append(Op(code: .text, a: 0))
                var compiled: [DefinitionInfo] = []
                for definition in parent.definitions {
                    let start = ops.count
                    compile(definition.nodes)
                    compiled.append(DefinitionInfo(name: definition.name, content: start..<ops.count,
                                                   startsAtLineStart: definition.startsAtLineStart,
                                                   indentWidth: definition.indentWidth))
                }
                let first = definitions.count
                definitions += compiled
                let info = ParentInfo(reference: Int(Self.add(parent.reference, to: &references)),
                                      indentation: Int(parent.indentation.map { Self.add($0, to: &indentations) } ?? -1),
                                      position: Int(Self.add(parent.position, to: &positions)),
                                      definitions: first..<definitions.count)
                ops[index] = Op(code: .parent, a: Self.add(info, to: &parents), b: Int32(ops.count))
            case .slot(let slot):
                let index = ops.count
                ops.append(Op(code: .text, a: 0))
                compile(slot.nodes)
                let info = SlotInfo(name: slot.name, standalone: slot.standalone, indentation: slot.indentation)
                ops[index] = Op(code: .slot, a: Self.add(info, to: &slots), b: Int32(ops.count))
            }
        }
    }

    private mutating func add(_ name: ContextName, at position: SourcePosition) -> Int32 {
        namePositions.append(position)
        return Self.add(name, to: &names)
    }

    private static func add<T>(_ value: T, to pool: inout [T]) -> Int32 {
        pool.append(value)
        return Int32(pool.count - 1)
    }
}
