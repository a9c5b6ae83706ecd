/// A call that leaves out defaulted arguments awaits the async variant only where that means what the
/// call meant: the variant defaults each alike, and no other declaration takes the same arguments.
extension CallConverter {
    /// Why a call passing arguments with `labels` (its handlers left out) cannot await `variant`, the async
    /// variant of the callback API `function`, or nil when it can: the labels are the variant's, less some
    /// it gives a default. Each left out must default to the same value in `function` (matched by its
    /// label, so not an unlabeled one; not `#line` and the like, which the call's own site fills in), and
    /// no other declaration of the name in the type may take the same arguments (Swift could choose it).
    static func argumentRefusal(
        _ labels: [String], function: FunctionRecord, variant: FunctionRecord, codebase: Codebase
    ) -> String? {
        if labels == variant.parameters.map(\.label) { return nil }
        guard let omitted = omittedParameters(labels, of: variant) else {
            return argumentMismatch(labels, function: function, variant: variant)
        }
        for parameter in omitted {
            let value = parameter.defaultValue ?? ""
            let mine = function.parameters.filter { $0.label == parameter.label }
            guard parameter.label != "_", mine.count == 1,
                variant.parameters.filter({ $0.label == parameter.label }).count == 1
            else {
                return "it leaves out an unlabeled argument of `\(variant.fullName)`, which the tool cannot match to "
                    + "`\(function.fullName)`'s: pass it explicitly first"
            }
            if value.hasPrefix("#") {
                return "it leaves out `\(parameter.label):`, whose default `\(value)` the call's own line fills in: "
                    + "awaited from elsewhere it would change; pass it explicitly first"
            }
            let old = mine[0].defaultValue ?? "nothing"
            if !Self.sameDefault(old, value) {
                return "it leaves out `\(parameter.label):`, which `\(function.fullName)` defaults to `\(old)` and "
                    + "its async variant `\(variant.fullName)` to `\(value)`: pass it explicitly first"
            }
        }
        // An async one, static or not as the variant is (in async code a synchronous one loses to it).
        let rival = codebase.functions(named: variant.name).map(codebase.function).first { other in
            other != variant && other != function && other.context.typePath == variant.context.typePath
                && other.isAsync && other.isStatic == variant.isStatic && omittedParameters(labels, of: other) != nil
        }
        if let rival {
            return "it leaves out defaulted arguments, and `\(rival.fullName)` takes the ones it passes: awaited, "
                + "the call could reach it rather than `\(variant.fullName)`; pass them explicitly first"
        }
        return nil
    }

    /// The parameters of `function` a call passing arguments with `labels` leaves out, in order, when each
    /// has a default; nil when the labels do not fit.
    static func omittedParameters(_ labels: [String], of function: FunctionRecord) -> [ParameterRecord]? {
        var remaining = labels[...]
        var omitted: [ParameterRecord] = []
        for parameter in function.parameters {
            if remaining.first == parameter.label {
                remaining = remaining.dropFirst()
                continue
            }
            guard parameter.defaultValue != nil else { return nil }
            omitted.append(parameter)
        }
        return remaining.isEmpty ? omitted : nil
    }

    /// Two defaults written alike: the same text, or the same but for spaces (`[]`, `[ ]`) when neither
    /// holds a string literal.
    static func sameDefault(_ one: String, _ other: String) -> Bool {
        if one == other { return true }
        guard !one.contains("\""), !other.contains("\"") else { return false }
        return one.filter { !$0.isWhitespace } == other.filter { !$0.isWhitespace }
    }
}
