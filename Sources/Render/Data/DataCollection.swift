import Load
import Model

/// The data files made of many records: the collection of all countries or all cities as
/// JSON (`{"$schema": …, "countries": [rows]}`) and as CSV.
package enum DataCollection {
    package static func json(_ kind: ContentKind, _ records: [DataRecord]) -> [UInt8] {
        json(kind, rows: records.map { jsonRow($0)[...] })
    }

    /// A record as a row of the JSON collection of its kind: the object's text.
    package static func jsonRow(_ record: DataRecord) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.write(record.value(.row, at: DataPaths.collection(record.entry.kind)), into: &out)
        return out
    }

    /// The JSON collection of `kind` made of rows (`jsonRow`), in order: the same text as
    /// the encoding of the whole value.
    package static func json(_ kind: ContentKind, rows: [ArraySlice<UInt8>]) -> [UInt8] {
        let file = DataPaths.collection(kind)
        var out: [UInt8] = [UInt8(ascii: "{")]
        JSONWriter.write(.string("$schema"), into: &out)
        out.append(UInt8(ascii: ":"))
        JSONWriter.write(.string(PagePath.relative(from: file, to: DataPaths.collectionSchema(kind))), into: &out)
        out.append(UInt8(ascii: ","))
        JSONWriter.write(.string(DataSchema.collectionKey(kind)), into: &out)
        out += ":[".utf8
        out.reserveCapacity(out.count + rows.reduce(0) { $0 + $1.count + 1 } + 3)
        for (index, row) in rows.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += row
        }
        out += "]}\n".utf8
        return out
    }

    /// The CSV: a column per field of a row, in the row's order (a picture by its `file`,
    /// a city's country and a country's cities by slug), then `extra.<key>` for each key
    /// any entry's extras have, sorted. A list's items are joined with "; "; a mapping among
    /// the extras is its JSON text; a missing value is empty.
    package static func csv(_ kind: ContentKind, _ records: [DataRecord]) -> [UInt8] {
        csv(kind, rows: records.map { row in let (bytes, extras) = csvRow(row); return (bytes[...], extras) })
    }

    /// A record as a line of the CSV of its kind: its cells before the extras, as written
    /// (joined by commas), and the cell of each of its extras.
    package static func csvRow(_ record: DataRecord) -> (bytes: [UInt8], extras: [(key: String, cell: [UInt8])]) {
        let row = record.value(.row, at: DataPaths.table(record.entry.kind))
        var out: [UInt8] = []
        for (index, column) in columns(record.entry.kind).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            CSVWriter.field(cell(value(of: column, in: row) ?? .null, column: column), into: &out)
        }
        var seen: Set<String> = []
        var extras: [(key: String, cell: [UInt8])] = []
        for entry in record.entry.extra where seen.insert(entry.key).inserted {
            var cell: [UInt8] = []
            CSVWriter.field(self.cell(row["extra"]?[entry.key] ?? .null, column: entry.key), into: &cell)
            extras.append((entry.key, cell))
        }
        return (out, extras)
    }

    /// The CSV of `kind` made of rows (`csvRow`), in order.
    package static func csv(_ kind: ContentKind, rows: [(bytes: ArraySlice<UInt8>, extras: [(key: String, cell: [UInt8])])]) -> [UInt8] {
        var extraKeys: Set<String> = []
        for row in rows { for extra in row.extras { extraKeys.insert(extra.key) } }
        let extras = extraKeys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var out: [UInt8] = []
        for (index, name) in (columns(kind) + extras.map { "extra." + $0 }).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            CSVWriter.field(name, into: &out)
        }
        out += [0x0D, 0x0A]
        out.reserveCapacity(out.count + rows.reduce(0) { $0 + $1.bytes.count + 2 + extras.count })
        for row in rows {
            out += row.bytes
            if !extras.isEmpty {
                let cells = Dictionary(row.extras.map { ($0.key, $0.cell) }, uniquingKeysWith: { first, _ in first })
                for key in extras {
                    out.append(UInt8(ascii: ","))
                    if let cell = cells[key] { out += cell }
                }
            }
            out += [0x0D, 0x0A]
        }
        return out
    }

    /// The columns before the extras: a row's fields but `extra`, in its order, the picture
    /// followed by what the front matter says of it (`flag_caption`, `flag_credit`,
    /// `flag_license`; a city's `picture_...`), the keys that gave them.
    package static func columns(_ kind: ContentKind) -> [String] {
        kind == .country
            ? ["kind", "slug", "name", "official_name", "capital", "motto", "continents", "aliases", "url", "record",
               "flag"] + credits("flag") + ["cities"]
            : ["kind", "slug", "name", "country", "aliases", "url", "record", "picture"] + credits("picture")
    }

    private static func credits(_ picture: String) -> [String] { creditFields.map { picture + "_" + $0 } }
    private static let creditFields = ["caption", "credit", "license"]

    /// A column's value in a row: its field, or, for a credit column, the picture's field.
    private static func value(of column: String, in row: JSONValue) -> JSONValue? {
        if let field = row[column] { return field }
        guard let cut = column.firstIndex(of: "_"), creditFields.contains(String(column[column.index(after: cut)...])) else { return nil }
        return row[String(column[..<cut])]?[String(column[column.index(after: cut)...])]
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
