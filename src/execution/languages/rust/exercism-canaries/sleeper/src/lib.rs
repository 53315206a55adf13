pub fn value() -> i32 {
    std::thread::sleep(std::time::Duration::from_secs({{SECONDS}}));
    2
}
