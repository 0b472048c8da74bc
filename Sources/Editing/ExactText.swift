/// Texts compared scalar by scalar. Swift's `==` takes canonically equivalent texts as equal
/// (`é` written as one scalar or as `e` and a combining accent): the writer must not, or it
/// would keep bytes an editor changed, or take a changed value as read back.
extension String {
    func isExactly(_ other: String) -> Bool {
        unicodeScalars.elementsEqual(other.unicodeScalars)
    }
}

extension EditValue {
    func isExactly(_ other: EditValue) -> Bool {
        switch (self, other) {
        case (.text(let a), .text(let b)): a.isExactly(b)
        case (.list(let a), .list(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.isExactly($1) }
        default: false
        }
    }
}
