fn main() {
    std::thread::sleep(std::time::Duration::from_secs({{SECONDS}}));
}
