import Diagnostics
import Load

/// Builds a `YAMLNode` tree from parse events with an explicit stack (no recursion), and
/// reports what libyaml lets through: duplicate keys, keys that are not scalars, anchors
/// and aliases, non-standard tags, nesting deeper than `maxDepth`, several documents.
/// It keeps going after a problem so that one run reports them all.
package struct YAMLTreeBuilder {
    package static let maxDepth = 64
    /// Names the YAML's role in messages, e.g. "front matter".
    package let context: String
    package private(set) var root: YAMLNode?
    package private(set) var diagnostics: [Diagnostic] = []
    private var stack: [Frame] = []
    private var documents = 0

    package init(context: String) { self.context = context }

    /// What a node becomes when it stands in key position.
    private enum Key {
        case text(String, SourceLocation)
        /// Already reported (an alias); the value that follows is dropped silently.
        case invalid
    }

    /// An open collection. Changed in place on the stack (never copied out and back), so that
    /// adding an item costs the same however many the collection already holds.
    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var items: [YAMLNode] = []
        var entries: [YAMLEntry] = []
        /// In a mapping: the key read, waiting for its value.
        var pendingKey: Key?
        var firstSeen: [String: SourceLocation] = [:]
    }

    private static let coreTagPrefix = "tag:yaml.org,2002:"

    /// Takes the next event; returns false when parsing must stop (the error is recorded).
    package mutating func handle(_ event: YAMLEvent) -> Bool {
        let location = event.location
        if event.anchor != nil { report("anchors and aliases are not supported in \(context)", at: location) }
        switch event.kind {
        case .documentStart:
            documents += 1
            if documents > 1 {
                report("\(context) must hold a single YAML document", at: location)
                return false
            }
        case .documentEnd:
            break
        case .alias:
            report("anchors and aliases are not supported in \(context)", at: location)
            add(YAMLNode(value: .null, location: location), asKey: .invalid)
        case .scalar(let text, let plain):
            let value = scalarValue(text, plain: plain, tag: event.tag, at: location)
            let written: String? = switch value {
            case .bool, .int, .double: text
            default: nil
            }
            add(YAMLNode(value: value, location: location, written: written), asKey: .text(text, location))
        case .sequenceStart, .mappingStart:
            let isMapping = if case .mappingStart = event.kind { true } else { false }
            if let tag = event.tag, tag != "!", tag != Self.coreTagPrefix + (isMapping ? "map" : "seq") {
                reportUnsupported(tag: tag, at: location)
            }
            guard stack.count < Self.maxDepth else {
                report("\(context) is nested more than \(Self.maxDepth) levels deep", at: location)
                return false
            }
            stack.append(Frame(isMapping: isMapping, location: location))
        case .sequenceEnd, .mappingEnd:
            guard let frame = stack.popLast() else { break }
            let value: YAMLValue = frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items)
            add(YAMLNode(value: value, location: frame.location), asKey: nil)
        }
        return true
    }

    /// Puts a finished node into the innermost open collection (or makes it the root).
    /// In a mapping, nodes alternate key, value; `asKey` is the node's key form, nil when
    /// the node is a collection and so cannot be a key.
    private mutating func add(_ node: YAMLNode, asKey: Key?) {
        guard let top = stack.indices.last else {
            if root == nil { root = node }
            return
        }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        switch stack[top].pendingKey {
        case nil:
            if asKey == nil { report("mapping keys must be plain text, not lists or mappings", at: node.location) }
            stack[top].pendingKey = asKey ?? .invalid
        case .invalid?:
            // The value of an unusable key is dropped.
            stack[top].pendingKey = nil
        case .text(let key, let keyLocation)?:
            stack[top].pendingKey = nil
            if let first = stack[top].firstSeen[key] {
                report("duplicate key '\(key)' (first defined on line \(first.line))", at: keyLocation)
            } else {
                stack[top].firstSeen[key] = keyLocation
                stack[top].entries.append(YAMLEntry(key: key, keyLocation: keyLocation, value: node))
            }
        }
    }

    /// A scalar's value: plain scalars by the core schema, quoted ones as strings, and an
    /// explicit standard tag (`!!str`, `!!int`, ...) checked against the text.
    private mutating func scalarValue(_ text: String, plain: Bool, tag: String?, at location: SourceLocation) -> YAMLValue {
        guard let tag, tag != "!" else { return plain ? .resolvingPlain(text) : .string(text) }
        let resolved = YAMLValue.resolvingPlain(text)
        switch (tag.dropFirst(Self.coreTagPrefix.count), resolved) {
        case _ where !tag.hasPrefix(Self.coreTagPrefix):
            reportUnsupported(tag: tag, at: location)
        case ("str", _):
            return .string(text)
        case ("null", .null), ("bool", .bool), ("int", .int), ("float", .double):
            return resolved
        case ("float", .int(let int)):
            return .double(Double(int))
        case ("null", _), ("bool", _), ("int", _), ("float", _):
            report("'\(text)' is not a valid \(displayName(tag))", at: location)
        default:
            reportUnsupported(tag: tag, at: location)
        }
        return .string(text)
    }

    private func displayName(_ tag: String) -> String {
        tag.hasPrefix(Self.coreTagPrefix) ? "!!" + tag.dropFirst(Self.coreTagPrefix.count) : tag
    }

    private mutating func reportUnsupported(tag: String, at location: SourceLocation) {
        report("unsupported tag '\(displayName(tag))' (only standard tags such as !!str are allowed)", at: location)
    }

    private mutating func report(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(message, at: location))
    }
}
