/// The check made on every edited file before it may be written: read again as the build
/// reads it, it must give exactly the values intended, every other key as before (the same
/// events: text, style, tags), the keys in the expected order, and the body intended.
enum EditVerification {
    static func check(_ result: [UInt8], original: LocatedFrontMatter, edit: EntryEdit,
                      changed: Set<String>, body: String) throws(EditRefusal) {
        let reread: LocatedFrontMatter
        do {
            reread = try LocatedFrontMatter(result, path: original.path)
        } catch {
            throw EditRefusal("the edited file would not read back (\(error.message)), so nothing was written")
        }
        func field(_ key: String) -> FieldEdit? { edit.fields.first { $0.key.isExactly(key) } }
        let expectedKeys = original.entries.map(\.key).filter { field($0).map { $0.value != nil } ?? true }
            + edit.fields.filter { $0.value != nil && original.entry($0.key) == nil }.map(\.key)
        let keys = reread.entries.map(\.key)
        guard keys.count == expectedKeys.count, zip(keys, expectedKeys).allSatisfy({ $0.isExactly($1) }) else {
            throw EditRefusal("the edited file would not have the keys intended (it would have "
                              + reread.entries.map { "“\($0.key)”" }.joined(separator: ", ") + "), so nothing was written")
        }
        for entry in reread.entries {
            if changed.contains(entry.key), let value = field(entry.key)?.value {
                guard entry.editValue?.isExactly(value) ?? false else {
                    throw EditRefusal(key: entry.key, "“\(entry.key)” would not read back as typed "
                                      + "(it would read as \(describe(entry.editValue))), so nothing was written")
                }
            } else if original.entry(entry.key)?.signature != entry.signature {
                throw EditRefusal(key: entry.key, "the edit would change “\(entry.key)” too, so nothing was written")
            }
        }
        guard reread.body.isExactly(body) else {
            throw EditRefusal("the edited file's text would not read back as typed, so nothing was written")
        }
    }

    private static func describe(_ value: EditValue?) -> String {
        switch value {
        case .text(let text)?: "“\(text)”"
        case .list(let items)?: "the list " + items.map { "“\($0)”" }.joined(separator: ", ")
        case nil: "something other than a text or a list"
        }
    }
}
