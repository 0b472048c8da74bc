/// The template a partial or parent tag names: fixed, or looked up in the context (`*name`).
struct TemplateReference: Sendable {
    var name: String
    var dynamic: ContextName?
}
