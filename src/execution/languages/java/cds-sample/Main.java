// A program that makes javac load what typical test programs need (generics, lambdas, streams):
// compiled once on the host to dump javac's class-data archive (java.ts). No placeholders.

import java.util.*;
import java.util.stream.*;
class Solution {
    public List<Integer> f(List<String> xs, Map<String, Integer> m) {
        return xs.stream().map(x -> m.getOrDefault(x, x.length())).filter(n -> n > 1).sorted().collect(Collectors.toList());
    }
}
public class Main {
    public static void main(String[] args) {
        Solution s = new Solution();
        List<Boolean> correct = Arrays.asList(s.f(Arrays.asList("a", "bb"), new HashMap<>()).equals(List.of(2)));
        if (correct.contains(false)) { throw new AssertionError(); }
        StringBuilder b = new StringBuilder(); for (int i = 0; i < 3; i++) b.append(String.format("%d", i));
    }
}
