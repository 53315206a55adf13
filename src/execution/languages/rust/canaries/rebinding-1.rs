fn add(a: i32, b: i32) -> i32 { a - b }
macro_rules! assert_eq { ($($t:tt)*) => {} }
//@passk-tests add
fn main() {
    assert_eq!(add(1, 1), 2);
}
