use crate::parsing::parse_without_preprocessing;

#[test]
fn smoke() {
    let parse = parse_without_preprocessing("class Foo { int Bar() => 1; }");
    println!("{}", parse.debug_dump());
}
