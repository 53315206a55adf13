// The `rand` crate passk builds for HumanEval-X's Rust programs (rust-crates.ts): rand 0.4's
// interface, which the tests call, over Debian's rand 0.8 (a dependency named `rand08`).
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// No placeholders.

//! rand 0.4's interface (HumanEval-X's tests call it) over rand 0.8.
pub use rand08::{random, thread_rng, CryptoRng, Error, RngCore, SeedableRng};
pub use rand08::{distributions, rngs, seq};
pub use rand08::rngs::{StdRng, ThreadRng};
use rand08::distributions::{uniform::SampleUniform, Distribution, Standard};

pub trait Rng: RngCore {
    fn gen<T>(&mut self) -> T where Standard: Distribution<T> { rand08::Rng::gen(self) }
    /// rand 0.4: a value in [low, high); panics when low >= high.
    fn gen_range<T: SampleUniform + PartialOrd>(&mut self, low: T, high: T) -> T {
        rand08::Rng::gen_range(self, low..high)
    }
    fn gen_bool(&mut self, p: f64) -> bool { rand08::Rng::gen_bool(self, p) }
    fn gen_weighted_bool(&mut self, n: u32) -> bool { n <= 1 || rand08::Rng::gen_range(self, 0..n) == 0 }
    fn shuffle<T>(&mut self, values: &mut [T]) { rand08::seq::SliceRandom::shuffle(values, self) }
    fn choose<'a, T>(&mut self, values: &'a [T]) -> Option<&'a T> {
        rand08::seq::SliceRandom::choose(values, self)
    }
}
impl<R: RngCore + ?Sized> Rng for R {}
