/// A tag pair being built by `TreeBuilder`: the root, a section, a parent, or a block.
struct BuilderFrame {
    enum Kind: Equatable {
        case root
        case section(inverted: Bool)
        case parent
        /// A block inside a parent: content given to the parent.
        case definition
        /// A block anywhere else: a place a child may fill, with default content.
        case slot
    }

    var kind: Kind
    /// The name a closing tag must repeat.
    var name: String
    /// The opening tag.
    var open: Tag
    /// Where the content begins in the source (after the opening tag and, when it ends
    /// its line, after that line end).
    var contentStart: Int
    var nodes: [Node] = []

    /// Section: the name looked up.
    var contextName: ContextName?
    /// Parent: the template it names, the blocks it gives, its indentation.
    var reference: TemplateReference?
    var definitions: [BlockDefinition] = []
    var indentation: [UInt8]?
    /// Parent: the opening tag has only blanks before it on its line.
    var openLeftClear = false
    /// Slot: the opening tag stands alone; definition: the opening tag ends its line.
    var openStandalone = false

    var kindDescription: String {
        switch kind {
        case .root: "template"
        case .section(inverted: false): "section"
        case .section(inverted: true): "inverted section"
        case .parent: "parent"
        case .definition, .slot: "block"
        }
    }
}
