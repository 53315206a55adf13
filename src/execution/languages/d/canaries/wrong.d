long add(long a, long b) { return a - b; }
unittest
{
    assert(add(1, 1) == 2);
}
void main(){}
