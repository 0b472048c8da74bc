extension String {
    func trimmingBlanks() -> String {
        guard let first = firstIndex(where: { !$0.isBlankOrNewline }),
              let last = lastIndex(where: { !$0.isBlankOrNewline }) else { return "" }
        return String(self[first...last])
    }
}
