import SwiftSyntax

extension FunctionRecord {
    /// A record of a function or initializer declared in `context`, from its syntax.
    init(
        name: String, parameters: FunctionParameterListSyntax, effects: FunctionEffectSpecifiersSyntax?,
        returnType: TypeSyntax?, modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax,
        generics: GenericParameterClauseSyntax?, whereClause: GenericWhereClauseSyntax?, context: DeclarationContext,
        line: Int, column: Int = 0
    ) {
        let declared = DeclarationModifiers(modifiers)
        let attributeTexts = attributes.compactMap { $0.as(AttributeSyntax.self)?.trimmedDescription }
        let returned = returnType.map(TypeRef.init)
        self.init(
            name: name,
            parameters: parameters.enumerated().map { index, parameter in ParameterRecord(parameter, index: index) },
            returnType: returned?.isVoid == true ? nil : returned,
            isAsync: effects?.asyncSpecifier != nil,
            throwsClause: effects?.throwsClause?.trimmedDescription,
            isStatic: declared.isStatic, accessLevel: declared.accessLevel, attributes: attributeTexts,
            genericParameterClause: generics?.trimmedDescription,
            genericParameterNames: generics?.parameters.map(\.name.text) ?? [],
            genericWhereClause: whereClause?.trimmedDescription,
            renamedTo: attributeTexts.lazy.compactMap(Self.renamedTarget).first,
            otherModifiers: declared.others, context: context, line: line, column: column)
    }

    /// `"fetch(id:)"` from `@available(*, renamed: "fetch(id:)")`.
    private static func renamedTarget(_ attribute: String) -> String? {
        guard attribute.hasPrefix("@available"), let range = attribute.range(of: "renamed:") else { return nil }
        let rest = attribute[range.upperBound...].drop { $0 == " " }
        guard rest.first == "\"" else { return nil }
        return String(rest.dropFirst().prefix { $0 != "\"" })
    }
}

/// `public`, `static`, `nonisolated` … split out of a modifier list.
struct DeclarationModifiers {
    var accessLevel: String?
    var isStatic = false
    var others: [String] = []

    init(_ modifiers: DeclModifierListSyntax) {
        for modifier in modifiers {
            let name = modifier.name.text
            switch name {
            case "public", "private", "fileprivate", "internal", "open", "package":
                if modifier.detail == nil { accessLevel = name }  // `private(set)` is about the setter
            case "static", "class": isStatic = true
            default: others.append(modifier.trimmedDescription)
            }
        }
    }
}

extension ParameterRecord {
    init(_ parameter: FunctionParameterSyntax, index: Int) {
        let label = parameter.firstName.text
        var name = parameter.secondName?.text ?? label
        if name == "_" { name = "argument\(index)" }
        var specifier: String?
        var escaping = false
        if let attributed = parameter.type.as(AttributedTypeSyntax.self) {
            let specifiers = attributed.specifiers.trimmedDescription
            if !specifiers.isEmpty { specifier = specifiers }
            for attribute in attributed.attributes {
                switch attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription {
                case "escaping": escaping = true
                case "autoclosure": specifier = "@autoclosure"
                default: break
                }
            }
        }
        let type = TypeRef(parameter.type)
        if case .optional = type { escaping = true }  // optional closures always escape
        self.init(
            label: label, name: name, type: type, typeSource: parameter.type.trimmedDescription,
            defaultValue: parameter.defaultValue?.value.trimmedDescription, isEscaping: escaping,
            isVariadic: parameter.ellipsis != nil, specifier: specifier)
    }
}
