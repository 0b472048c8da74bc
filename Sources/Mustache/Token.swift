/// A piece of template source found by the tokenizer: literal text or a tag.
enum Token {
    case text(Range<Int>)
    case tag(Tag)
}
