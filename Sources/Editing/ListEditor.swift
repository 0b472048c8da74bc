import FrontMatter

/// A list's items changed where they are written: the items the old and new lists begin and
/// end with stay byte for byte, items in between are rewritten in place, and items added or
/// removed change only their own bytes (their `, item` in a flow list, their `- item` line
/// in a block list). A block list emptied becomes `[]`.
struct ListEditor {
    let file: LocatedFrontMatter
    let sequence: LocatedSequence
    /// Just after the key's colon, and the end of the value's last line (before its line end).
    let afterColon: Int
    let valueEnd: Int

    func splices(to items: [String]) -> [Splice] {
        let old = sequence.items
        let same = { (i: Int, j: Int) in old[i].scalar?.text.isExactly(items[j]) ?? false }
        var prefix = 0
        while prefix < min(old.count, items.count), same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, items.count) - prefix, same(old.count - 1 - suffix, items.count - 1 - suffix) { suffix += 1 }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(items.count - suffix)
        let paired = min(oldMiddle.count, newMiddle.count)

        if sequence.style == .block, items.isEmpty {
            return [Splice(afterColon..<valueEnd, " []")]
        }
        // An empty item (`-` alone) has no bytes to edit; such a list is written anew.
        if old.contains(where: { $0.scalar?.isEmpty ?? false }) || (sequence.style == .block && !blockLinesEditable()) {
            return [Splice(afterColon..<valueEnd, " " + flowList(items))]
        }
        var out: [Splice] = []
        for offset in 0..<paired {
            let (i, j) = (prefix + offset, prefix + offset)
            out.append(replacing(old[i], with: items[j]))
        }
        let removed = (prefix + paired)..<oldMiddle.upperBound
        let inserted = Array(items[(prefix + paired)..<newMiddle.upperBound])
        if !removed.isEmpty { out.append(removing(removed)) }
        if !inserted.isEmpty { out.append(inserting(inserted, after: prefix + paired - 1)) }
        return out
    }

    // MARK: Items

    /// The style a new item takes: that of every item the list has when they all share one
    /// quoting, else plain when it can be.
    private var newItemStyle: YAMLEvent.Style? {
        let styles = Set(sequence.items.map { $0.scalar?.style })
        guard styles.count == 1, let style = styles.first!, style == .singleQuoted || style == .doubleQuoted else { return nil }
        return style
    }

    private var context: ScalarRenderer.Context { sequence.style == .flow ? .flow : .block }

    private func rendered(_ text: String, replacing previous: YAMLEvent.Style?) -> String {
        // A block list's items are written on one line each (a block scalar item becomes one).
        let style = previous == .literal || previous == .folded ? nil : previous
        return ScalarRenderer.render(text, replacing: style ?? newItemStyle, context: context)
    }

    private func flowList(_ items: [String]) -> String {
        "[" + items.map { ScalarRenderer.render($0, replacing: newItemStyle, context: .flow) }.joined(separator: ", ") + "]"
    }

    private func replacing(_ item: LocatedItem, with text: String) -> Splice {
        let value = rendered(text, replacing: item.scalar?.style)
        guard sequence.style == .block, item.scalar?.isBlock ?? true else { return Splice(item.span, value) }
        // A block scalar or a collection as a block list's item: its lines become one.
        return Splice(item.span.lowerBound..<lineEnd(item), value)
    }

    private func removing(_ range: Range<Int>) -> Splice {
        let old = sequence.items
        if sequence.style == .block {
            return Splice(lineStart(old[range.lowerBound])..<lineEnd(old[range.upperBound - 1], includingBreak: true), "")
        }
        if range.lowerBound > 0 {
            return Splice(old[range.lowerBound - 1].span.upperBound..<old[range.upperBound - 1].span.upperBound, "")
        }
        if range.upperBound < old.count {
            return Splice(old[0].span.lowerBound..<old[range.upperBound].span.lowerBound, "")
        }
        // Every item goes: what is between the brackets goes too.
        return Splice((sequence.span.lowerBound + 1)..<(sequence.span.upperBound - 1), "")
    }

    /// New items after the item at `index` (-1: before the first one).
    private func inserting(_ texts: [String], after index: Int) -> Splice {
        let old = sequence.items
        let values = texts.map { rendered($0, replacing: newItemStyle) }
        if sequence.style == .block {
            let first = old[0]
            let prefix = String(decoding: file.bytes[lineStart(first)..<first.span.lowerBound], as: UTF8.self)
            let eol = String(decoding: file.lineEnding, as: UTF8.self)
            let lines = values.map { prefix + $0 + eol }.joined()
            let at = index >= 0 ? lineEnd(old[index], includingBreak: true) : lineStart(first)
            return Splice(at..<at, lines)
        }
        let separator = flowSeparator
        if index >= 0 {
            let at = old[index].span.upperBound
            return Splice(at..<at, values.map { separator + $0 }.joined())
        }
        if let first = old.first {
            return Splice(first.span.lowerBound..<first.span.lowerBound, values.map { $0 + separator }.joined())
        }
        let at = sequence.span.lowerBound + 1
        return Splice(at..<at, values.joined(separator: separator))
    }

    /// What the flow list puts between its items (`, ` unless the file says otherwise).
    private var flowSeparator: String {
        let old = sequence.items
        guard old.count >= 2 else { return ", " }
        let between = file.bytes[old[0].span.upperBound..<old[1].span.lowerBound]
        guard between.filter({ $0 == UInt8(ascii: ",") }).count == 1,
              between.allSatisfy({ $0 == UInt8(ascii: ",") || $0 == 0x20 || LineScan.isBreak($0) }) else { return ", " }
        return String(decoding: between, as: UTF8.self)
    }

    // MARK: Block list lines

    /// Whether each item of the block list begins its own line (`  - item`), so that items
    /// can be added and removed by lines.
    private func blockLinesEditable() -> Bool {
        sequence.items.allSatisfy { item in
            var prefix = file.bytes[lineStart(item)..<item.span.lowerBound]
            while prefix.last == 0x20 { prefix.removeLast() }
            guard prefix.last == UInt8(ascii: "-") else { return false }
            prefix.removeLast()
            return prefix.allSatisfy { $0 == 0x20 }
        }
    }

    private func lineStart(_ item: LocatedItem) -> Int {
        LineScan.start(of: item.span.lowerBound, in: file.bytes, from: file.parts.yaml.lowerBound)
    }

    private func lineEnd(_ item: LocatedItem, includingBreak: Bool = false) -> Int {
        LineScan.end(of: item.span.upperBound, in: file.bytes, to: file.parts.yaml.upperBound, includingBreak: includingBreak)
    }
}
