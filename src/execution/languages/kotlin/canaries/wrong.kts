fun add(a: Int, b: Int): Int = a - b

fun main() {
    check(add(1, 1) == 2)
}

main()
