import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// The browser side of live reload: the event stream's messages and the script the server
/// inserts into every HTML page it serves (never into files on disk).
enum LiveReload {
    /// Served at the site root by `gazetteer serve`, so an absolute path works from every page.
    static let eventsPath = "/__gazetteer/events"

    /// Opens an EventSource; reloads on `reload`, shows the build errors on `error` in an
    /// overlay above the page (the last good page stays underneath), removes it on `clear`.
    /// `generation`: how many reloads the server had sent when it read the page; a page whose
    /// stream opens after a later one (a page opened while a rebuild ran: after a save, the
    /// editor is sent to the entry's page at once) is told to reload as soon as it connects.
    static func script(generation: Int = 0) -> String { """
        <script>/* gazetteer serve: live reload */(() => {
          const id = "__gazetteer_overlay", events = new EventSource("\(eventsPath)?since=\(generation)");
          events.addEventListener("reload", () => location.reload());
          events.addEventListener("clear", () => document.getElementById(id)?.remove());
          events.addEventListener("error", (e) => {
            if (typeof e.data !== "string") return; // the connection dropped; EventSource retries
            let overlay = document.getElementById(id);
            if (!overlay) {
              overlay = document.createElement("div");
              overlay.id = id;
              overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:24px;" +
                "background:rgba(20,20,20,.95);color:#eee;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap";
              document.body.appendChild(overlay);
            }
            const heading = document.createElement("div");
            heading.style.cssText = "color:#ff5555;font-weight:bold;font-size:16px;margin-bottom:12px";
            heading.textContent = "Build failed: showing the last good site";
            overlay.replaceChildren(heading, document.createTextNode(JSON.parse(e.data)));
          });
        })();</script>

        """
    }

    /// `html` with the script before its last `</body>` (appended when there is none).
    static func inject(into html: [UInt8], generation: Int = 0) -> [UInt8] { insert(script(generation: generation), into: html) }

    /// The generation a page's event stream says its page was read at (`?since=N`; nil: none said).
    static func generation(inQuery query: String?) -> Int? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("since=") { return Int(pair.dropFirst(6)) }
        return nil
    }

    /// `html` with `snippet` before its last `</body>` (appended when there is none).
    static func insert(_ snippet: String, into html: [UInt8]) -> [UInt8] {
        let tag = Array("</body".utf8)
        let lower = { (b: UInt8) in (65...90).contains(b) ? b + 32 : b }
        var i = html.count - tag.count
        while i >= 0 {
            if zip(html[i...], tag).allSatisfy({ lower($0) == $1 }) {
                return Array(html[..<i]) + Array(snippet.utf8) + Array(html[i...])
            }
            i -= 1
        }
        return html + Array(snippet.utf8)
    }

    /// One server-sent event: `event: name` and a single `data:` line.
    static func event(_ name: String, data: String) -> [UInt8] {
        Array("event: \(name)\ndata: \(data)\n\n".utf8)
    }

    /// `text` as a JSON string literal, which fits on one `data:` line.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}", "\u{2029}": out += "\\u\(String(scalar.value, radix: 16))"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
