/// A value of an old-style (OpenStep) property list, the format of Xcode's `project.pbxproj`.
indirect enum PropertyListValue: Sendable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [PropertyListValue] {
        if case .array(let values) = self { return values }
        return []
    }

    var dictionary: [String: PropertyListValue] {
        if case .dictionary(let values) = self { return values }
        return [:]
    }

    subscript(key: String) -> PropertyListValue? { dictionary[key] }
}

/// Parses old-style property lists: `{ key = value; }`, `( a, b )`, quoted and bare strings, comments.
struct PropertyListParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The top-level value, or nil when the text is not a property list.
    static func parse(_ text: String) -> PropertyListValue? {
        var parser = PropertyListParser(text)
        return parser.value()
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 2
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else {
                return
            }
        }
    }

    private mutating func value() -> PropertyListValue? {
        skipSpaceAndComments()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var entries: [String: PropertyListValue] = [:]
            while true {
                skipSpaceAndComments()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .dictionary(entries)
                }
                guard case .string(let key)? = value() else { return nil }
                skipSpaceAndComments()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
                index += 1
                guard let entry = value() else { return nil }
                entries[key] = entry
                skipSpaceAndComments()
                if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            }
        case UInt8(ascii: "("):
            index += 1
            var items: [PropertyListValue] = []
            while true {
                skipSpaceAndComments()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    return .array(items)
                }
                guard let item = value() else { return nil }
                items.append(item)
                skipSpaceAndComments()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        case UInt8(ascii: "\""):
            index += 1
            var text: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    switch bytes[index] {
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "t"): text.append(0x09)
                    default: text.append(bytes[index])
                    }
                } else {
                    text.append(bytes[index])
                }
                index += 1
            }
            index += 1
            return .string(String(decoding: text, as: UTF8.self))
        default:
            let start = index
            while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            return .string(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }

    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "_$/:.-+<>".utf8.contains(byte)
        }
    }
}
