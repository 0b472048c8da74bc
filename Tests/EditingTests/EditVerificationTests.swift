import Testing
@testable import Editing

/// The check made before anything is written: a result that does not read back as intended
/// is refused, whichever way it is wrong.
@Suite struct EditVerificationTests {
    let original = "---\nname: France\ncapital: Paris\n---\nBody\n"

    func check(_ result: String, _ edit: EntryEdit, changed: Set<String>, body: String = "Body\n") -> EditRefusal? {
        do {
            let file = try LocatedFrontMatter(Array(original.utf8), path: "content/countries/france.md")
            try EditVerification.check(Array(result.utf8), original: file, edit: edit, changed: changed, body: body)
            return nil
        } catch {
            return error
        }
    }

    let lyon = EntryEdit(fields: [FieldEdit(key: "capital", value: .text("Lyon"))])

    @Test func acceptsTheIntendedResult() {
        #expect(check("---\nname: France\ncapital: Lyon\n---\nBody\n", lyon, changed: ["capital"]) == nil)
    }

    @Test func refusesAValueThatReadsOtherwise() {
        #expect(check("---\nname: France\ncapital: Lyons\n---\nBody\n", lyon, changed: ["capital"])?.key == "capital")
        #expect(check("---\nname: France\ncapital: [Lyon]\n---\nBody\n", lyon, changed: ["capital"])?.message
                == "“capital” would not read back as typed (it would read as the list “Lyon”), so nothing was written")
    }

    @Test func refusesAnotherKeyChanged() {
        #expect(check("---\nname: 'France'\ncapital: Lyon\n---\nBody\n", lyon, changed: ["capital"])?.key == "name")
        #expect(check("---\ncapital: Lyon\nname: France\n---\nBody\n", lyon, changed: ["capital"]) != nil)
        #expect(check("---\nname: France\ncapital: Lyon\nextra: x\n---\nBody\n", lyon, changed: ["capital"]) != nil)
    }

    @Test func refusesABrokenFileOrBody() {
        #expect(check("---\nname: France\ncapital: Lyon: x\n---\nBody\n", lyon, changed: ["capital"]) != nil)
        #expect(check("---\nname: France\ncapital: Lyon\n---\nBody changed\n", lyon, changed: ["capital"]) != nil)
    }
}
