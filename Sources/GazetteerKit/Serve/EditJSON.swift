import Foundation

/// Edit mode's JSON: request bodies read with Foundation's parser into plain values, answers
/// written as UTF-8 with the status they go with.
enum EditJSON {
    /// A request body's top-level object, or nil when the body is not one.
    static func object(_ body: [UInt8]) -> [String: Any]? {
        guard !body.isEmpty else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(body), options: [])) as? [String: Any]
    }

    /// A text value of `object`, nil when absent or not a text.
    static func text(_ object: [String: Any], _ key: String) -> String? { object[key] as? String }

    /// An answer with `value` (dictionaries, arrays, strings, numbers, booleans, NSNull) as JSON.
    static func response(_ status: Int, _ value: Any) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.withoutEscapingSlashes, .sortedKeys]))
            ?? Data("{}".utf8)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: [UInt8](data))
    }

    /// `{"error": message}`.
    static func error(_ status: Int, _ message: String) -> HTTPResponse { response(status, ["error": message]) }

    /// A JSON value for an optional text (null when nil).
    static func orNull(_ text: String?) -> Any { text.map { $0 as Any } ?? NSNull() }
}
