/// One instruction of a compiled template. Plain integers only, so that walking the
/// instructions costs no reference counting; `Compiler` describes the fields of each code.
struct Op {
    enum Code: UInt8 {
        /// Literal text: bytes `a..<b` of the text pool, line starts `c..<d` of the line-start pool.
        case text
        /// `{{name}}`: the name's parts are keys `a..<a+c`, position `b`, name `d`.
        case variable
        /// `{{{name}}}` and `{{&name}}`: as `variable`.
        case unescaped
        /// `{{#name}}`: the name's parts are keys `a..<a+c`, content up to instruction `b`, name `d`.
        case section
        /// `{{^name}}`: as `section`.
        case inverted
        /// `{{>name}}`: reference `a`, indentation `b` (-1 when inline), position `c`.
        case partial
        /// `{{<name}}`: parent `a`; its blocks' content is compiled up to instruction `b`.
        case parent
        /// `{{$name}}` outside a parent: slot `a`, default content up to instruction `b`.
        case slot
    }

    var code: Code
    var a: Int32
    var b: Int32 = 0
    var c: Int32 = 0
    var d: Int32 = 0
}
