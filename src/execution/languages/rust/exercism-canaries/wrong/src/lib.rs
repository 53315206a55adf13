pub fn value() -> i32 {
    1
}
