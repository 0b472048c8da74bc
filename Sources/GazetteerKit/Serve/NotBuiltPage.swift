/// What `serve` shows for every page of a guide that has never built: the errors that stop
/// it, located, on a page that reloads by itself once they are fixed (the reload script is
/// injected like into any page).
enum NotBuiltPage {
    static func html(errors: String) -> [UInt8] {
        let count = errors.split(separator: "\n").filter { !$0.isEmpty }.count
        let page = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>The guide does not build yet</title>
            <style>
            body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 24px; background: #f2f2f7; color: #1c1c1e; }
            main { max-width: 900px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 20px 24px; }
            pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff4f2; color: #8a1c0a;
                  border-left: 4px solid #d93c1f; padding: 12px 16px; font: 14px/1.5 ui-monospace, monospace; }
            </style></head>
            <body><main>
            <h1>The guide does not build yet</h1>
            <p>\(count == 1 ? "One problem stops" : "\(count) problems stop") the first build. Fix \(count == 1 ? "it" : "them") and save: this page reloads by itself.</p>
            <pre>\(escaped(errors))</pre>
            </main></body></html>
            """
        return Array(page.utf8)
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
