import Load
import Model

/// The data files made of many records: the collection of all countries or all cities as
/// JSON (`{"$schema": …, "countries": [rows]}`) and as CSV.
package enum DataCollection {
    package static func json(_ kind: ContentKind, _ records: [DataRecord]) -> [UInt8] {
        let file = DataPaths.collection(kind)
        return JSONWriter.encode(.object([
            ("$schema", .string(PagePath.relative(from: file, to: DataPaths.collectionSchema(kind)))),
            (DataSchema.collectionKey(kind), .array(records.map { $0.value(.row, at: file) })),
        ]))
    }

    /// The CSV: a column per field of a row, in the row's order (a picture by its `file`,
    /// a city's country and a country's cities by slug), then `extra.<key>` for each key
    /// any entry's extras have, sorted. A list's items are joined with "; "; a mapping among
    /// the extras is its JSON text; a missing value is empty.
    package static func csv(_ kind: ContentKind, _ records: [DataRecord]) -> [UInt8] {
        let file = DataPaths.table(kind)
        let rows = records.map { $0.value(.row, at: file) }
        var extraKeys: Set<String> = []
        for record in records { for entry in record.entry.extra { extraKeys.insert(entry.key) } }
        let extras = extraKeys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let columns = self.columns(kind)
        let table = rows.map { row in
            columns.map { cell(row[$0] ?? .null, column: $0) } + extras.map { key in cell(row["extra"]?[key] ?? .null, column: key) }
        }
        return CSVWriter.encode(header: columns + extras.map { "extra." + $0 }, rows: table)
    }

    /// The columns before the extras: a row's fields but `extra`, in its order.
    package static func columns(_ kind: ContentKind) -> [String] {
        kind == .country
            ? ["kind", "slug", "name", "official_name", "capital", "motto", "continents", "aliases", "url", "record", "flag", "cities"]
            : ["kind", "slug", "name", "country", "aliases", "url", "record", "picture"]
    }

    /// How a value stands in a cell (see `csv`).
    package static func cell(_ value: JSONValue, column: String) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return String(flag)
        case .int(let number): return String(number)
        case .string(let text): return text
        case .array(let items): return items.map { cell($0, column: column) }.joined(separator: "; ")
        case .object:
            if case .string(let slug)? = value["slug"] { return slug }
            if case .bool? = value["placeholder"] { return value["file"].map { cell($0, column: column) } ?? "" }
            fallthrough
        case .double:
            var text = JSONWriter.encode(value)
            text.removeLast()
            return String(decoding: text, as: UTF8.self)
        }
    }
}
