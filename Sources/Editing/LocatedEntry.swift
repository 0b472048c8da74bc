import FrontMatter

/// One top-level `key: value` of a front matter, with where its parts are written, as byte
/// offsets into the whole file (see `LocatedFrontMatter`).
struct LocatedEntry {
    var key: String
    /// The key as written (quotes, tag and anchor included).
    var keySpan: Range<Int>
    /// Just after the `:` that ends the key, nil when the key does not stand alone at the
    /// start of its line followed by `:` (an explicit `? key`, a flow mapping), which the
    /// writer does not edit.
    var afterColon: Int?
    var value: LocatedValue
    /// Just after the value's last character (before a comment trailing on its line).
    var contentEnd: Int
    /// The key's whole lines: from the start of the key's line to after the line end of the
    /// value's last line (a comment trailing on it included).
    var lines: Range<Int>
    /// Whether the key or its value carries a tag (`!!str`) or an anchor.
    var hasProperties: Bool
    /// The value's events as read, to tell that a value not edited reads the same after.
    var signature: [EventSignature]
}

/// A value as written: its scalar, its list of scalars, or anything else (a mapping).
enum LocatedValue {
    case scalar(LocatedScalar)
    case sequence(LocatedSequence)
    case other(span: Range<Int>, style: YAMLEvent.Style)
}

struct LocatedScalar {
    /// The scalar's text as written (after unquoting and folding), before any type resolution.
    var text: String
    var style: YAMLEvent.Style
    /// Its bytes, quotes or block header included. For a block scalar, up to the end of its
    /// last line with text (its trailing line breaks excluded).
    var span: Range<Int>

    /// `key:` with nothing after it.
    var isEmpty: Bool { style == .plain && text.isEmpty }
    var isBlock: Bool { style == .literal || style == .folded }
}

struct LocatedSequence {
    /// `.flow` (`[a, b]`, span from `[` to after `]`) or `.block` (`- a` lines, span from
    /// the first `-` to the end of the last item).
    var style: YAMLEvent.Style
    var span: Range<Int>
    var items: [LocatedItem]
}

struct LocatedItem {
    /// The item's scalar, nil when the item is a collection.
    var scalar: LocatedScalar?
    /// From the item's first character to just after its last.
    var span: Range<Int>
}

/// What an event reads as, for comparing a value before and after an edit.
enum EventSignature: Equatable {
    case scalar(String, YAMLEvent.Style?, tag: String?, anchor: String?)
    case start(mapping: Bool, YAMLEvent.Style?, tag: String?, anchor: String?)
    case end
    case alias
}

extension LocatedEntry {
    /// The value as the form reads it: a scalar's text, or a list of scalars' texts.
    var editValue: EditValue? {
        switch value {
        case .scalar(let scalar): .text(scalar.text)
        case .sequence(let sequence):
            sequence.items.allSatisfy { $0.scalar != nil } ? .list(sequence.items.map { $0.scalar!.text }) : nil
        case .other: nil
        }
    }

    /// Whether the value already reads as `wanted` where edit mode's form is concerned, so that
    /// it is left as written: a text as the same scalar in any style, a list as the same items,
    /// or as a single scalar standing for a list of one, or empty (or `~`, `null`) for none.
    func reads(as wanted: EditValue) -> Bool {
        switch (wanted, value) {
        case (.text(let text), .scalar(let scalar)):
            return scalar.text.isExactly(text)
        case (.list(let items), .scalar(let scalar)) where scalar.style == .plain && ScalarRenderer.isNullLike(scalar.text):
            return items.isEmpty
        case (.list(let items), .scalar(let scalar)):
            return items.count == 1 && items[0].isExactly(scalar.text)
        case (.list, .sequence):
            return editValue?.isExactly(wanted) ?? false
        default:
            return false
        }
    }
}
