/// A block given by a parent being rendered: which template holds its content, and which
/// of that template's definitions it is.
struct ActiveBlock {
    let template: ParsedTemplate
    let definition: Int
}
