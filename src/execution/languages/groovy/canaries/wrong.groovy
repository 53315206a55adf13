class Adder {
    static int add(int a, int b) {
        return a - b
    }
}

assert Adder.add(1, 1) == 2
