pub fn value() -> i32 {
    std::process::exit(0)
}
