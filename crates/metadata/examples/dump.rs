//! Prints the model of each assembly given on the command line (`cargo run -p metadata --example
//! dump -- some.dll`), to inspect real DLLs.

fn main() {
    for path in std::env::args().skip(1) {
        match metadata::read_file(path.as_ref()) {
            Ok(asm) => print!("{}", metadata::dump::dump(&asm)),
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
}
