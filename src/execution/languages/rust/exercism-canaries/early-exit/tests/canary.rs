#[test]
fn value_is_two() {
    assert_eq!(canary::value(), 2);
}
