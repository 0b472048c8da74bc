/// One piece of a parsed template; a template is a tree of nodes rendered by walking it.
enum Node: Sendable {
    /// Literal text, with the places where a source line begins (for indentation).
    case text(TextChunk)
    /// `{{name}}`, `{{{name}}}`, `{{&name}}`.
    case variable(Variable)
    /// `{{#name}}...{{/name}}` and `{{^name}}...{{/name}}`.
    case section(Section)
    /// `{{>name}}`.
    case partial(PartialInclusion)
    /// `{{<name}}{{$block}}...{{/block}}{{/name}}`.
    case parent(ParentInclusion)
    /// `{{$name}}default{{/name}}` outside a parent: a place a child may fill.
    case slot(BlockSlot)
}
