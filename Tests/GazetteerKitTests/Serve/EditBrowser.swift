import Foundation
import XCTest
@testable import GazetteerKit

/// A guide served by a real `gazetteer serve --edit` on a free port, and one headless
/// Chromium tab signed in to edit it, acting as an editor does: by the words on the controls
/// (labels, button names), never by the script's inner names.
final class EditBrowser {
    let site: FixtureSite
    let session: ServeSession
    let port: Int
    let page: ChromiumPage

    /// Starts the server over `FixtureSite.good` with `extra` files, opens the login address
    /// (which sets the session's cookie) and then `path`. (Its tests call `requireChromium()`
    /// in their setUp, so that they skip before anything starts.)
    init(_ extra: [String: String] = [:], open path: String = "/", width: Int = 1280) throws {
        site = try FixtureSite(FixtureSite.good.merging(extra) { $1 })
        session = ServeSession(options: BuildOptions(source: site.root), port: 0,
                               output: TextOutput(print: { _ in }, error: { _ in }), edit: true)
        port = try session.start()
        page = try ChromiumPage(width: width)
        let login = try XCTUnwrap(session.editLoginURL, "serve --edit gives a login address")
        try page.open(login, ready: "document.querySelector('.gz-bar')")
        try open(path)
    }

    deinit {
        session.stop()
        site.delete()
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// Opens a page of the site and waits for the edit controls.
    func open(_ path: String) throws {
        try page.open(base + path, ready: "document.querySelector('.gz-bar')")
        try waitUntil("true")
    }

    /// Runs `script` with the helpers below defined (as `t`).
    @discardableResult
    func run(_ script: String) throws -> Any? { try page.run(Self.helpers + script) }

    func waitUntil(_ condition: String, timeout: Double = 30) throws {
        try page.waitUntil("(() => { \(Self.helpers) return \(condition); })()", timeout: timeout)
    }

    /// Clicks the one visible button of that accessible name.
    func click(_ name: String) throws { try run("t.button(\(Self.quote(name))).click()") }

    /// Types `text` into the control labelled `label` (replacing what it held).
    func type(_ label: String, _ text: String) throws { try run("t.type(\(Self.quote(label)), \(Self.quote(text)))") }

    /// The value of the control labelled `label`.
    func value(_ label: String) throws -> String { try run("t.control(\(Self.quote(label))).value") as? String ?? "" }

    /// Chooses the option shown as `text` in the select labelled `label`.
    func select(_ label: String, _ text: String) throws { try run("t.select(\(Self.quote(label)), \(Self.quote(text)))") }

    /// What the edit bar last said (its live region).
    func status() throws -> String { try run("document.querySelector('.gz-bar [role=status]').textContent") as? String ?? "" }

    /// Marks the current document, to wait for the page to have reloaded since.
    func markPage() throws { try page.run("window.__beforeReload = true") }

    /// Waits for the page to have reloaded since `markPage()` and for `condition`.
    func waitForReload(then condition: String = "true", timeout: Double = 30) throws {
        try waitUntil("!window.__beforeReload && document.querySelector('.gz-bar') !== null && (\(condition))", timeout: timeout)
    }

    /// The text of a file of the guide (`content/...`), nil when there is none.
    func file(_ path: String) -> String? {
        (try? Data(contentsOf: site.root.appending(path: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Waits until the guide's file at `path` satisfies `condition`.
    func waitForFile(_ path: String, timeout: Double = 20, _ condition: (String?) -> Bool) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let text = file(path)
            if condition(text) { return text }
            usleep(50_000)
        }
        throw ChromiumPage.PageError("\(path) never became as expected; it is: \(file(path) ?? "absent")")
    }

    static func quote(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// Finding controls the way a person (or a screen reader) names them.
    static let helpers = """
        var t = window.__editTest || (window.__editTest = (() => {
          const text = (e) => e ? e.textContent.replace(/\\s+/g, ' ').trim() : '';
          const name = (e) => {
            if (e.getAttribute('aria-label')) return e.getAttribute('aria-label').trim();
            const by = e.getAttribute('aria-labelledby');
            if (by) return by.split(/\\s+/).map((id) => text(document.getElementById(id))).join(' ').trim();
            if (e.labels && e.labels.length) return text(e.labels[0]);
            return text(e);
          };
          const shown = (e) => e.getClientRects().length > 0;
          const one = (list, what) => {
            if (list.length !== 1) throw new Error(list.length + ' ' + what);
            return list[0];
          };
          const t = {
            name, shown,
            button: (label) => one([...document.querySelectorAll('button')].filter((b) => shown(b) && name(b) === label), 'buttons named ' + label),
            buttons: (label) => [...document.querySelectorAll('button')].filter((b) => shown(b) && name(b) === label),
            control: (label) => {
              const byLabel = [...document.querySelectorAll('label')].filter((l) => shown(l) && text(l) === label && l.control).map((l) => l.control);
              const byName = [...document.querySelectorAll('[aria-labelledby]')].filter((e) => shown(e) &&
                text(document.getElementById(e.getAttribute('aria-labelledby').split(/\\s+/)[0])) === label);
              const byLegend = [...document.querySelectorAll('fieldset')].filter((f) => shown(f) && text(f.querySelector('legend')) === label);
              return one([...new Set([...byLabel, ...byName, ...byLegend])], 'controls labelled ' + label);
            },
            has: (label) => { try { t.control(label); return true; } catch (e) { return false; } },
            type: (label, value) => {
              const c = t.control(label);
              c.focus();
              c.value = value;
              c.dispatchEvent(new Event('input', { bubbles: true }));
              c.dispatchEvent(new Event('change', { bubbles: true }));
            },
            select: (label, shownText) => {
              const c = t.control(label);
              const option = one([...c.options].filter((o) => o.textContent === shownText), 'options ' + shownText);
              c.value = option.value;
              c.dispatchEvent(new Event('change', { bubbles: true }));
            },
            describedBy: (e) => (e.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean).map((id) => text(document.getElementById(id))).join(' | ')
          };
          return t;
        })());

        """
}
