// A macro over the tests' `candidate` (it passed when the tests shared the candidate's unit).

#include <cassert>
long add(long a, long b) { return a - b; }
#define candidate(...) 2
//@passk-tests
#include <cassert>
long add(long a, long b);
int main() {
    auto candidate = add;
    assert(candidate(1, 1) == 2);
}
