import Foundation

extension MustacheValue {
    /// A value from what `JSONSerialization.jsonObject(with:)` returns (dictionaries, arrays,
    /// strings, numbers, booleans, `NSNull`), or from the same built of Swift values.
    /// JSON booleans stay booleans and whole numbers stay integers.
    public init(json: Any) {
        switch json {
        case let value as MustacheValue:
            self = value
        case let object as any MustacheObject:
            self = .dynamic(object)
        case let bool as Bool where type(of: json) == Bool.self:
            self = .bool(bool)
        case let int as Int where type(of: json) == Int.self:
            self = .int(int)
        case let double as Double where type(of: json) == Double.self:
            self = .double(double)
        case let string as String:
            self = .string(string)
        case is NSNull:
            self = .null
        case let number as NSNumber:
            self = MustacheValue(number: number)
        case let array as [Any]:
            self = .array(array.map(MustacheValue.init(json:)))
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues(MustacheValue.init(json:)))
        default:
            self = .string(String(describing: json))
        }
    }

    private init(number: NSNumber) {
        // JSON booleans are NSNumbers of their own class; compare classes, since a boolean
        // NSNumber also casts to Int and an integer one to Bool.
        if type(of: number) == type(of: NSNumber(value: true)) {
            self = .bool(number.boolValue)
            return
        }
        switch String(cString: number.objCType) {
        case "f", "d":
            self = .double(number.doubleValue)
        case "Q" where number.uint64Value > UInt64(Int.max):
            self = .double(number.doubleValue)
        default:
            self = .int(number.intValue)
        }
    }
}
